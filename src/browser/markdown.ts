/**
 * Lesson content is Markdown. One renderer for every screen that shows it (the module page,
 * and the admin editor's live preview): raw HTML in the source is never passed through
 * (`html: false` escapes it), markdown-it's link validation drops `javascript:`-style URLs,
 * links to other sites open in a new tab with rel="noopener noreferrer", and headings start
 * at h3 because the page around the content already has its h1 and h2.
 */
import MarkdownIt from 'markdown-it';
import { nb } from '#shared/copy/nb';
import { escapeHtml } from '#shared/escape-html';

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

const EXTERNAL = /^(https?:)?\/\//i;
const FIRST_HEADING = 3;
type Env = { externalLinkOpen?: boolean };

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

md.renderer.rules.link_close = (tokens, idx, options, env, self) => {
  const state = env as Env;
  const note = state.externalLinkOpen ? `<span class="sr-only"> ${escapeHtml(nb.markdown.newTab)}</span>` : '';
  state.externalLinkOpen = false;
  return note + self.renderToken(tokens, idx, options);
};

const renderFence = md.renderer.rules.fence!;
md.renderer.rules.fence = (tokens, idx, options, env, self) =>
  `<div class="md-code"><button type="button" class="md-copy" data-copy>${escapeHtml(nb.markdown.copy)}</button>${renderFence(tokens, idx, options, env, self)}</div>`;

md.renderer.rules.table_open = (tokens, idx, options, _env, self) =>
  `<div class="md-table">${self.renderToken(tokens, idx, options)}`;
md.renderer.rules.table_close = (tokens, idx, options, _env, self) => `${self.renderToken(tokens, idx, options)}</div>`;

/** A link target from content data (a lesson resource) under the same rules as Markdown links; undefined if unsafe. */
export function safeHref(url: string | undefined): string | undefined {
  const trimmed = url?.trim();
  return trimmed && md.validateLink(trimmed) ? md.normalizeLink(trimmed) : undefined;
}

/** Markdown source → safe HTML. */
export function renderMarkdown(source: string): string {
  return md.render(source, {} satisfies Env);
}
