import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { AppError, notFound } from '#worker/errors';
import { available, published, unlocked, type Viewer } from '#worker/features/guide/index';

/*
 * A lesson's thread is seen, and written to, by those who may open the lesson: the guide's own
 * rule (a published lesson, Premium content only with Premium, a module the viewer has unlocked).
 * Written as SQL, so each statement of a request's one batch carries the guard itself.
 */

/** The lesson `lessonId` (SQL: a value or a column) is one the viewer may open. */
export const mayOpen = (v: Viewer, lessonId: SQL | string): SQL =>
  sql`EXISTS (SELECT 1 FROM lessons ol JOIN modules om ON om.id = ol.module_id
    WHERE ol.id = ${lessonId} AND ${available(v, 'ol', 'om')} AND ${unlocked(v, 'om')})`;

type Access = { available: number; unlocked: number };

/** The read that says why a guarded statement did nothing: for the lesson named by `lessonId` (SQL). */
export const accessQuery = (db: Db, v: Viewer, lessonId: SQL) =>
  db.all<Access>(sql`
    SELECT ${available(v, 'l', 'm')} AS available, ${unlocked(v, 'm')} AS unlocked
    FROM lessons l JOIN modules m ON m.id = l.module_id
    WHERE l.id = ${lessonId} AND ${published(v, 'l')} AND ${published(v, 'm')}`);

/** Unknown or unpublished lesson 404, Premium 403, locked module 403. */
export function requireAccess(access: Access | undefined): void {
  if (!access) throw notFound();
  if (!access.available) throw new AppError('premium_required', 403);
  if (!access.unlocked) throw new AppError('module_locked', 403);
}
