import type { StreakResponse, StreakUpdateResponse } from '#shared/schemas/guide';
import type { ServiceCtx } from '#worker/context';
import { statsQueries, toAwards, toStreakResponse, visitStatements } from './awards';
import type { Viewer } from './rules';

export async function getStreak(ctx: ServiceCtx, { viewer }: { viewer: Viewer }): Promise<StreakResponse> {
  return toStreakResponse(await ctx.db.batch(statsQueries(ctx.db, viewer)), ctx.now());
}

/** Counts today's visit (run when the user enters /guide) and answers with the stats after it. */
export async function recordVisit(ctx: ServiceCtx, { viewer }: { viewer: Viewer }): Promise<StreakUpdateResponse> {
  const now = ctx.now();
  const [, daily, streakDay, streak7, ...stats] = await ctx.db.batch([
    ...visitStatements(ctx.db, viewer, now),
    ...statsQueries(ctx.db, viewer),
  ]);
  return { ...toStreakResponse(stats, now), awarded: toAwards(daily, streakDay, streak7) };
}
