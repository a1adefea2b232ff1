import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, updatedAt } from './columns';
import { LESSON_TYPES } from './enums';
import { users } from './users';

export const modules = sqliteTable(
  'modules',
  {
    id: text('id').primaryKey(),
    order: integer('order').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon'),
    color: text('color'),
    isPremium: bool('is_premium').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('modules_order_idx').on(t.order)],
);

export type LessonResource = { title: string; url?: string };

export const lessons = sqliteTable(
  'lessons',
  {
    id: text('id').primaryKey(),
    moduleId: text('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    content: text('content').notNull().default(''),
    order: integer('order').notNull(),
    type: text('type', { enum: LESSON_TYPES }).notNull().default('text'),
    isPremium: bool('is_premium').notNull().default(false),
    duration: integer('duration'),
    resources: text('resources', { mode: 'json' }).$type<LessonResource[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lessons_module_order_idx').on(t.moduleId, t.order)],
);

/** One row per completed lesson; a module's progress is derived from these. */
export const lessonCompletions = sqliteTable(
  'lesson_completions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    moduleId: text('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    completedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('completions_user_module_idx').on(t.userId, t.moduleId),
    index('completions_completed_idx').on(t.completedAt),
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
export type Module = typeof modules.$inferSelect;
export type Lesson = typeof lessons.$inferSelect;
