import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { lessonCompletions, lessonPosts } from '#db/schema';
import { webhookStatement } from './emit';

/**
 * `lesson.completed`, one per lesson the member's completion an earlier statement of the batch
 * wrote at `now` (`lessons`: which lesson ids, SQL) — a lesson completed before keeps its old
 * time, so saving it again tells no one twice. Ids only.
 */
export function lessonCompletedStatement(db: Db, input: { userId: string; now: number; lessons: SQL }) {
  const lc = lessonCompletions;
  const eventId = crypto.randomUUID();
  return webhookStatement(db, {
    event: 'lesson.completed',
    now: input.now,
    from: sql`${lc}`,
    when: sql`${lc.userId} = ${input.userId} AND ${lc.completedAt} = ${input.now} AND ${lc.lessonId} IN ${input.lessons}`,
    eventId: sql`${eventId} || '.' || ${lc.lessonId}`,
    userId: input.userId,
    data: { memberId: input.userId, lessonId: sql`${lc.lessonId}`, moduleId: sql`${lc.moduleId}` },
  });
}

/**
 * `question.asked` for post `postId`, if an earlier statement of the batch wrote it. Ids, not
 * the text: a question can name or describe its asker, and the admin reads it in the admin.
 */
export function questionAskedStatement(db: Db, input: { postId: string; lessonId: string; userId: string; now: number }) {
  return webhookStatement(db, {
    event: 'question.asked',
    now: input.now,
    when: sql`EXISTS (SELECT 1 FROM ${lessonPosts} WHERE ${lessonPosts.id} = ${input.postId})`,
    userId: input.userId,
    data: { questionId: input.postId, lessonId: input.lessonId, memberId: input.userId },
  });
}
