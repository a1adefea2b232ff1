import { text } from 'drizzle-orm/sqlite-core';
import { lessons, modules } from './content';
import { users } from './users';

/* The references a learner's rows make, written once: a row goes with its user, and follows its lesson or module. */

/** The user a row describes: deleting the user deletes the row. */
export const userRef = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The module a row belongs to, following the module's id if an admin renames it. */
export const moduleRef = () =>
  text('module_id')
    .notNull()
    .references(() => modules.id, { onDelete: 'cascade', onUpdate: 'cascade' });

/** The lesson a row belongs to, following the lesson's id if an admin renames it. */
export const lessonRef = () =>
  text('lesson_id')
    .notNull()
    .references(() => lessons.id, { onDelete: 'cascade', onUpdate: 'cascade' });
