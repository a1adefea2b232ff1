import { sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_QUESTIONS_PAGE_SIZE,
  type AdminPost,
  type AdminQuestion,
  type AdminQuestionList,
  type AdminQuestionListQuery,
  type QuestionStatus,
} from '#shared/schemas/admin/questions';
import type { ServiceCtx } from '#worker/context';

/*
 * The admin's inbox: a page of questions with their whole threads, hidden posts and reports
 * included. Each list reads one index: unanswered visible questions oldest first (the partial
 * index), every question newest first, or the reported threads by their latest report.
 */
const PAGES: Record<QuestionStatus, { ids: SQL; order: SQL }> = {
  unanswered: {
    ids: sql`SELECT id FROM lesson_posts WHERE question_id IS NULL AND answered_at IS NULL AND hidden_at IS NULL ORDER BY created_at`,
    order: sql`p.created_at`,
  },
  all: {
    ids: sql`SELECT id FROM lesson_posts WHERE question_id IS NULL ORDER BY created_at DESC`,
    order: sql`p.created_at DESC`,
  },
  reported: {
    ids: sql`SELECT coalesce(rp.question_id, rp.id) FROM post_reports r JOIN lesson_posts rp ON rp.id = r.post_id
      GROUP BY 1 ORDER BY max(r.created_at) DESC`,
    order: sql`(SELECT max(r.created_at) FROM post_reports r JOIN lesson_posts rp ON rp.id = r.post_id
      WHERE coalesce(rp.question_id, rp.id) = p.id) DESC`,
  },
};

type Row = {
  id: string;
  questionId: string | null;
  body: string;
  createdAt: number;
  official: number;
  hiddenAt: number | null;
  answeredAt: number | null;
  reports: number;
  authorId: string;
  firstName: string;
  email: string;
  blockedAt: number | null;
  lessonId: string;
  moduleId: string;
  lessonTitle: string;
};

const COLUMNS = sql`p.id AS id, p.question_id AS questionId, p.body AS body, p.created_at AS createdAt, p.official AS official,
  p.hidden_at AS hiddenAt, p.answered_at AS answeredAt, (SELECT count(*) FROM post_reports r WHERE r.post_id = p.id) AS reports,
  u.id AS authorId, u.first_name AS firstName, u.email AS email, u.posting_blocked_at AS blockedAt,
  l.id AS lessonId, l.module_id AS moduleId, l.title AS lessonTitle`;
const FROM = sql`FROM lesson_posts p JOIN users u ON u.id = p.author_id JOIN lessons l ON l.id = p.lesson_id`;

const toPost = (r: Row): AdminPost => ({
  id: r.id,
  author: { id: r.authorId, name: r.firstName, email: r.email, blocked: r.blockedAt !== null },
  body: r.body,
  createdAt: new Date(r.createdAt).toISOString(),
  official: Boolean(r.official),
  hidden: r.hiddenAt !== null,
  reports: r.reports,
});

/** GET /api/admin/questions: one round trip (the page's questions, and their answers). */
export async function listQuestions(ctx: ServiceCtx, { status, page }: AdminQuestionListQuery): Promise<AdminQuestionList> {
  const { db } = ctx;
  const { ids, order } = PAGES[status];
  const pageIds = sql`${ids} LIMIT ${ADMIN_QUESTIONS_PAGE_SIZE + 1} OFFSET ${(page - 1) * ADMIN_QUESTIONS_PAGE_SIZE}`;
  const [questions, answers] = await db.batch([
    db.all<Row>(sql`SELECT ${COLUMNS} ${FROM} WHERE p.id IN (${pageIds}) ORDER BY ${order}, p.id`),
    db.all<Row>(sql`SELECT ${COLUMNS} ${FROM} WHERE p.question_id IN (${pageIds}) ORDER BY p.created_at, p.id`),
  ]);
  const shown = questions.slice(0, ADMIN_QUESTIONS_PAGE_SIZE);
  return {
    questions: shown.map((q): AdminQuestion => ({
      ...toPost(q),
      lesson: { id: q.lessonId, moduleId: q.moduleId, title: q.lessonTitle },
      answered: q.answeredAt !== null,
      answers: answers.filter((a) => a.questionId === q.id).map(toPost),
    })),
    page,
    hasMore: questions.length > ADMIN_QUESTIONS_PAGE_SIZE,
  };
}
