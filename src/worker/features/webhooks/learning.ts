import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { lessonCompletions, lessonPosts, lessons, webhookDeliveries } from '#db/schema';
import { webhookStatement } from './emit';

/**
 * `lesson.completed`, once per lesson the member completes: `before` queues one for each of
 * `lessons` (SQL list of ids) the member has not completed yet, and goes before the batch's
 * insert of the completions; `after` withdraws those the insert refused (a rule said no). So
 * saving a lesson again tells no one twice, whatever the clock. Ids only.
 */
export function lessonCompletedStatements(db: Db, input: { userId: string; now: number; lessons: SQL }) {
  const lc = lessonCompletions;
  const l = lessons;
  const eventId = crypto.randomUUID();
  const before = webhookStatement(db, {
    event: 'lesson.completed',
    now: input.now,
    from: sql`${l}`,
    when: sql`${l.id} IN ${input.lessons}
      AND NOT EXISTS (SELECT 1 FROM ${lc} WHERE ${lc.userId} = ${input.userId} AND ${lc.lessonId} = ${l.id})`,
    eventId: sql`${eventId} || '.' || ${l.id}`,
    userId: input.userId,
    data: { memberId: input.userId, lessonId: sql`${l.id}`, moduleId: sql`${l.moduleId}` },
  });
  const d = webhookDeliveries;
  const after = db.delete(d).where(
    sql`${d.eventId} >= ${`${eventId}.`} AND ${d.eventId} < ${`${eventId}/`}
      AND NOT EXISTS (SELECT 1 FROM ${lc} WHERE ${lc.userId} = ${input.userId}
                      AND ${lc.lessonId} = json_extract(${d.payload}, '$.data.lessonId'))`,
  );
  return { before, after };
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
