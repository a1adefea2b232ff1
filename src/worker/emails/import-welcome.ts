import { importWelcomeMail as t } from '#shared/copy/admin/imports';
import { escapeHtml } from '#shared/escape-html';
import type { MailMessage } from '#worker/platform/mailer/types';
import { button, emailPage, linkFallback, MUTED, paragraph } from './layout';

/** Stands in the Premium variant for the end date, which the statement that queues the mail fills in per member. */
export const UNTIL_MARK = '%UNTIL%';

/**
 * The welcome an imported member gets when the admin ticks it: where to sign in (a plain link to
 * the sign-in page — the mail may be read days later, so it carries no live token), and for a
 * member given Premium for paid time left, until when and how to renew (`premium`).
 */
export function importWelcomeEmail(input: { loginUrl: string; premium: boolean }): Omit<MailMessage, 'to'> {
  const link = escapeHtml(input.loginUrl);
  const premium = input.premium ? [t.premium(UNTIL_MARK)] : [];
  const text = [
    t.greeting,
    '',
    t.intro,
    '',
    ...premium.flatMap((p) => [p, '']),
    `${t.button}: ${input.loginUrl}`,
    '',
    t.why,
    '',
    t.signature,
  ].join('\n');
  const html = emailPage(t.subject, [
    paragraph(escapeHtml(t.greeting), 'padding-bottom:12px'),
    paragraph(escapeHtml(t.intro)),
    ...premium.map((p) => paragraph(escapeHtml(p))),
    button(link, t.button),
    paragraph(escapeHtml(t.why), `font-size:14px;color:${MUTED}`),
    ...linkFallback(link, t.fallback, t.signature),
  ]);
  return { subject: t.subject, text, html };
}
