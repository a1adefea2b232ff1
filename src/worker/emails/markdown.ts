import MarkdownIt from 'markdown-it';
import type { MarketingDraft } from './marketing';
import { paragraph } from './layout';

/*
 * The admin's Markdown as mail: raw HTML in the source is escaped (`html: false`), markdown-it's
 * link check drops `javascript:`-style URLs, and a link to a path on this site (`/guide/…`)
 * becomes a full address, as a mail read elsewhere needs. Styles are inline, the one way every
 * mail client keeps them.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
const LINK_STYLE = 'color:#c2410c;font-weight:600';
const SITE_PATH = /^\/(?!\/)/;

type Env = { origin: string };

md.core.ruler.push('absolute_links', (state) => {
  const { origin } = state.env as Env;
  for (const block of state.tokens) {
    for (const token of block.children ?? []) {
      if (token.type !== 'link_open') continue;
      const href = String(token.attrGet('href') ?? '');
      if (SITE_PATH.test(href)) token.attrSet('href', origin + href);
      token.attrSet('style', LINK_STYLE);
    }
  }
});

/** Markdown links `[text](/path)` with site paths made absolute, for the plain-text part. */
const absolutePaths = (markdown: string, origin: string) => markdown.replace(/\]\((\/(?!\/)[^)\s]*)\)/g, `](${origin}$1)`);

/** A mail's subject and Markdown body as a marketing draft: the HTML rows and the plain text (the Markdown itself, readable as it is). */
export function markdownDraft(input: { subject: string; markdown: string }, origin: string): MarketingDraft {
  const html = md.render(input.markdown, { origin } satisfies Env);
  return { subject: input.subject, text: absolutePaths(input.markdown, origin), rows: [paragraph(html)] };
}
