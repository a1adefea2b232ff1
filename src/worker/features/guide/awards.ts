import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { ACHIEVEMENT_IDS } from '#db/schema/enums';
import { ACHIEVEMENTS, STREAK_ACHIEVEMENT_DAYS, XP_POINTS, type AchievementId, type AwardKind } from '#shared/gamification';
import type { Award } from '#shared/schemas/guide';
import { complete, hasAvailable, type Viewer } from './rules';

/*
 * XP is awarded inside the request's batch by INSERT … SELECT statements: each award has a
 * unique key per user (xp_awards' primary key), so a repeat inserts nothing and RETURNING
 * names only what is new.
 */

type AwardRow = { key: string; kind: AwardKind; points: number };

/** Inserts the awards `select` yields (columns key, kind, points) for the viewer; returns the new ones. */
function awardFrom(db: Db, v: Viewer, now: number, select: SQL) {
  return db.all<AwardRow>(sql`
    INSERT INTO xp_awards (user_id, key, kind, points, created_at)
    SELECT ${v.userId}, a.key, a.kind, a.points, ${now} FROM (${select}) a WHERE true
    ON CONFLICT DO NOTHING
    RETURNING key, kind, points`);
}

const awardIf = (db: Db, v: Viewer, now: number, award: AwardRow, condition: SQL) =>
  awardFrom(db, v, now, sql`SELECT ${award.key} AS key, ${award.kind} AS kind, ${award.points} AS points WHERE ${condition}`);

const achievement = (db: Db, v: Viewer, now: number, id: AchievementId, condition: SQL) =>
  awardIf(db, v, now, { key: `achievement:${id}`, kind: 'achievement', points: ACHIEVEMENTS[id].points }, condition);

/** After completions were written: XP per completed lesson and per completed module, and the two achievements they lead to. */
export function completionAwards(db: Db, v: Viewer, now: number, moduleId: string | SQL) {
  return [
    awardFrom(
      db,
      v,
      now,
      sql`SELECT 'lesson:' || lesson_id AS key, 'lesson_completed' AS kind, ${XP_POINTS.lesson_completed} AS points
          FROM lesson_completions WHERE user_id = ${v.userId} AND module_id = ${moduleId}`,
    ),
    awardFrom(
      db,
      v,
      now,
      sql`SELECT 'module:' || m.id AS key, 'module_completed' AS kind, ${XP_POINTS.module_completed} AS points
          FROM modules m WHERE m.id = ${moduleId} AND ${hasAvailable(v, 'm')} AND ${complete(v, 'm')}`,
    ),
    achievement(db, v, now, 'first-step', sql`EXISTS (SELECT 1 FROM lesson_completions WHERE user_id = ${v.userId})`),
    achievement(
      db,
      v,
      now,
      'module-master',
      sql`EXISTS (SELECT 1 FROM xp_awards WHERE user_id = ${v.userId} AND kind = 'module_completed')`,
    ),
  ] as const;
}

/**
 * A visit's awards on `today` (Oslo calendar day), after the visit updated the streak
 * (`streakNow` reads it): the daily login XP, the streak-day XP (a day that continues a streak)
 * and the 7-day achievement.
 */
export function visitAwards(db: Db, v: Viewer, now: number, today: string, streakNow: SQL) {
  return [
    awardIf(db, v, now, { key: `daily:${today}`, kind: 'daily_login', points: XP_POINTS.daily_login }, sql`true`),
    awardIf(db, v, now, { key: `streak:${today}`, kind: 'streak_day', points: XP_POINTS.streak_day }, sql`${streakNow} >= 2`),
    achievement(db, v, now, 'streak-7', sql`${streakNow} >= ${STREAK_ACHIEVEMENT_DAYS}`),
  ] as const;
}

/** The achievement an award key names, if it names one. */
export const achievementOf = (key: string): AchievementId | undefined =>
  ACHIEVEMENT_IDS.find((id) => key === `achievement:${id}`);

/** What a batch's award statements inserted, for the answer. */
export function toAwards(...inserted: AwardRow[][]): Award[] {
  return inserted.flat().map(({ key, kind, points }) => {
    const achievementId = kind === 'achievement' ? achievementOf(key) : undefined;
    return achievementId ? { kind, points, achievementId } : { kind, points };
  });
}
