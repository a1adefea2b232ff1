import { email } from '#shared/copy/email';
import type { MailMessage } from '#worker/platform/mailer/types';
import { escapeHtml } from '#shared/escape-html';
import { button, emailPage, linkFallback, MUTED, paragraph, QUIET } from './layout';

const t = email.magicLink;

/** `confirmsSignup`: the link also confirms a sign-up (double opt-in), and the mail says so. */
export function magicLinkEmail(input: { to: string; link: string; code: string; confirmsSignup?: boolean }): MailMessage {
  const confirms = input.confirmsSignup ? ` ${t.confirmsSignup}` : '';
  const text = [
    t.greeting,
    '',
    t.textIntro + confirms,
    '',
    input.link,
    '',
    t.validity,
    '',
    `${t.codeIntro} ${input.code}`,
    '',
    t.ignore,
    '',
    t.signature,
  ].join('\n');

  const link = escapeHtml(input.link);
  const html = emailPage(t.subject, [
    paragraph(escapeHtml(t.greeting), 'padding-bottom:12px'),
    paragraph(escapeHtml(t.intro + confirms)),
    button(link, t.button),
    paragraph(escapeHtml(t.validity), `font-size:14px;color:${MUTED}`),
    paragraph(escapeHtml(t.codeIntro), `font-size:14px;color:${MUTED};padding-bottom:8px`),
    paragraph(escapeHtml(input.code), 'font-size:28px;font-weight:800;letter-spacing:6px;padding-bottom:24px'),
    paragraph(escapeHtml(t.ignore), `font-size:13px;color:${QUIET};padding-bottom:8px`),
    ...linkFallback(link, t.fallback, t.signature),
  ]);
  return { to: input.to, subject: t.subject, text, html };
}
