import { questionMail as t } from '#shared/copy/guide/questions';
import { escapeHtml } from '#shared/escape-html';
import type { MailMessage } from '#worker/platform/mailer/types';
import { button, emailPage, linkFallback, MUTED, paragraph } from './layout';

/**
 * Tells an asker that their question under a lesson has an answer, with a link to the lesson's
 * thread. `link` may be a placeholder the statement that queues it fills in (the lesson's path is
 * read there). The answer's text stays out: it is read where it was written, signed in.
 */
export function questionAnsweredEmail(input: { link: string }): Omit<MailMessage, 'to'> {
  const link = escapeHtml(input.link);
  const text = [t.greeting, '', t.intro, '', `${t.button}: ${input.link}`, '', t.why, '', t.signature].join('\n');
  const html = emailPage(t.subject, [
    paragraph(escapeHtml(t.greeting), 'padding-bottom:12px'),
    paragraph(escapeHtml(t.intro)),
    button(link, t.button),
    paragraph(escapeHtml(t.why), `font-size:14px;color:${MUTED}`),
    ...linkFallback(link, t.fallback, t.signature),
  ]);
  return { subject: t.subject, text, html };
}
