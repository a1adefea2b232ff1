import { index, integer, primaryKey, sqliteTable, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, updatedAt } from './columns';
import { CONTENT_STATUSES, DIFFICULTIES, LESSON_TYPES } from './enums';
import { users } from './users';

/**
 * Whether learners see a row: a draft never; a published row once `publishAt` (UTC epoch ms) has
 * passed, or at once without one. A new row starts as a draft (the admin's create sets it); the
 * column default is 'published' so rows that existed before drafts stay visible.
 */
const publication = () => ({
  status: text('status', { enum: CONTENT_STATUSES }).notNull().default('published'),
  publishAt: integer('publish_at', { mode: 'timestamp_ms' }),
});

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
    /** Set by the admin; never derived from the module's position. */
    difficulty: text('difficulty', { enum: DIFFICULTIES }).notNull().default('beginner'),
    ...publication(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('modules_order_idx').on(t.order), index('modules_status_idx').on(t.status, t.publishAt)],
);

/** A resource links out (`url`) or to an uploaded file (`fileId`, served by /api/files/{id}). */
export type LessonResource = { title: string; url?: string; fileId?: string };

/**
 * A quiz lesson's questions (docs/decisions/0048-quizzes.md). `correct` never leaves the server
 * before an attempt; `explanation` says why the right answer is right. `passMark` is the share of
 * questions (percent, 1–100) a learner must get right.
 */
export type QuizOption = { id: string; text: string; correct: boolean };
export type QuizQuestion = { id: string; text: string; multiple: boolean; options: QuizOption[]; explanation: string };
export type Quiz = { passMark: number; questions: QuizQuestion[] };

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
    /** YouTube, Vimeo, Cloudflare Stream or a plain https MP4/HLS address (see src/shared/video.ts). */
    videoUrl: text('video_url'),
    /** Captions or transcript, Markdown, shown below the video. */
    transcript: text('transcript').notNull().default(''),
    /** An own video's captions: a WebVTT file in the FileStore, played as the video's `<track>`. */
    captionsFileId: text('captions_file_id').references((): AnySQLiteColumn => files.id, { onDelete: 'set null' }),
    /** A `quiz` lesson's questions; null for every other type. */
    quiz: text('quiz', { mode: 'json' }).$type<Quiz>(),
    ...publication(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lessons_module_order_idx').on(t.moduleId, t.order),
    index('lessons_status_idx').on(t.status, t.publishAt),
    // Foreign key: deleting a file clears the captions that name it.
    index('lessons_captions_idx').on(t.captionsFileId),
  ],
);

/** Files uploaded for lessons' resources; the bytes live in the FileStore under `id`. */
export const files = sqliteTable('files', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  size: integer('size').notNull(),
  contentType: text('content_type').notNull(),
  createdAt: createdAt(),
});

/** Where a user stopped in a lesson's video, in seconds (personal data: exported and erased with the user). */
export const videoPositions = sqliteTable(
  'video_positions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    seconds: integer('seconds').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index('video_positions_lesson_idx').on(t.lessonId)],
);

export type Module = typeof modules.$inferSelect;
export type Lesson = typeof lessons.$inferSelect;
