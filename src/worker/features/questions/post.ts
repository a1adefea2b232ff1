import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { User } from '#db/schema';
import { LESSON_PARAM, modulePath, QUESTIONS_ANCHOR } from '#shared/paths';
import { osloCalendarDay } from '#shared/time';
import type { AnswerResponse, QuestionResponse } from '#shared/schemas/questions';
import type { ServiceCtx } from '#worker/context';
import { enqueueMailWhen } from '#worker/emails/queue';
import { questionAnsweredEmail } from '#worker/emails/question-answered';
import { notFound } from '#worker/errors';
import type { Viewer } from '#worker/features/guide/index';
import { questionAskedStatement } from '#worker/features/webhooks/index';
import { accessQuery, mayOpen, requireAccess } from './access';
import { toAnswer } from './authors';
import { checkPoster, tooManyPosts, withinHourlyLimit } from './limits';

type Post = { viewer: Viewer; user: User; body: string };

/** The inserted post as the poster sees it (they wrote it, so nothing needs reading back). */
const ownPost = (id: string, { viewer, user, body }: Post, now: number, questionId: string | null) =>
  toAnswer(
    { id, questionId, body, createdAt: now, authorId: user.id, official: viewer.isStaff ? 1 : 0, firstName: user.firstName },
    user.id,
  );

/** The read after a guarded insert: was it written, and if not, was it the hourly limit? */
const outcome = (id: string, user: User, now: number) =>
  sql`SELECT EXISTS (SELECT 1 FROM lesson_posts WHERE id = ${id}) AS written, ${withinHourlyLimit(user, now)} AS within`;

/**
 * POST /api/guide/lessons/{id}/questions: a new question under a lesson the viewer may open.
 * An admin's question speaks for Soloprenør. One batch: the guarded insert and the reads that say why it did nothing.
 */
export async function askQuestion(ctx: ServiceCtx, input: Post & { lessonId: string }): Promise<QuestionResponse> {
  const { db } = ctx;
  const { viewer: v, user, body, lessonId } = input;
  const now = ctx.now();
  checkPoster(user, body, now);
  const id = crypto.randomUUID();
  const [, , [access], [result]] = await db.batch([
    db.run(sql`INSERT INTO lesson_posts (id, lesson_id, author_id, body, official, created_at)
      SELECT ${id}, ${lessonId}, ${user.id}, ${body}, ${v.isStaff ? 1 : 0}, ${now}
      WHERE ${mayOpen(v, lessonId)} AND ${withinHourlyLimit(user, now)}`),
    questionAskedStatement(db, { postId: id, lessonId, userId: user.id, now }),
    accessQuery(db, v, sql`${lessonId}`),
    db.all<{ written: number; within: number }>(outcome(id, user, now)),
  ]);
  requireAccess(access);
  if (!result?.written) throw tooManyPosts();
  return { question: { ...ownPost(id, input, now, null), answers: [] } };
}

/** Placeholder for the lesson's address in the answer mail, filled in by the statement that queues it. */
const LINK_SLOT = 'QUESTIONLESSONLINKSLOT';

/**
 * POST /api/guide/questions/{id}/answers (and the admin's answer): an answer in the thread of a
 * visible question under a lesson the viewer may open. An admin's answer is "Svar fra
 * Soloprenør" and marks the question answered. An answer by anyone but the asker raises the
 * asker's badge and queues them a mail — at most one per question and Oslo calendar day (the
 * queue's dedupe key). One batch.
 */
export async function answerQuestion(
  ctx: ServiceCtx<'config' | 'mailQueued'>,
  input: Post & { questionId: string },
  /** Statements to run after the answer in its batch (the admin's audit row), given its id. */
  alsoRun: (answerId: string) => BatchItem<'sqlite'>[] = () => [],
): Promise<AnswerResponse> {
  const { db } = ctx;
  const { viewer: v, user, body, questionId } = input;
  const now = ctx.now();
  checkPoster(user, body, now);
  const id = crypto.randomUUID();
  const question = sql`(SELECT q.lesson_id FROM lesson_posts q WHERE q.id = ${questionId} AND q.question_id IS NULL AND q.hidden_at IS NULL)`;
  const written = sql`EXISTS (SELECT 1 FROM lesson_posts WHERE id = ${id})`;
  const byOther = sql`(SELECT author_id FROM lesson_posts WHERE id = ${questionId}) <> ${user.id}`;
  const mail = questionAnsweredEmail({ link: LINK_SLOT });
  // Module and lesson ids are slugs: nothing in them needs encoding or escaping.
  const path = sql`(SELECT ${ctx.config.PUBLIC_URL + modulePath('')} || l.module_id || ${`?${LESSON_PARAM}=`} || l.id || ${`#${QUESTIONS_ANCHOR}`}
    FROM lesson_posts q JOIN lessons l ON l.id = q.lesson_id WHERE q.id = ${questionId})`;
  const [, , , [access], [result]] = await db.batch([
    db.run(sql`INSERT INTO lesson_posts (id, lesson_id, question_id, author_id, body, official, created_at)
      SELECT ${id}, ${question}, ${questionId}, ${user.id}, ${body}, ${v.isStaff ? 1 : 0}, ${now}
      WHERE ${question} IS NOT NULL AND ${mayOpen(v, question)} AND ${withinHourlyLimit(user, now)}`),
    db.run(sql`UPDATE lesson_posts SET
        answered_at = CASE WHEN ${v.isStaff ? 1 : 0} = 1 THEN coalesce(answered_at, ${now}) ELSE answered_at END,
        unread = unread + CASE WHEN author_id <> ${user.id} THEN 1 ELSE 0 END
      WHERE id = ${questionId} AND ${written}`),
    enqueueMailWhen(
      db,
      {
        ...mail,
        kind: 'transactional',
        to: sql`(SELECT u.email FROM lesson_posts q JOIN users u ON u.id = q.author_id WHERE q.id = ${questionId})`,
        text: sql`replace(${mail.text}, ${LINK_SLOT}, ${path})`,
        html: sql`replace(${mail.html}, ${LINK_SLOT}, ${path})`,
        dedupeKey: `question-answered:${questionId}:${osloCalendarDay(now)}`,
      },
      now,
      sql`${written} AND ${byOther}`,
    ),
    accessQuery(db, v, question),
    db.all<{ written: number; within: number }>(outcome(id, user, now)),
    ...alsoRun(id),
  ]);
  if (!access) throw notFound();
  requireAccess(access);
  if (!result?.written) throw tooManyPosts();
  ctx.mailQueued();
  return { answer: ownPost(id, input, now, questionId) };
}
