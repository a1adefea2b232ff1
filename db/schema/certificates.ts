import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt } from './columns';
import { users } from './users';

/**
 * A learner's course certificate (docs/decisions/0049-certificate-verification.md), written when it
 * is first issued. `id` is public and unguessable: the PDF prints it and links `/sertifikat/{id}`,
 * which shows the name, course and date only while `public` is set (the learner's choice; they can
 * withdraw it). Personal data: erased with the user.
 */
export const certificates = sqliteTable('certificates', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** The Oslo calendar day the course was finished, YYYY-MM-DD. */
  issuedOn: text('issued_on').notNull(),
  modules: integer('modules').notNull(),
  lessons: integer('lessons').notNull(),
  public: bool('public').notNull().default(false),
  createdAt: createdAt(),
});
