import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { counters, moduleStats } from '#db/schema';
import { ACTIVE_WINDOW_DAYS } from '#shared/constants';
import { DAY } from '#shared/time';
import { nextTurn } from '#worker/platform/next-turn';

/** Users per statement: a statement stays within tens of milliseconds at 100 000 users, so requests between them are not kept waiting. */
const USERS_PER_CHUNK = 500;
/** A run stops starting chunks after this long; the next run goes on from the cursor. */
const RUN_BUDGET_MS = 800;
/** The `counters` row holding the last users.rowid the pass under way has summed. */
const CURSOR = 'module_stats_cursor';

export type ModuleStatsResult = { chunks: number; published: boolean };

/**
 * Per-module statistics for the admin (learners, completed, average progress, active learners),
 * summed over the users in chunks by rowid and published when a pass reaches the last user. A
 * learner's progress in a module counts the lessons available to them — every lesson for a
 * premium user, the free ones otherwise — capped at 100 %, as the guide counts it.
 */
export async function refreshModuleStats(db: Db, now: number): Promise<ModuleStatsResult> {
  const started = Date.now();
  const since = now - ACTIVE_WINDOW_DAYS * DAY;
  let chunks = 0;
  while (Date.now() - started < RUN_BUDGET_MS) {
    const [[cursorRow], [next]] = await db.batch([
      db.select({ value: counters.value }).from(counters).where(eq(counters.name, CURSOR)),
      db.all<{ end: number | null; last: number | null }>(sql`
        SELECT (SELECT rowid FROM users WHERE rowid > coalesce((SELECT value FROM counters WHERE name = ${CURSOR}), 0)
                ORDER BY rowid LIMIT 1 OFFSET ${USERS_PER_CHUNK - 1}) AS end,
               (SELECT max(rowid) FROM users) AS last`),
    ]);
    const from = cursorRow?.value ?? 0;
    const last = next?.end == null || next.end >= (next.last ?? 0);
    const to = last ? (next?.last ?? 0) : next!.end!;
    chunks++;
    await db.batch([
      db.run(sql`
        INSERT INTO module_stats (module_id, pass, learners, completed, progress, active)
        SELECT module_id, 1, count(*),
          sum(CASE WHEN reachable > 0 AND done >= reachable THEN 1 ELSE 0 END),
          sum(CASE WHEN reachable > 0 THEN min(1.0, 1.0 * done / reachable) ELSE 0 END),
          sum(CASE WHEN last_at >= ${since} THEN 1 ELSE 0 END)
        FROM (
          SELECT c.module_id, max(c.created_at) AS last_at,
            sum(CASE WHEN u.is_premium OR NOT l.is_premium THEN 1 ELSE 0 END) AS done,
            (SELECT CASE WHEN u.is_premium THEN count(*) ELSE sum(CASE WHEN a.is_premium THEN 0 ELSE 1 END) END
              FROM lessons a WHERE a.module_id = c.module_id) AS reachable
          FROM users u
          JOIN lesson_completions c ON c.user_id = u.id
          JOIN lessons l ON l.id = c.lesson_id
          WHERE u.rowid > ${from} AND u.rowid <= ${to}
          GROUP BY c.module_id, c.user_id
        ) WHERE true
        GROUP BY module_id
        ON CONFLICT (module_id, pass) DO UPDATE SET
          learners = learners + excluded.learners, completed = completed + excluded.completed,
          progress = progress + excluded.progress, active = active + excluded.active`),
      db
        .insert(counters)
        .values({ name: CURSOR, value: last ? 0 : to })
        .onConflictDoUpdate({ target: counters.name, set: { value: last ? 0 : to } }),
      ...(last
        ? [
            db.delete(moduleStats).where(eq(moduleStats.pass, 0)),
            db.update(moduleStats).set({ pass: 0, computedAt: now }).where(eq(moduleStats.pass, 1)),
          ]
        : []),
    ]);
    if (last) return { chunks, published: true };
    // A turn of the event loop between chunks: the local file driver runs statements on the main
    // thread, and awaiting its promises alone never lets a waiting request in.
    await nextTurn();
  }
  return { chunks, published: false };
}
