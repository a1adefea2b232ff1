/**
 * Lesson Markdown → safe HTML, on the server: the one renderer for the guide's lessons, the
 * admin editor's preview and e-mail (docs/decisions/0033-lean-app-pages.md).
 * Raw HTML in the source is never passed through (`html: false` escapes it), markdown-it's link
 * validation drops `javascript:`-style URLs, and the result goes through an allow-list
 * (./sanitize.ts) before anyone sees it. Headings start at h3 because the page around the
 * content already has its h1 and h2. Links to other sites open in a new tab with
 * rel="noopener noreferrer" and, on a page, say so to screen readers.
 */
import MarkdownIt from 'markdown-it';
import { markdown as copy } from '#shared/copy/guide';
import { escapeHtml } from '#shared/escape-html';
import { isSafeUrl, sanitizeHtml } from './sanitize';

/** `page`: the app (copy buttons on code, screen-reader notes); `email`: plain markup a mail client shows as is. */
export type MarkdownTarget = 'page' | 'email';
type Env = { target: MarkdownTarget; externalLinkOpen?: boolean };

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
const EXTERNAL = /^(https?:)?\/\//i;
const FIRST_HEADING = 3;

md.core.ruler.push('shift_headings', (state) => {
  for (const token of state.tokens) {
    if (token.type !== 'heading_open' && token.type !== 'heading_close') continue;
    const level = Number(token.tag.slice(1));
    token.tag = `h${Math.min(6, Math.max(FIRST_HEADING, level + 1))}`;
  }
});

md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const external = EXTERNAL.test(String(token.attrGet('href') ?? ''));
  (env as Env).externalLinkOpen = external;
  if (external) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return self.renderToken(tokens, idx, options);
};

md.renderer.rules.link_close = (tokens, idx, options, rendering, self) => {
  const env = rendering as Env;
  const note = env.externalLinkOpen && env.target === 'page' ? `<span class="sr-only"> ${escapeHtml(copy.newTab)}</span>` : '';
  env.externalLinkOpen = false;
  return note + self.renderToken(tokens, idx, options);
};

const renderFence = md.renderer.rules.fence!;
md.renderer.rules.fence = (tokens, idx, options, env, self) => {
  const block = renderFence(tokens, idx, options, env, self);
  return (env as Env).target === 'page'
    ? `<div class="md-code"><button type="button" class="md-copy" data-copy>${escapeHtml(copy.copy)}</button>${block}</div>`
    : block;
};

md.renderer.rules.table_open = (tokens, idx, options, _env, self) =>
  `<div class="md-table">${self.renderToken(tokens, idx, options)}`;
md.renderer.rules.table_close = (tokens, idx, options, _env, self) => `${self.renderToken(tokens, idx, options)}</div>`;

/** Markdown source → sanitized HTML, for a page (default) or an e-mail. */
export function renderMarkdown(source: string, target: MarkdownTarget = 'page'): string {
  return sanitizeHtml(md.render(source, { target } satisfies Env));
}

/** A link target from content data (a lesson resource) under the same rules as Markdown links; undefined if unsafe. */
export function safeHref(url: string | undefined): string | undefined {
  const trimmed = url?.trim();
  if (!trimmed || !md.validateLink(trimmed)) return undefined;
  const href = md.normalizeLink(trimmed);
  return isSafeUrl(href) ? href : undefined;
}
