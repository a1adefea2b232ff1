/*
 * Learners' posts under lessons are plain text (docs/decisions/0046-lesson-questions.md): these find
 * the web addresses in one, for the spam limit on links (server) and for showing them as links
 * (browser). No zod here: the guide's pages load this without the schemas.
 */

const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"]+[^\s<>".,;:!?)\]'»]/gi;

/** Whether a text holds a link (`https://…`, `www.…`): accounts younger than QUESTIONS.linksAfterDays may not post one. */
export const hasLink = (text: string) => /\bhttps?:\/\/|\bwww\./i.test(text);

/** A post's text cut into plain text and links (http/https only), for showing it without HTML. */
export function linkParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    const url = match[0];
    parts.push({ text: url, href: /^www\./i.test(url) ? `https://${url}` : url });
    last = match.index + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
