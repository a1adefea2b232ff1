import { eq } from 'drizzle-orm';
import { moduleStats } from '#db/schema';
import type { ModuleStats } from '#shared/schemas/admin/content';
import type { ServiceCtx } from '#worker/context';

/**
 * Per-module statistics as of the statistics job's last full pass (jobs/module-stats.ts), as one
 * statement for a batch: counting them from every completion on each view grows with the site.
 */
export function moduleStatsQuery(ctx: ServiceCtx) {
  return ctx.db.select().from(moduleStats).where(eq(moduleStats.pass, 0));
}

type StatsRow = typeof moduleStats.$inferSelect;

const NO_STATS: ModuleStats = { learners: 0, completed: 0, completionRate: 0, averageProgress: 0, activeLearners: 0 };

export function toStats(row: StatsRow | undefined): ModuleStats {
  if (!row || !row.learners) return NO_STATS;
  const { learners, completed } = row;
  return {
    learners,
    completed,
    completionRate: Math.round((completed / learners) * 100),
    averageProgress: Math.round((row.progress / learners) * 100),
    activeLearners: row.active,
  };
}
