/** A mail provider's webhook delivery (Resend via Svix), signed as the provider signs it. */
import { svixSignature } from '#worker/features/mail-suppression/svix';
import type { TestApp } from './app';

/** The shape of a Resend signing secret: whsec_ and the key in base64. */
export const MAIL_WEBHOOK_SECRET = `whsec_${Buffer.from('a test signing key of 32 bytes!!').toString('base64')}`;

let serial = 0;

/** Headers and body of a signed delivery of `event`; the app must run with MAIL_WEBHOOK_SECRET (`withMailWebhook`). */
export async function signedMailEvent(
  event: unknown,
  opts: { now: number; id?: string; secret?: string },
): Promise<{ headers: Record<string, string>; body: string }> {
  const id = opts.id ?? `msg_${process.pid}_${++serial}`;
  const timestamp = String(Math.floor(opts.now / 1000));
  const body = JSON.stringify(event);
  const signature = `v1,${await svixSignature(opts.secret ?? MAIL_WEBHOOK_SECRET, id, timestamp, body)}`;
  return {
    headers: { 'content-type': 'application/json', 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': signature },
    body,
  };
}

/** Turns the webhook on in a running test app (as setting MAIL_WEBHOOK_SECRET would). */
export function withMailWebhook(t: TestApp) {
  t.deps.config = { ...t.deps.config, MAIL_WEBHOOK_SECRET };
}

export const complaint = (to: string) => ({ type: 'email.complained', created_at: '2026-11-21T09:00:00Z', data: { to: [to] } });
