import { markdownDraft } from './markdown';
import type { MarketingDraft } from './marketing';

/**
 * A newsletter's own content as a marketing draft: its Markdown rendered for mail (HTML rows and
 * plain text) by the one mail Markdown renderer. `marketingEmail` adds the footer (unsubscribe
 * link, postal address) and headers; the live preview, the test send and the send job render this.
 */
export const newsletterDraft = (input: { subject: string; markdown: string }, publicUrl: string): MarketingDraft =>
  markdownDraft(input, publicUrl);
