import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, updatedAt } from './columns';
import { modules } from './content';
import { AWARD_KINDS, GUIDE_ACTION_TYPES } from './enums';
import { lessonRef, moduleRef, userRef } from './refs';
import { users } from './users';

/** One row per completed lesson; a module's progress is derived from these. */
export const lessonCompletions = sqliteTable(
  'lesson_completions',
  {
    userId: userRef(),
    lessonId: lessonRef(),
    moduleId: moduleRef(),
    completedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('completions_user_module_idx').on(t.userId, t.moduleId),
    // The admin's recent activity and active-learner counts read completions by time (and who, for active users).
    index('completions_completed_idx').on(t.completedAt, t.userId),
    // Foreign keys: deleting a lesson or module, and the admin's per-lesson statistics, look completions up by them.
    index('completions_lesson_idx').on(t.lessonId),
    index('completions_module_idx').on(t.moduleId),
  ],
);

export const streaks = sqliteTable('streaks', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  currentStreak: integer('current_streak').notNull().default(0),
  longestStreak: integer('longest_streak').notNull().default(0),
  /** Calendar day in Europe/Oslo, YYYY-MM-DD. */
  lastActiveDay: text('last_active_day').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Every XP award, keyed so that the same achievement can never be counted twice:
 * `daily:2026-11-21`, `streak:2026-11-21`, `lesson:{lessonId}`, `module:{moduleId}`,
 * `achievement:{id}`. A user's XP is the sum of their rows.
 */
export const xpAwards = sqliteTable(
  'xp_awards',
  {
    userId: userRef(),
    key: text('key').notNull(),
    kind: text('kind', { enum: AWARD_KINDS }).notNull(),
    points: integer('points').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** What a user did in a module (POST /api/guide/action); a repeat of the same action is recorded once. */
export const guideActions = sqliteTable(
  'guide_actions',
  {
    userId: userRef(),
    moduleId: moduleRef(),
    actionType: text('action_type', { enum: GUIDE_ACTION_TYPES }).notNull(),
    /** The lesson id or section id the action names. */
    targetId: text('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.moduleId, t.actionType, t.targetId] }),
    index('guide_actions_created_idx').on(t.createdAt),
    // Foreign key: deleting a module looks its actions up by it.
    index('guide_actions_module_idx').on(t.moduleId),
  ],
);

/**
 * The admin's per-module statistics, summed over the learners by the statistics job
 * (src/worker/jobs/module-stats.ts): reading them from every completion on each view grows with
 * the site (3 s at 1.5 M completions). `pass` 0 holds the last full pass, the one the admin sees;
 * `pass` 1 the sums of the pass under way, over the users it has reached (cursor in `counters`).
 */
export const moduleStats = sqliteTable(
  'module_stats',
  {
    moduleId: text('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    pass: integer('pass').notNull(),
    learners: integer('learners').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    /** Sum over the learners of their progress (0..1), for the average. */
    progress: real('progress').notNull().default(0),
    /** Learners whose latest completion in the module is within the active window. */
    active: integer('active').notNull().default(0),
    /** When the pass was published. */
    computedAt: integer('computed_at'),
  },
  (t) => [primaryKey({ columns: [t.moduleId, t.pass] })],
);

/**
 * A module the user has completed, written once when it happens. Unlocking the next module and
 * the count of finished modules read these rows, not today's lessons: a lesson that becomes
 * available later (an upgrade to Premium, a new lesson) never takes a completion away.
 */
export const moduleCompletions = sqliteTable(
  'module_completions',
  {
    userId: userRef(),
    moduleId: moduleRef(),
    completedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.moduleId] }), index('module_completions_module_idx').on(t.moduleId)],
);

/**
 * A learner's private note on a lesson, and whether they bookmarked it (PUT /api/guide/lessons/{id}/note).
 * Personal data: exported by the schema walk and erased with the user. A row with neither text nor a
 * bookmark is deleted rather than kept empty.
 */
export const lessonNotes = sqliteTable(
  'lesson_notes',
  {
    userId: userRef(),
    lessonId: lessonRef(),
    body: text('body').notNull().default(''),
    bookmarked: bool('bookmarked').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    // "Mine notater" lists a user's notes newest first; deleting a lesson finds its notes by it.
    index('lesson_notes_user_updated_idx').on(t.userId, t.updatedAt),
    index('lesson_notes_lesson_idx').on(t.lessonId),
  ],
);
