import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { bool, createdAt } from './columns';
import { lessons } from './content';
import { users } from './users';

/**
 * Questions under a lesson and the answers in their threads (docs/decisions/0046-lesson-questions.md).
 * A question has no `questionId`; an answer names its question. Plain text only, shown as text
 * with links by the browser: no HTML from users is ever stored or rendered. Erasing the author
 * deletes their posts, and with a question its thread (cascade).
 */
export const lessonPosts = sqliteTable(
  'lesson_posts',
  {
    id: text('id').primaryKey(),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    questionId: text('question_id').references((): AnySQLiteColumn => lessonPosts.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** Written by an admin: shown as "Svar fra Soloprenør", never with the admin's own name. */
    official: bool('official').notNull().default(false),
    /** Hidden by an admin: learners no longer see it (nor, for a question, its thread). */
    hiddenAt: integer('hidden_at', { mode: 'timestamp_ms' }),
    /** On a question: when it first got an official answer; the admin's inbox lists those without one. */
    answeredAt: integer('answered_at', { mode: 'timestamp_ms' }),
    /** On a question: answers by others the asker has not yet seen (the guide's badge). */
    unread: integer('unread').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // A lesson's thread, newest questions first, paged.
    index('lesson_posts_thread_idx').on(t.lessonId, t.questionId, t.createdAt),
    // A question's answers; every question, newest first, is the `question_id IS NULL` part.
    index('lesson_posts_question_idx').on(t.questionId, t.createdAt),
    // The spam limit counts an author's posts in the last hour; erasure deletes by author.
    index('lesson_posts_author_idx').on(t.authorId, t.createdAt),
    // The admin's inbox: unanswered visible questions, oldest first.
    index('lesson_posts_unanswered_idx')
      .on(t.createdAt)
      .where(sql`${t.questionId} IS NULL AND ${t.answeredAt} IS NULL AND ${t.hiddenAt} IS NULL`),
    // The guide's badge: an asker's questions with unseen answers.
    index('lesson_posts_unread_idx')
      .on(t.authorId)
      .where(sql`${t.unread} > 0`),
  ],
);

/** A learner's report of a post ("Rapporter"); once per reporter and post. The admin's inbox shows them. */
export const postReports = sqliteTable(
  'post_reports',
  {
    postId: text('post_id')
      .notNull()
      .references(() => lessonPosts.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.reporterId] }), index('post_reports_reporter_idx').on(t.reporterId)],
);

export type LessonPost = typeof lessonPosts.$inferSelect;
