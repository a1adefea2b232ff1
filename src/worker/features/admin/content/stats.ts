import { sql } from 'drizzle-orm';
import { ACTIVE_WINDOW_DAYS } from '#shared/constants';
import type { ModuleStats } from '#shared/schemas/admin-content';
import { DAY } from '#shared/time';
import type { ServiceCtx } from '#worker/context';

type StatsRow = { moduleId: string; learners: number; completed: number; average: number | null; active: number };

/**
 * Per-module statistics from the completions, as one statement for a batch. A learner's
 * progress in a module counts the lessons available to them — every lesson for a premium user,
 * the free ones otherwise — capped at 100 %, as the guide counts it.
 */
export function moduleStatsQuery(ctx: ServiceCtx) {
  const since = ctx.now() - ACTIVE_WINDOW_DAYS * DAY;
  return ctx.db.all<StatsRow>(sql`
    WITH available AS (
      SELECT module_id, count(*) AS total, sum(CASE WHEN is_premium THEN 0 ELSE 1 END) AS free
      FROM lessons GROUP BY module_id
    ), learner AS (
      SELECT c.module_id, u.is_premium AS premium, max(c.created_at) AS last_at,
        sum(CASE WHEN u.is_premium OR NOT l.is_premium THEN 1 ELSE 0 END) AS done
      FROM lesson_completions c
      JOIN users u ON u.id = c.user_id
      JOIN lessons l ON l.id = c.lesson_id
      GROUP BY c.module_id, c.user_id
    ), progress AS (
      SELECT learner.module_id, learner.last_at,
        CASE WHEN premium THEN total ELSE free END AS reachable, done
      FROM learner JOIN available ON available.module_id = learner.module_id
    )
    SELECT module_id AS moduleId,
      count(*) AS learners,
      sum(CASE WHEN reachable > 0 AND done >= reachable THEN 1 ELSE 0 END) AS completed,
      avg(CASE WHEN reachable > 0 THEN min(1.0, 1.0 * done / reachable) ELSE 0 END) AS average,
      sum(CASE WHEN last_at >= ${since} THEN 1 ELSE 0 END) AS active
    FROM progress GROUP BY module_id`);
}

const NO_STATS: ModuleStats = { learners: 0, completed: 0, completionRate: 0, averageProgress: 0, activeLearners: 0 };

export function toStats(row: StatsRow | undefined): ModuleStats {
  if (!row || !row.learners) return NO_STATS;
  const learners = Number(row.learners);
  const completed = Number(row.completed);
  return {
    learners,
    completed,
    completionRate: Math.round((completed / learners) * 100),
    averageProgress: Math.round(Number(row.average ?? 0) * 100),
    activeLearners: Number(row.active),
  };
}
