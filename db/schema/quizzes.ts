import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt } from './columns';
import { lessonRef, userRef } from './refs';

/**
 * Every attempt at a quiz lesson (POST /api/guide/lessons/{id}/quiz; docs/decisions/0048-quizzes.md).
 * Personal data: exported with the user and erased with them (cascade). `answers` are the option ids
 * chosen, one list per question; `results` whether each question was right.
 */
export const quizAttempts = sqliteTable(
  'quiz_attempts',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    lessonId: lessonRef(),
    answers: text('answers', { mode: 'json' }).$type<string[][]>().notNull(),
    results: text('results', { mode: 'json' }).$type<boolean[]>().notNull(),
    score: integer('score').notNull(),
    passed: bool('passed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A learner's attempts at a lesson (first attempt or not, passed yet); erasure by user.
    index('quiz_attempts_user_lesson_idx').on(t.userId, t.lessonId, t.passed),
    // Foreign key: deleting a lesson finds its attempts by it.
    index('quiz_attempts_lesson_idx').on(t.lessonId),
  ],
);

/**
 * Per quiz question, how many learners answered it on their first attempt and how many of those
 * got it wrong: the admin's "where the course fails its learners". Counted when the first attempt
 * is recorded, so reading it never scans the attempts. Anonymous: it outlives erased users.
 */
export const quizQuestionStats = sqliteTable(
  'quiz_question_stats',
  {
    lessonId: lessonRef(),
    questionId: text('question_id').notNull(),
    firstAnswers: integer('first_answers').notNull().default(0),
    firstWrong: integer('first_wrong').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.questionId] })],
);
