import { reminders } from '#shared/copy/reminders';
import { escapeHtml } from '#shared/escape-html';
import type { MailMessage } from '#worker/platform/mailer/types';
import { emailPage, letter, paragraph, QUIET } from './layout';

const t = reminders.mail;

/**
 * A reminder the learner asked for: its lines and a button into the guide, and a footer saying
 * why it came with the link that turns reminders off — which `List-Unsubscribe` (RFC 8058)
 * also offers as one click in the mail client. `offLink` may be a placeholder a statement fills in.
 */
export function reminderEmail(input: {
  subject: string;
  lines: string[];
  link: { href: string; label: string };
  offLink: string;
}): Omit<MailMessage, 'to'> {
  const off = escapeHtml(input.offLink);
  const body = letter({ ...input, greeting: t.greeting, signature: t.signature });
  const text = [body.text, '', '-- ', t.why, `${t.offText} ${input.offLink}`].join('\n');
  const html = emailPage(input.subject, [
    ...body.rows,
    paragraph(
      `${escapeHtml(t.why)} <a href="${off}" style="color:${QUIET}">${escapeHtml(t.off)}</a>`,
      `font-size:12px;color:${QUIET};padding:16px 0 0;border-top:1px solid #e7e5e4`,
    ),
  ]);
  return {
    subject: input.subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${input.offLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
