import { sql, type SQL } from 'drizzle-orm';
import { SEARCH } from '#shared/constants';
import type { SearchResponse, SearchResult } from '#shared/schemas/guide';
import type { ServiceCtx } from '#worker/context';
import { published } from './published';
import { available, moduleOpen, unlocked, type Viewer } from './rules';
import { fold, foldSql, plainText, searchTerms, snippetAround } from './search-text';

/** Every term occurs in `haystack` (a folded SQL expression). */
const containsAll = (haystack: SQL, terms: string[]): SQL =>
  sql.join(
    terms.map((t) => sql`instr(${haystack}, ${t}) > 0`),
    sql` AND `,
  );

type ModuleHit = { id: string; title: string; description: string; open: number; unlocked: number };
type LessonHit = {
  id: string;
  moduleId: string;
  moduleTitle: string;
  title: string;
  description: string;
  /** Null unless the viewer may open the lesson: locked text never leaves the database. */
  content: string | null;
};

/**
 * Published modules whose title or description holds every term. Modules and lessons are
 * content tables (hundreds of rows, not one per user), so a scan with instr() is cheap.
 */
function moduleQuery(ctx: ServiceCtx, v: Viewer, terms: string[]) {
  const haystack = sql.raw(foldSql(`m.title || ' ' || m.description`));
  return ctx.db.all<ModuleHit>(sql`
    SELECT m.id, m.title, m.description, ${moduleOpen(v, 'm')} AS open, ${unlocked(v, 'm')} AS unlocked
    FROM modules m
    WHERE ${published(v, 'm')} AND ${containsAll(haystack, terms)}
    ORDER BY m."order", m.id LIMIT ${SEARCH.limit}`);
}

/**
 * Published lessons in published modules whose title or description holds every term — or, for
 * a lesson the viewer may open now (available and its module unlocked), title, description and
 * text together. Title hits first, then course order.
 */
function lessonQuery(ctx: ServiceCtx, v: Viewer, terms: string[]) {
  const title = sql.raw(foldSql('c.title'));
  const haystack = sql.raw(foldSql(`c.title || ' ' || c.description || CASE WHEN c.readable THEN ' ' || c.content ELSE '' END`));
  return ctx.db.all<LessonHit>(sql`
    WITH c AS (
      SELECT l.id, l.module_id, l.title, l.description, l.content, l."order" AS lesson_order, m."order" AS module_order,
        m.title AS module_title, (${available(v, 'l', 'm')} AND ${unlocked(v, 'm')}) AS readable
      FROM lessons l JOIN modules m ON m.id = l.module_id
      WHERE ${published(v, 'l')} AND ${published(v, 'm')}
    )
    SELECT c.id, c.module_id AS moduleId, c.module_title AS moduleTitle, c.title, c.description,
      CASE WHEN c.readable THEN c.content END AS content
    FROM c
    WHERE ${containsAll(haystack, terms)}
    ORDER BY (${containsAll(title, terms)}) DESC, c.module_order, c.module_id, c.lesson_order, c.id
    LIMIT ${SEARCH.limit}`);
}

/** The text a hit's snippet is cut from: where a term occurs, else the description, else the lesson's start. */
function snippetOf(terms: string[], description: string, content: string | null): string {
  const texts = [description, content === null ? '' : plainText(content)].filter(Boolean);
  const withTerm = texts.find((text) => terms.some((t) => fold(text).includes(t)));
  return snippetAround(withTerm ?? texts[0] ?? '', terms);
}

/**
 * GET /api/guide/search (docs/decisions/0027-continue-search-certificate.md): modules and lessons
 * the viewer can see (no drafts), at most SEARCH.limit, modules first. A locked lesson is found by
 * its title and description only, and its snippet is cut from those: its text is not even read.
 */
export async function searchGuide(ctx: ServiceCtx, { viewer, q }: { viewer: Viewer; q: string }): Promise<SearchResponse> {
  const terms = searchTerms(q);
  const [moduleHits, lessonHits] = await ctx.db.batch([moduleQuery(ctx, viewer, terms), lessonQuery(ctx, viewer, terms)]);
  const modules = moduleHits.map((m): SearchResult => ({
    moduleId: m.id,
    moduleTitle: m.title,
    lessonId: null,
    title: m.title,
    snippet: snippetAround(m.description, terms),
    locked: !(m.open && m.unlocked),
  }));
  const lessons = lessonHits.map((l): SearchResult => ({
    moduleId: l.moduleId,
    moduleTitle: l.moduleTitle,
    lessonId: l.id,
    title: l.title,
    snippet: snippetOf(terms, l.description, l.content),
    locked: l.content === null,
  }));
  return { results: [...modules, ...lessons].slice(0, SEARCH.limit) };
}
