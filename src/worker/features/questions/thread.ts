import { sql } from 'drizzle-orm';
import { QUESTIONS } from '#shared/constants';
import type { ThreadResponse } from '#shared/schemas/questions';
import type { ServiceCtx } from '#worker/context';
import type { Viewer } from '#worker/features/guide/index';
import { accessQuery, mayOpen, requireAccess } from './access';
import { POST_COLUMNS, toAnswer, type PostRow } from './authors';

/**
 * GET /api/guide/lessons/{id}/questions: the lesson's newest visible questions (a page of
 * QUESTIONS.pageSize; `before` a question's id for the page after it) with their visible answers,
 * oldest first. Opening the thread marks the viewer's own answered questions there as seen (the
 * badge). One batch; every statement guarded by the lesson's access rule.
 */
export async function readThread(
  ctx: ServiceCtx,
  { viewer: v, lessonId, before }: { viewer: Viewer; lessonId: string; before?: string },
): Promise<ThreadResponse> {
  const { db } = ctx;
  // Newest first by (created_at, id), the thread index's order: a page never sorts the lesson's questions.
  const after = before
    ? sql`AND q.created_at <= (SELECT created_at FROM lesson_posts WHERE id = ${before})
        AND (q.created_at < (SELECT created_at FROM lesson_posts WHERE id = ${before}) OR q.id < ${before})`
    : sql``;
  const page = sql`SELECT q.id FROM lesson_posts q
    WHERE q.lesson_id = ${lessonId} AND q.question_id IS NULL AND q.hidden_at IS NULL ${after}
    ORDER BY q.created_at DESC, q.id DESC LIMIT ${QUESTIONS.pageSize + 1}`;
  const [[access], questions, answers] = await db.batch([
    accessQuery(db, v, sql`${lessonId}`),
    db.all<PostRow>(sql`SELECT ${sql.raw(POST_COLUMNS)} FROM lesson_posts p JOIN users u ON u.id = p.author_id
      WHERE p.id IN (${page}) AND ${mayOpen(v, lessonId)} ORDER BY p.created_at DESC, p.id DESC`),
    db.all<PostRow>(sql`SELECT ${sql.raw(POST_COLUMNS)} FROM lesson_posts p JOIN users u ON u.id = p.author_id
      WHERE p.question_id IN (${page}) AND p.hidden_at IS NULL AND ${mayOpen(v, lessonId)} ORDER BY p.created_at, p.id`),
    db.run(sql`UPDATE lesson_posts SET unread = 0
      WHERE author_id = ${v.userId} AND unread > 0 AND lesson_id = ${lessonId} AND ${mayOpen(v, lessonId)}`),
  ]);
  requireAccess(access);
  const shown = questions.slice(0, QUESTIONS.pageSize);
  return {
    questions: shown.map((q) => ({
      ...toAnswer(q, v.userId),
      answers: answers.filter((a) => a.questionId === q.id).map((a) => toAnswer(a, v.userId)),
    })),
    hasMore: questions.length > QUESTIONS.pageSize,
  };
}
