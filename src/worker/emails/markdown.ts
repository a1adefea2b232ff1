/**
 * Markdown for e-mail (newsletters). The same markdown-it, with the same safety settings, as the
 * lesson renderer (src/browser/markdown.ts): raw HTML in the source is escaped (`html: false`) and
 * its link validation drops `javascript:`-style URLs. What differs is what a mail needs and a
 * page does not: every element carries inline styles (mail clients drop stylesheets), links are
 * absolute (a relative `/guide` means nothing in an inbox), nothing page-only (copy buttons,
 * screen-reader notes) — and a plain-text rendering of the same tokens for the text part.
 */
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

const BRAND = '#c2410c';
const TEXT = 'margin:0 0 16px;font-size:16px;line-height:1.5;color:#1c1917';
const STYLES: Record<string, string> = {
  p: TEXT,
  h1: 'margin:8px 0 12px;font-size:22px;line-height:1.3;font-weight:800;color:#1c1917',
  h2: 'margin:8px 0 12px;font-size:20px;line-height:1.3;font-weight:800;color:#1c1917',
  h3: 'margin:8px 0 8px;font-size:18px;line-height:1.3;font-weight:700;color:#1c1917',
  h4: 'margin:8px 0 8px;font-size:16px;font-weight:700;color:#1c1917',
  h5: 'margin:8px 0 8px;font-size:16px;font-weight:700;color:#1c1917',
  h6: 'margin:8px 0 8px;font-size:16px;font-weight:700;color:#1c1917',
  ul: 'margin:0 0 16px;padding:0 0 0 24px',
  ol: 'margin:0 0 16px;padding:0 0 0 24px',
  li: 'margin:0 0 6px;font-size:16px;line-height:1.5;color:#1c1917',
  blockquote: 'margin:0 0 16px;padding:0 0 0 12px;border-left:3px solid #e7e5e4;color:#57534e',
  pre: 'margin:0 0 16px;padding:12px;background:#f5f5f4;border-radius:8px;white-space:pre-wrap;font-size:14px',
  code: 'font-family:Menlo,Consolas,monospace;font-size:14px',
  a: `color:${BRAND};text-decoration:underline`,
  img: 'max-width:100%;height:auto;border:0',
  hr: 'border:0;border-top:1px solid #e7e5e4;margin:24px 0',
  table: 'border-collapse:collapse;margin:0 0 16px',
  th: 'border:1px solid #e7e5e4;padding:6px 10px;text-align:left',
  td: 'border:1px solid #e7e5e4;padding:6px 10px',
};

type Env = { base: string };

/** A link target made absolute against the site's address; other sites' and mailto: links are left as written. */
const absolute = (href: string, base: string) =>
  /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//') ? href : new URL(href, base).href;

md.core.ruler.push('email_styles', (state) => {
  const base = (state.env as Env).base;
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      const style = STYLES[token.tag];
      if (style && token.nesting !== -1) token.attrSet('style', style);
      if (token.type === 'link_open') token.attrSet('href', absolute(String(token.attrGet('href') ?? ''), base));
      if (token.type === 'image') token.attrSet('src', absolute(String(token.attrGet('src') ?? ''), base));
      if (token.children) walk(token.children);
    }
  };
  walk(state.tokens);
});

/** Inline tokens as plain text: a link as "its text (its address)", unless the text is the address. */
function inlineText(children: Token[]): string {
  let out = '';
  let href: string | null = null;
  let linkText = '';
  for (const c of children) {
    const piece =
      c.type === 'text' || c.type === 'code_inline'
        ? c.content
        : c.type === 'softbreak' || c.type === 'hardbreak'
          ? '\n'
          : c.type === 'image'
            ? c.content
            : '';
    if (c.type === 'link_open') {
      href = String(c.attrGet('href') ?? '');
      linkText = '';
    } else if (c.type === 'link_close') {
      out += href && href !== linkText && `mailto:${linkText}` !== href ? ` (${href})` : '';
      href = null;
    } else {
      if (href !== null) linkText += piece;
      out += piece;
    }
  }
  return out;
}

/** Block tokens as plain text: paragraphs apart, list items marked, code kept as written. */
function plainText(tokens: Token[]): string {
  const blocks: string[] = [];
  const lists: { ordered: boolean; n: number }[] = [];
  let prefix = '';
  let quote = 0;
  const push = (text: string) => blocks.push(text.replace(/^/gm, '> '.repeat(quote)));
  for (const token of tokens) {
    switch (token.type) {
      case 'bullet_list_open':
      case 'ordered_list_open':
        lists.push({ ordered: token.type === 'ordered_list_open', n: Number(token.attrGet('start') ?? 1) - 1 });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        break;
      case 'list_item_open': {
        const list = lists.at(-1)!;
        prefix = `${'  '.repeat(lists.length - 1)}${list.ordered ? `${++list.n}.` : '-'} `;
        break;
      }
      case 'blockquote_open':
        quote++;
        break;
      case 'blockquote_close':
        quote--;
        break;
      case 'inline':
        push(prefix + inlineText(token.children ?? []));
        prefix = '';
        break;
      case 'fence':
      case 'code_block':
        push(token.content.replace(/\n$/, ''));
        break;
      case 'hr':
        push('---');
        break;
    }
  }
  // List items sit on consecutive lines; other blocks are a blank line apart.
  return blocks.reduce((text, block) => (text ? `${text}${/^\s*(-|\d+\.) /.test(block) ? '\n' : '\n\n'}${block}` : block), '');
}

/** Markdown → the mail's HTML (inline-styled, links absolute against `base`) and its plain text. */
export function emailMarkdown(source: string, base: string): { html: string; text: string } {
  const env: Env = { base };
  const tokens = md.parse(source, env);
  return { html: md.renderer.render(tokens, md.options, env), text: plainText(tokens) };
}
