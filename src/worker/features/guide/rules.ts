/*
 * The guide's access rules, written once as SQL fragments. Every guide request is one
 * `db.batch()` (session lookup + one batch = two round trips), so a write cannot wait for a
 * read: writes are guarded by these same fragments inside the batch, and the reads that
 * follow them in the batch use them too. Reads and writes therefore never disagree.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { User } from '#db/schema';
import { isStaff } from '#shared/permissions';
import { hasActivePremium } from '#shared/premium';
import { published, type PublicationViewer } from './published';

/** Who is asking, as far as the rules care. */
export type Viewer = PublicationViewer & {
  userId: string;
  /** May read premium content: an active premium subscription, or staff. */
  fullAccess: boolean;
  /** Staff (any role) see every module unlocked: an editor checks the lessons they write. */
  isStaff: boolean;
};

/** `asUser`: an admin previewing the guide as a free user sees what one would (no drafts, no premium, unlocks earned). */
export function viewerOf(user: User, now: number, asUser = false): Viewer {
  const staff = isStaff(user) && !asUser;
  return {
    userId: user.id,
    fullAccess: staff || (!asUser && hasActivePremium(user, now)),
    isStaff: staff,
    seesDrafts: staff,
    now,
  };
}

const TRUE = sql.raw('1');
const col = (alias: string, column: string) => sql.raw(`"${alias}"."${column}"`);

/** Module `m` is open to the viewer as far as premium goes. */
export const moduleOpen = (v: Viewer, m = 'modules'): SQL => (v.fullAccess ? TRUE : sql`(${col(m, 'is_premium')} = 0)`);

/**
 * Lesson `l` of module `m` is available to the viewer: free content (neither the lesson nor
 * its module is premium), or everything with premium access. Progress counts these only.
 */
export const available = (v: Viewer, l = 'lessons', m = 'modules'): SQL =>
  sql`(${v.fullAccess ? TRUE : sql`(${col(l, 'is_premium')} = 0 AND ${col(m, 'is_premium')} = 0)`} AND ${published(v, l)} AND ${published(v, m)})`;

const completedBy = (v: Viewer, l: string) =>
  sql`EXISTS (SELECT 1 FROM lesson_completions dc WHERE dc.user_id = ${v.userId} AND dc.lesson_id = ${col(l, 'id')})`;

/** Module `m` is complete: no lesson available to the viewer is left undone. */
export const complete = (v: Viewer, m: string): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM lessons cl WHERE cl.module_id = ${col(m, 'id')} AND ${available(v, 'cl', m)} AND NOT ${completedBy(v, 'cl')})`;

/**
 * Module `m` counts as completed: completed once (a module_completions row, written when it
 * happened), or complete now. Lessons that become available later (an upgrade, a new lesson)
 * lower its percentage, never this.
 */
export const completedOnce = (v: Viewer, m: string): SQL =>
  sql`(EXISTS (SELECT 1 FROM module_completions mc WHERE mc.user_id = ${v.userId} AND mc.module_id = ${col(m, 'id')})
    OR (${hasAvailable(v, m)} AND ${complete(v, m)}))`;

/** Module `m` has something the viewer can complete. */
export const hasAvailable = (v: Viewer, m: string): SQL =>
  sql`EXISTS (SELECT 1 FROM lessons al WHERE al.module_id = ${col(m, 'id')} AND ${available(v, 'al', m)})`;

/** The viewer has finished a module open to them that had something to finish (for a free user: a free module). */
export const finishedAModule = (v: Viewer): SQL =>
  sql`EXISTS (SELECT 1 FROM modules fm WHERE ${moduleOpen(v, 'fm')} AND ${hasAvailable(v, 'fm')} AND ${complete(v, 'fm')})`;

/**
 * Module `m` is unlocked (DESIGN.md, module locking): with premium access every module is (an
 * admin's or a Premium member's: they open what they paid for; the guide recommends the next one
 * instead of locking it). On the free path the first module the viewer can open always is, and a
 * later one opens when the previous free module (a premium module never holds a free one back, and
 * a draft one has nothing to complete) is complete now or was completed once
 * (module_completions). A module the viewer has already started stays open, so a new lesson in an
 * earlier module, or a Premium period that ends, never locks anyone out of work in progress. A
 * premium module is never unlocked without premium access.
 */
export const unlocked = (v: Viewer, m = 'modules'): SQL => {
  if (v.fullAccess) return TRUE;
  const order = col(m, 'order');
  const id = col(m, 'id');
  return sql`(${moduleOpen(v, m)} AND (EXISTS (SELECT 1 FROM lesson_completions sc WHERE sc.user_id = ${v.userId} AND sc.module_id = ${id})
    OR NOT EXISTS (
      SELECT 1 FROM modules pm
      WHERE pm.id = (
        SELECT p.id FROM modules p
        WHERE (p."order" < ${order} OR (p."order" = ${order} AND p.id < ${id})) AND ${moduleOpen(v, 'p')}
        ORDER BY p."order" DESC, p.id DESC LIMIT 1)
      AND NOT ${complete(v, 'pm')}
      AND NOT EXISTS (SELECT 1 FROM module_completions pc WHERE pc.user_id = ${v.userId} AND pc.module_id = pm.id))))`;
};

/**
 * The admin's "Sertifikatet krever bestått quiz" (site_settings.certificate_requires_quizzes): the
 * certificate needs a passed attempt at every quiz lesson available to the learner, and "Marker som
 * fullført" (POST /api/guide/progress) no longer completes a quiz lesson — only passing it does
 * (docs/decisions/0048-quizzes.md).
 */
export const quizzesRequired: SQL = sql`EXISTS (SELECT 1 FROM site_settings qs WHERE qs.id = 1 AND qs.certificate_requires_quizzes = 1)`;
