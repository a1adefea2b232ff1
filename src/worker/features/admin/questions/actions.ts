import { eq, sql, type SQL } from 'drizzle-orm';
import { lessonPosts, postReports, users } from '#db/schema';
import type {
  AuthorBlockedResponse,
  PostDeletedResponse,
  PostHiddenResponse,
  ReportsDismissedResponse,
} from '#shared/schemas/admin/questions';
import type { ServiceCtx } from '#worker/context';
import { notFound } from '#worker/errors';
import { auditExistingStatement } from '#worker/audit';

/*
 * The admin's actions on posts and their authors, each one batch with its audit row (written
 * first, and only for a row that exists). The audit keeps ids and settings only: a post's text is
 * personal data and never copied in.
 */

type OnPost = { actorId: string; postId: string };
const flag = (on: boolean) => sql`json(${on ? 'true' : 'false'})`;

const auditPost = (ctx: ServiceCtx, actorId: string, verb: string, postId: string, details?: SQL) =>
  auditExistingStatement(
    ctx,
    { actorId, action: `lesson_post.${verb}`, targetType: 'lesson_post', targetId: postId },
    { table: lessonPosts, idColumn: lessonPosts.id, details },
  );

/** PUT /api/admin/questions/posts/{id}/hidden: hides a post from learners (a question with its thread), or shows it again. */
export async function setPostHidden(
  ctx: ServiceCtx,
  { actorId, postId, hidden }: OnPost & { hidden: boolean },
): Promise<PostHiddenResponse> {
  const { db } = ctx;
  const [, [row]] = await db.batch([
    auditPost(ctx, actorId, hidden ? 'hide' : 'show', postId, sql`json_object('hidden', ${flag(hidden)})`),
    db
      .update(lessonPosts)
      .set({ hiddenAt: hidden ? sql`coalesce(${lessonPosts.hiddenAt}, ${ctx.now()})` : null })
      .where(eq(lessonPosts.id, postId))
      .returning({ id: lessonPosts.id }),
  ]);
  if (!row) throw notFound();
  return { post: { id: row.id, hidden } };
}

/** DELETE /api/admin/questions/posts/{id}: deletes a post; a question goes with its answers and reports. */
export async function deletePost(ctx: ServiceCtx, { actorId, postId }: OnPost): Promise<PostDeletedResponse> {
  const { db } = ctx;
  const [, deleted] = await db.batch([
    auditPost(
      ctx,
      actorId,
      'delete',
      postId,
      sql`json_object('questionId', ${lessonPosts.questionId}, 'lessonId', ${lessonPosts.lessonId})`,
    ),
    db.delete(lessonPosts).where(eq(lessonPosts.id, postId)).returning({ id: lessonPosts.id }),
  ]);
  if (deleted.length === 0) throw notFound();
  return { deleted: true };
}

/** DELETE /api/admin/questions/posts/{id}/reports: the admin has looked at the reports and keeps the post. */
export async function dismissReports(ctx: ServiceCtx, { actorId, postId }: OnPost): Promise<ReportsDismissedResponse> {
  const { db } = ctx;
  const [audit, dismissed] = await db.batch([
    auditPost(ctx, actorId, 'dismiss_reports', postId),
    db.delete(postReports).where(eq(postReports.postId, postId)).returning({ postId: postReports.postId }),
  ]);
  if (audit.rowsAffected === 0) throw notFound();
  return { dismissed: dismissed.length };
}

/** PUT /api/admin/questions/authors/{userId}/blocked: blocks a user from posting under lessons, or lets them again. */
export async function setAuthorBlocked(
  ctx: ServiceCtx,
  { actorId, userId, blocked }: { actorId: string; userId: string; blocked: boolean },
): Promise<AuthorBlockedResponse> {
  const { db } = ctx;
  const [, [row]] = await db.batch([
    auditExistingStatement(
      ctx,
      { actorId, action: blocked ? 'user.block_posting' : 'user.unblock_posting', targetType: 'user', targetId: userId },
      { table: users, idColumn: users.id, details: sql`json_object('blocked', ${flag(blocked)})` },
    ),
    db
      .update(users)
      .set({ postingBlockedAt: blocked ? sql`coalesce(${users.postingBlockedAt}, ${ctx.now()})` : null })
      .where(eq(users.id, userId))
      .returning({ id: users.id }),
  ]);
  if (!row) throw notFound();
  return { userId: row.id, blocked };
}
