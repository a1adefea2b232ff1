/*
 * Next and previous across modules (docs/decisions/0027-continue-search-certificate.md): the module
 * page knows its own lessons; at its first and last lesson the buttons lead into the module before
 * or after. These statements join the module page's batch (no extra round trip) and send only titles
 * and why a lesson is locked, never content.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#db';
import type { NeighbourLesson } from '#shared/schemas/guide';
import { published } from './published';
import { available, moduleOpen, unlocked, type Viewer } from './rules';

type NeighbourRow = { moduleId: string; moduleTitle: string; open: number; unlocked: number; lesson: string | null };

/**
 * The published module right before (`previous`, with its last lesson) or after (`next`, with its
 * first lesson) module `moduleId` in course order, with the viewer's access to both.
 */
function neighbourQuery(db: Db, v: Viewer, moduleId: string, side: 'previous' | 'next') {
  const [cmp, dir] = side === 'previous' ? [sql.raw('<'), sql.raw('DESC')] : [sql.raw('>'), sql.raw('ASC')];
  return db.all<NeighbourRow>(sql`
    SELECT m.id AS moduleId, m.title AS moduleTitle, ${moduleOpen(v, 'm')} AS open, ${unlocked(v, 'm')} AS unlocked,
      (SELECT json_object('id', l.id, 'title', l.title, 'available', ${available(v, 'l', 'm')})
       FROM lessons l WHERE l.module_id = m.id AND ${published(v, 'l')}
       ORDER BY l."order" ${dir}, l.id ${dir} LIMIT 1) AS lesson
    FROM modules m
    WHERE m.id = (
      SELECT p.id FROM modules p JOIN modules cur ON cur.id = ${moduleId}
      WHERE ${published(v, 'p')} AND (p."order" ${cmp} cur."order" OR (p."order" = cur."order" AND p.id ${cmp} cur.id))
      ORDER BY p."order" ${dir}, p.id ${dir} LIMIT 1)`);
}

export const neighbourQueries = (db: Db, v: Viewer, moduleId: string) =>
  [neighbourQuery(db, v, moduleId, 'previous'), neighbourQuery(db, v, moduleId, 'next')] as const;

function toNeighbour(row: NeighbourRow | undefined): NeighbourLesson | null {
  if (!row) return null;
  const lesson = row.lesson ? (JSON.parse(row.lesson) as { id: string; title: string; available: number }) : null;
  const locked = !row.open || (lesson && !lesson.available) ? 'premium' : !row.unlocked ? 'module' : null;
  return {
    moduleId: row.moduleId,
    moduleTitle: row.moduleTitle,
    lessonId: lesson?.id ?? null,
    lessonTitle: lesson?.title ?? null,
    locked,
  };
}

export const toNeighbours = (previous: NeighbourRow[], next: NeighbourRow[]) => ({
  previous: toNeighbour(previous[0]),
  next: toNeighbour(next[0]),
});
