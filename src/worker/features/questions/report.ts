import { sql } from 'drizzle-orm';
import type { ReportResponse } from '#shared/schemas/questions';
import type { ServiceCtx } from '#worker/context';
import { AppError, notFound } from '#worker/errors';
import type { Viewer } from '#worker/features/guide/index';
import { accessQuery, mayOpen, requireAccess } from './access';

/**
 * POST /api/guide/posts/{id}/report: the viewer reports someone else's visible post in a thread
 * they may read; reporting it again changes nothing. The admin's inbox shows the reports. One batch.
 */
export async function reportPost(
  ctx: ServiceCtx,
  { viewer: v, postId }: { viewer: Viewer; postId: string },
): Promise<ReportResponse> {
  const { db } = ctx;
  // A visible post in a visible thread: an answer under a hidden question is hidden with it.
  const lesson = sql`(SELECT rp.lesson_id FROM lesson_posts rp LEFT JOIN lesson_posts rq ON rq.id = rp.question_id
    WHERE rp.id = ${postId} AND rp.hidden_at IS NULL AND rq.hidden_at IS NULL)`;
  const [, [access], [post]] = await db.batch([
    db.run(sql`INSERT INTO post_reports (post_id, reporter_id, created_at)
      SELECT id, ${v.userId}, ${ctx.now()} FROM lesson_posts
      WHERE id = ${postId} AND author_id <> ${v.userId} AND ${lesson} IS NOT NULL AND ${mayOpen(v, lesson)}
      ON CONFLICT DO NOTHING`),
    accessQuery(db, v, lesson),
    db.all<{ own: number }>(sql`SELECT author_id = ${v.userId} AS own FROM lesson_posts WHERE id = ${postId}`),
  ]);
  if (!access || !post) throw notFound();
  requireAccess(access);
  if (post.own) throw new AppError('cannot_report_own', 400);
  return { reported: true };
}
