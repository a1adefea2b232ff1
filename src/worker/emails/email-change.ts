import { email } from '#shared/copy/email';
import { escapeHtml } from '#shared/escape-html';
import type { MailMessage } from '#worker/platform/mailer/types';
import { button, emailPage, linkFallback, MUTED, paragraph, QUIET, signatureRow } from './layout';

const t = email.emailChange;
const changed = email.emailChanged;

/** The link that makes this address the account's (sent to the new address only). */
export function emailChangeEmail(input: { to: string; link: string }): MailMessage {
  const text = [t.greeting, '', t.textIntro, '', input.link, '', t.validity, '', t.ignore, '', t.signature].join('\n');
  const link = escapeHtml(input.link);
  const html = emailPage(t.subject, [
    paragraph(escapeHtml(t.greeting), 'padding-bottom:12px'),
    paragraph(escapeHtml(t.intro)),
    button(link, t.button),
    paragraph(escapeHtml(t.validity), `font-size:14px;color:${MUTED}`),
    paragraph(escapeHtml(t.ignore), `font-size:13px;color:${QUIET};padding-bottom:8px`),
    ...linkFallback(link, t.fallback, t.signature),
  ]);
  return { to: input.to, subject: t.subject, text, html };
}

/** Tells the old address that the account now has another (no link: nothing to act on but a reply). */
export function emailChangedEmail(input: { to: string; newEmail: string }): MailMessage {
  const text = [changed.greeting, '', changed.changed(input.newEmail), '', changed.notYou, '', changed.signature].join('\n');
  const html = emailPage(changed.subject, [
    paragraph(escapeHtml(changed.greeting), 'padding-bottom:12px'),
    paragraph(escapeHtml(changed.changed(input.newEmail))),
    paragraph(escapeHtml(changed.notYou), `font-size:14px;color:${MUTED}`),
    signatureRow(changed.signature),
  ]);
  return { to: input.to, subject: changed.subject, text, html };
}
