import { nb } from '#shared/copy/nb';
import { escapeHtml } from '#shared/escape-html';
import type { MailMessage } from '#worker/platform/mailer/types';
import { emailPage, paragraph, QUIET } from './layout';

const t = nb.email.marketing;

/** Where a marketing e-mail's reader unsubscribes: the page (footer link) and the RFC 8058 one-click URL (header). */
export type UnsubscribeLinks = { page: string; oneClick: string };

/** A marketing e-mail's own content: its subject, plain text and layout rows (see layout.ts). */
export type MarketingDraft = { subject: string; text: string; rows: string[] };

/**
 * A marketing e-mail as it goes out: the draft with the footer every such mail carries (why the
 * reader gets it, and the unsubscribe link), and the `List-Unsubscribe` headers that let mail
 * clients offer one-click unsubscribe (RFC 2369, RFC 8058).
 */
export function marketingEmail(to: string, draft: MarketingDraft, links: UnsubscribeLinks): MailMessage {
  const page = escapeHtml(links.page);
  return {
    to,
    subject: draft.subject,
    text: `${draft.text}\n\n-- \n${t.why}\n${t.unsubscribeText} ${links.page}`,
    html: emailPage(draft.subject, [
      ...draft.rows,
      paragraph(
        `${escapeHtml(t.why)} <a href="${page}" style="color:${QUIET}">${escapeHtml(t.unsubscribe)}</a>`,
        `font-size:12px;color:${QUIET};padding:16px 0 0;border-top:1px solid #e7e5e4`,
      ),
    ]),
    headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
