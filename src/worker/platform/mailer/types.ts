/** `headers`: extra header lines a message needs (e.g. `List-Unsubscribe` on marketing mail). */
export type MailMessage = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Every mail we send is written by a machine: mail servers and autoresponders must not answer it (RFC 3834). */
export const AUTOMATED_HEADERS = { 'Auto-Submitted': 'auto-generated' } as const;

/** How long a mail transport may take before the visitor's request stops waiting for it. */
export const MAIL_TIMEOUT_MS = 10_000;
