/*
 * Text rules of the guide's search: Norwegian-aware case folding, the same in SQL and here, and
 * the snippet shown under a hit. SQLite's lower() and LIKE fold ASCII only, so "ØKONOMI" would
 * never find "økonomi": the SQL folds the letters Norwegian text uses beyond ASCII with replace().
 */
import { SEARCH } from '#shared/constants';

/** Upper- and lower-case pairs beyond ASCII that Norwegian text (and names and loanwords in it) uses. */
const PAIRS = ['Ææ', 'Øø', 'Åå', 'Éé', 'Èè', 'Êê', 'Óó', 'Òò', 'Ôô', 'Ää', 'Öö', 'Üü', 'Áá', 'Íí', 'Úú'] as const;

/** `expr` (a trusted SQL expression) folded as `fold` folds: lower() for ASCII, then each pair. */
export const foldSql = (expr: string): string =>
  PAIRS.reduce((acc, [upper, lower]) => `replace(${acc}, '${upper}', '${lower}')`, `lower(${expr})`);

/** A character's folded form, when folding keeps it one character (so positions in the text stay put). */
const foldChar = (c: string) => {
  const lower = c.toLowerCase();
  return lower.length === c.length ? lower : c;
};

/** Case-folded for comparing: æøå and the other pairs as the SQL folds them, in NFC (as the stored text is). */
export const fold = (text: string): string => Array.from(text.normalize('NFC'), foldChar).join('');

/** The query's words, folded, without repeats: at most SEARCH.maxTerms, each matched anywhere. */
export function searchTerms(q: string): string[] {
  return [...new Set(fold(q).split(/\s+/).filter(Boolean))].slice(0, SEARCH.maxTerms);
}

/** Lesson Markdown as plain text for a snippet: links keep their text, markup characters go. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const SNIPPET = 160;

/**
 * Up to ~160 characters of `text` around the first place one of `terms` occurs, cut at word
 * boundaries with '…' where text was left out; the text's start when no term occurs in it.
 */
export function snippetAround(raw: string, terms: string[]): string {
  const text = raw.normalize('NFC');
  const folded = fold(text);
  const hits = terms.map((t) => folded.indexOf(t)).filter((i) => i >= 0);
  const at = hits.length ? Math.min(...hits) : 0;
  let start = Math.max(0, at - SNIPPET / 3);
  let end = Math.min(text.length, start + SNIPPET);
  start = Math.max(0, end - SNIPPET);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? ' …' : ''}`;
}
