/** An entry of a legal page's table of contents. */
export interface TocEntry {
  /** The id of the h2 the entry links to. */
  id: string;
  title: string;
}

/**
 * A legal page's h2 sections, in order, as `[id (the anchor), heading]`: the table of contents
 * for the Legal layout, and `heading(id)` for each h2, so a heading is written once.
 */
export function legalSections<const S extends readonly (readonly [string, string])[]>(sections: S) {
  const toc: TocEntry[] = sections.map(([id, title]) => ({ id, title }));
  const heading = (id: S[number][0]) => sections.find(([key]) => key === id)![1];
  return { toc, heading };
}
