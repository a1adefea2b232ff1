import xss, { type IFilterXSSOptions } from 'xss';
import type * as XssModule from 'xss';

// js-xss is CommonJS and sets its exports in a loop Node cannot see statically: take them from the default export.
const { escapeAttrValue, FilterXSS, friendlyAttrValue } = xss as unknown as typeof XssModule;

/**
 * The last word on what rendered Markdown may contain, after markdown-it (which already escapes
 * raw HTML): an allow-list of the tags and attributes our renderer emits, parsed as HTML by
 * js-xss (no DOM, so it runs the same on Node and Workers). Anything else is dropped — unknown
 * tags (their text stays, `<script>`/`<style>` bodies go), every `on*`, `style` and `id`
 * attribute, classes outside our own few, and links or images to anything but http(s), mailto
 * or a path on this site.
 */
const WHITE_LIST: IFilterXSSOptions['whiteList'] = {
  p: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: [],
  ol: ['start'],
  li: [],
  blockquote: [],
  pre: [],
  code: ['class'],
  em: [],
  strong: [],
  s: [],
  br: [],
  hr: [],
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: [],
  td: [],
  div: ['class'],
  span: ['class'],
  button: ['type', 'class', 'data-copy'],
};

/** The classes the renderer itself sets (code blocks, tables, the screen-reader note, fenced languages). */
const CLASSES = /^(md-code|md-copy|md-table|sr-only|language-[\w-]+)$/;
/** http(s) and mailto, or a path on this site (`/premium`, not `//elsewhere`). */
export const isSafeUrl = (url: string) => /^(https?:\/\/|mailto:|\/(?!\/))/i.test(url);
const URL_ATTRS = new Set(['href', 'src']);
/** Judged as the browser reads it: numeric entities, quotes and invisible characters decoded (`jav&#x61;script:`). */
const decoded = (raw: string) => friendlyAttrValue(raw).trim();
const FIXED: Record<string, string> = { target: '_blank', rel: 'noopener noreferrer', type: 'button', 'data-copy': '' };

const filter = new FilterXSS({
  whiteList: WHITE_LIST,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style'],
  allowCommentTag: false,
  css: false,
  // A link or image to anywhere else loses the attribute altogether (an empty string removes it).
  onTagAttr: (_tag, name, raw) => (URL_ATTRS.has(name) && !isSafeUrl(decoded(raw)) ? '' : undefined),
  safeAttrValue(_tag, name, raw) {
    const value = decoded(raw);
    if (URL_ATTRS.has(name)) return escapeAttrValue(value);
    if (name === 'class')
      return value
        .split(/\s+/)
        .filter((c) => CLASSES.test(c))
        .join(' ');
    if (name === 'start') return /^\d{1,6}$/.test(value) ? value : '';
    if (name in FIXED) return FIXED[name]!;
    return escapeAttrValue(value);
  },
});

/** HTML from our Markdown renderer → the same HTML with nothing outside the allow-list. */
export function sanitizeHtml(html: string): string {
  return filter.process(html);
}
