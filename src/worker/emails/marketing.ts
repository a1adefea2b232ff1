import { email } from '#shared/copy/email';
import { escapeHtml } from '#shared/escape-html';
import type { MailMessage } from '#worker/platform/mailer/types';
import { emailPage, paragraph, QUIET } from './layout';

const t = email.marketing;

/** Where a marketing e-mail's reader unsubscribes: the page (footer link) and the RFC 8058 one-click URL (header). */
export type UnsubscribeLinks = { page: string; oneClick: string };

/** Who sends it, as the footer prints it: the business's name and postal address (SELLER_NAME, SELLER_ADDRESS). */
export type Sender = { name: string; address: string };

/** A marketing e-mail's own content: its subject, plain text and layout rows (see layout.ts). */
export type MarketingDraft = { subject: string; text: string; rows: string[] };

/**
 * A marketing e-mail as it goes out: the draft with the footer every such mail carries (why the
 * reader gets it, the unsubscribe link and the sender's postal address), and the `List-Unsubscribe` headers that let mail
 * clients offer one-click unsubscribe (RFC 2369, RFC 8058).
 */
export function marketingEmail(to: string, draft: MarketingDraft, links: UnsubscribeLinks, sender: Sender): MailMessage {
  const page = escapeHtml(links.page);
  const postal = t.sender(sender.name, sender.address);
  return {
    to,
    subject: draft.subject,
    text: `${draft.text}\n\n-- \n${t.why}\n${t.unsubscribeText} ${links.page}\n${postal}`,
    html: emailPage(draft.subject, [
      ...draft.rows,
      paragraph(
        `${escapeHtml(t.why)} <a href="${page}" style="color:${QUIET}">${escapeHtml(t.unsubscribe)}</a><br>${escapeHtml(postal)}`,
        `font-size:12px;color:${QUIET};padding:16px 0 0;border-top:1px solid #e7e5e4`,
      ),
    ]),
    headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
