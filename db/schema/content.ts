import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, updatedAt } from './columns';
import { LESSON_TYPES } from './enums';

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

export type Module = typeof modules.$inferSelect;
export type Lesson = typeof lessons.$inferSelect;
