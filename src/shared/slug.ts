/** Norwegian letters spelled out the way Norwegians write them in addresses. */
const NORWEGIAN: Record<string, string> = { æ: 'ae', ø: 'o', å: 'a' };

/**
 * An address-safe id from a title: lower case, æ → ae, ø → o, å → a, other accents dropped
 * (é → e), spaces and other separators → one hyphen. `fallback` when nothing is left (a title
 * of only emoji, say).
 */
export function slugify(title: string, fallback = 'modul'): string {
  const slug = title
    .toLowerCase()
    .replace(/[æøå]/g, (ch) => NORWEGIAN[ch]!)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** `base` if it is free, else the first free `base-2`, `base-3` … */
export function uniqueId(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}
