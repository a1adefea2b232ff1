import { emailMarkdown } from './markdown';
import type { MarketingDraft } from './marketing';

/**
 * A newsletter's own content as a marketing draft: its Markdown rendered for mail (HTML and plain
 * text). `marketingEmail` adds the footer (unsubscribe link, postal address) and headers; the
 * live preview and the test send render exactly this.
 */
export function newsletterDraft(input: { subject: string; markdown: string }, publicUrl: string): MarketingDraft {
  const { html, text } = emailMarkdown(input.markdown, `${publicUrl}/`);
  return {
    subject: input.subject,
    text,
    rows: [
      `<tr><td style="padding:0 0 4px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">${html}</td></tr>`,
    ],
  };
}
