/**
 * The XP rules and achievements, once: the server awards by them, the guide shows them and the
 * admin's Gamification tab lists them.
 */
import type { ACHIEVEMENT_IDS, AWARD_KINDS } from '#db/schema/enums';
import { gamification as copy } from '#shared/copy/guide';

export type AwardKind = (typeof AWARD_KINDS)[number];
export type AchievementId = (typeof ACHIEVEMENT_IDS)[number];

/** XP for each thing a user does (achievements carry their own points below). */
export const XP_POINTS = {
  daily_login: 10,
  lesson_completed: 25,
  module_completed: 100,
  streak_day: 15,
} as const satisfies Record<Exclude<AwardKind, 'achievement'>, number>;

/** Days in a row that earn the streak achievement. */
export const STREAK_ACHIEVEMENT_DAYS = 7;

export const ACHIEVEMENTS = {
  'first-step': { points: 50, ...copy.achievements['first-step'] },
  'streak-7': { points: 100, ...copy.achievements['streak-7'] },
  'module-master': { points: 200, ...copy.achievements['module-master'] },
} as const satisfies Record<AchievementId, { points: number; title: string; description: string }>;

export const ACHIEVEMENT_ORDER = Object.keys(ACHIEVEMENTS) as AchievementId[];

/** The rules as a list with their labels, in the order the admin's Gamification section lists them. */
export const XP_RULES = (Object.keys(XP_POINTS) as (keyof typeof XP_POINTS)[]).map((kind) => ({
  kind,
  points: XP_POINTS[kind],
  label: copy.rules[kind],
}));
