import { sql } from 'drizzle-orm';
import { lessonPosts } from '#db/schema';
import type { ServiceCtx } from '#worker/context';
import { auditExistingStatement } from '#worker/audit';

/** The audit row of an admin's answer, after the answer in its batch: written only if the answer was. */
export const answerAudit = (ctx: ServiceCtx, actorId: string, answerId: string) =>
  auditExistingStatement(
    ctx,
    { actorId, action: 'lesson_post.answer', targetType: 'lesson_post', targetId: answerId },
    { table: lessonPosts, idColumn: lessonPosts.id, details: sql`json_object('questionId', ${lessonPosts.questionId})` },
  );
