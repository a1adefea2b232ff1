import { and, asc, eq, sql, sum } from 'drizzle-orm';
import type { Db } from '#db';
import { streaks, xpAwards } from '#db/schema';
import type { StreakResponse, StreakUpdateResponse } from '#shared/schemas/guide';
import { osloCalendarDay, shiftDay } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { achievementOf, toAwards, visitAwards } from './awards';
import type { Viewer } from './rules';

/**
 * Today's visit (Oslo calendar day): the streak goes on if yesterday was active, stays if today
 * already was, else restarts at 1. Then the visit's awards (awards.ts), which read the streak
 * this statement left.
 */
function visitStatements(db: Db, v: Viewer, now: number) {
  const today = osloCalendarDay(now);
  const yesterday = shiftDay(today, -1);
  const next = sql`CASE
    WHEN ${streaks.lastActiveDay} >= ${today} THEN ${streaks.currentStreak}
    WHEN ${streaks.lastActiveDay} = ${yesterday} THEN ${streaks.currentStreak} + 1
    ELSE 1 END`;
  const streakNow = sql`(SELECT current_streak FROM streaks WHERE user_id = ${v.userId})`;
  return [
    db
      .insert(streaks)
      .values({ userId: v.userId, currentStreak: 1, longestStreak: 1, lastActiveDay: today, updatedAt: new Date(now) })
      .onConflictDoUpdate({
        target: streaks.userId,
        set: {
          currentStreak: next,
          longestStreak: sql`max(${streaks.longestStreak}, ${next})`,
          lastActiveDay: sql`max(${streaks.lastActiveDay}, ${today})`,
          updatedAt: new Date(now),
        },
      }),
    ...visitAwards(db, v, now, today, streakNow),
  ] as const;
}

/** The viewer's streak row, XP total and achievements. */
export function statsQueries(db: Db, v: Viewer) {
  return [
    db.select().from(streaks).where(eq(streaks.userId, v.userId)),
    db
      .select({ xp: sum(xpAwards.points).mapWith(Number) })
      .from(xpAwards)
      .where(eq(xpAwards.userId, v.userId)),
    db
      .select({ key: xpAwards.key, createdAt: xpAwards.createdAt })
      .from(xpAwards)
      .where(and(eq(xpAwards.userId, v.userId), eq(xpAwards.kind, 'achievement')))
      .orderBy(asc(xpAwards.createdAt)),
  ] as const;
}

type StatsRows = readonly [(typeof streaks.$inferSelect)[], { xp: number | null }[], { key: string; createdAt: Date }[]];

/** The stats as the API shows them; a streak whose last day is before yesterday is broken and shows 0. */
export function toStreakResponse([[streak], [total], achievements]: StatsRows, now: number): StreakResponse {
  const yesterday = shiftDay(osloCalendarDay(now), -1);
  const alive = !!streak && streak.lastActiveDay >= yesterday;
  return {
    currentStreak: alive ? streak.currentStreak : 0,
    longestStreak: streak?.longestStreak ?? 0,
    xp: total?.xp ?? 0,
    achievements: achievements.flatMap(({ key, createdAt }) => {
      const id = achievementOf(key);
      return id ? [{ id, unlockedAt: createdAt.toISOString() }] : [];
    }),
  };
}

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
