import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, updatedAt } from './columns';
import { lessons } from './content';
import { REMINDER_KINDS } from './enums';
import { users } from './users';

/**
 * A learner's choice of reminders by e-mail (the profile's switch; no row: never turned on).
 * `offToken` is the random secret in every reminder's turn-off link, which works without
 * signing in; it stays the same through off and on, so an older mail's link still works.
 */
export const reminderSettings = sqliteTable(
  'reminder_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: bool('enabled').notNull(),
    offToken: text('off_token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The reminders job reads the learners who have them on.
  (t) => [index('reminder_settings_enabled_idx').on(t.enabled)],
);

/**
 * The reminders sent, one row per user and Oslo calendar day at most (the primary key is the
 * "one a day" rule); a new-lesson reminder names its lesson, so a lesson is announced once.
 */
export const reminderLog = sqliteTable(
  'reminder_log',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Oslo calendar day, YYYY-MM-DD. */
    day: text('day').notNull(),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    lessonId: text('lesson_id').references(() => lessons.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    // "Was this lesson announced to this user?"; also the foreign key's lookup.
    index('reminder_log_lesson_idx').on(t.lessonId, t.userId),
    // The job deletes rows past the look-back window by day.
    index('reminder_log_day_idx').on(t.day),
    // The job's batches find the rows they wrote by their stamp (and lesson: none for a streak).
    index('reminder_log_sent_idx').on(t.sentAt, t.lessonId),
  ],
);

/**
 * When each lesson was first seen visible to learners by the reminders job: what makes a lesson
 * "new". Lessons already visible at the job's first run are `baseline` and never announced.
 */
export const lessonAnnouncements = sqliteTable(
  'lesson_announcements',
  {
    lessonId: text('lesson_id')
      .primaryKey()
      .references(() => lessons.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    visibleSince: integer('visible_since', { mode: 'timestamp_ms' }).notNull(),
    baseline: integer('baseline', { mode: 'boolean' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lesson_announcements_visible_idx').on(t.visibleSince)],
);
