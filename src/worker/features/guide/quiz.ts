/*
 * Quiz lessons (docs/decisions/0048-quizzes.md). An attempt is graded in SQL inside the request's
 * one batch: the posted answers go in as one JSON parameter and are compared with the lesson's
 * stored quiz (`lessons.quiz`) by json_each, under the guide's access rules, so the session lookup
 * plus one batch is the whole request and the correct answers never leave the server before it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import type { Quiz } from '#db/schema';
import type { QuizAttemptResponse, QuizView } from '#shared/schemas/guide';
import type { ServiceCtx } from '#worker/context';
import { AppError, notFound } from '#worker/errors';
import { completionAwards, toAwards } from './awards';
import { catalogQueries, moduleStates, progressEntry, requireOpenModule } from './catalog';
import { recordModuleCompletion } from './progress';
import { published } from './published';
import { available, unlocked, type Viewer } from './rules';
import { lessonCompletedStatements } from '#worker/features/webhooks/index';

/**
 * Per question of lesson `l`'s quiz (`q.key` its index), whether the posted answer (`answers`, a
 * JSON array of option-id arrays) is right: exactly the options marked correct were chosen.
 */
const questionRight = (answers: string) => sql`(
  NOT EXISTS (SELECT 1 FROM json_each(q.value, '$.options') o
    WHERE coalesce(json_extract(o.value, '$.correct'), 0) <> (json_extract(o.value, '$.id') IN
      (SELECT c.value FROM json_each(${answers}, '$[' || q.key || ']') c)))
  AND NOT EXISTS (SELECT 1 FROM json_each(${answers}, '$[' || q.key || ']') c
    WHERE c.value NOT IN (SELECT json_extract(o.value, '$.id') FROM json_each(q.value, '$.options') o)))`;

/**
 * Records the attempt, graded: only for a quiz lesson the viewer may open (available, module
 * unlocked) and an answer for each of its questions; otherwise nothing is written and the read at
 * the end of the batch says why.
 */
function insertAttempt(db: Db, v: Viewer, now: number, attemptId: string, lessonId: string, answers: string) {
  // The aggregate reads the graded questions in their order (an ordered subquery under an aggregate
  // is not flattened); the outer WHERE drops the one empty row an aggregate gives when nothing passed the guard.
  return db.run(sql`
    INSERT INTO quiz_attempts (id, user_id, lesson_id, answers, results, score, passed, created_at)
    SELECT ${attemptId}, ${v.userId}, t.lesson_id, ${answers}, t.results, t.score, t.passed, ${now}
    FROM (
      SELECT max(g.lesson_id) AS lesson_id, json_group_array(json(CASE WHEN g.ok THEN 'true' ELSE 'false' END)) AS results,
        sum(g.ok) AS score, sum(g.ok) * 100 >= max(g.pass_mark) * count(*) AS passed
      FROM (
        SELECT l.id AS lesson_id, json_extract(l.quiz, '$.passMark') AS pass_mark, ${questionRight(answers)} AS ok
        FROM lessons l JOIN modules m ON m.id = l.module_id, json_each(l.quiz, '$.questions') q
        WHERE l.id = ${lessonId} AND l.type = 'quiz' AND ${available(v, 'l', 'm')} AND ${unlocked(v, 'm')}
          AND json_array_length(l.quiz, '$.questions') = json_array_length(${answers})
        ORDER BY q.key
      ) g
    ) t
    WHERE t.lesson_id IS NOT NULL`);
}

/**
 * The learner's first attempt at the quiz counts, per question, towards the admin's share of wrong
 * first answers; a later attempt (an earlier one exists) adds nothing.
 */
function countFirstAnswers(db: Db, v: Viewer, attemptId: string, lessonId: string) {
  return db.run(sql`
    INSERT INTO quiz_question_stats (lesson_id, question_id, first_answers, first_wrong)
    SELECT a.lesson_id, json_extract(q.value, '$.id'), 1, CASE WHEN r.value THEN 0 ELSE 1 END
    FROM quiz_attempts a JOIN lessons l ON l.id = a.lesson_id, json_each(l.quiz, '$.questions') q, json_each(a.results) r
    WHERE a.id = ${attemptId} AND r.key = q.key
      AND NOT EXISTS (SELECT 1 FROM quiz_attempts p WHERE p.user_id = ${v.userId} AND p.lesson_id = ${lessonId} AND p.id <> ${attemptId})
    ON CONFLICT (lesson_id, question_id) DO UPDATE SET
      first_answers = quiz_question_stats.first_answers + 1,
      first_wrong = quiz_question_stats.first_wrong + excluded.first_wrong`);
}

/** A passed attempt completes its lesson, as "Marker som fullført" completes any other. */
function completeOnPass(db: Db, v: Viewer, now: number, attemptId: string) {
  return db.run(sql`
    INSERT INTO lesson_completions (user_id, lesson_id, module_id, created_at)
    SELECT ${v.userId}, l.id, l.module_id, ${now} FROM quiz_attempts a JOIN lessons l ON l.id = a.lesson_id
    WHERE a.id = ${attemptId} AND a.passed = 1
    ON CONFLICT DO NOTHING`);
}

type AttemptRead = {
  available: number;
  unlocked: number;
  type: string;
  quiz: string | null;
  score: number | null;
  passed: number | null;
  results: string | null;
};

/**
 * POST /api/guide/lessons/{id}/quiz: grades the answers, records the attempt (and, for a first
 * attempt, the question statistics), and on a pass completes the lesson with its module and XP as
 * POST /api/guide/progress does. The session plus one batch.
 */
export async function submitQuiz(
  ctx: ServiceCtx,
  { viewer: v, lessonId, answers }: { viewer: Viewer; lessonId: string; answers: string[][] },
): Promise<QuizAttemptResponse> {
  const { db } = ctx;
  const now = ctx.now();
  const attemptId = crypto.randomUUID();
  const json = JSON.stringify(answers);
  const moduleOf: SQL = sql`(SELECT module_id FROM lessons WHERE id = ${lessonId})`;
  const told = lessonCompletedStatements(db, { userId: v.userId, now, lessons: sql`(${lessonId})` });
  const [, , , , , , lessonXp, moduleXp, firstStep, moduleMaster, moduleRows, lessonRows, completions, [read]] = await db.batch([
    insertAttempt(db, v, now, attemptId, lessonId, json),
    countFirstAnswers(db, v, attemptId, lessonId),
    told.before,
    completeOnPass(db, v, now, attemptId),
    told.after,
    recordModuleCompletion(db, v, now, moduleOf),
    ...completionAwards(db, v, now, moduleOf),
    ...catalogQueries(db, v, moduleOf),
    db.all<AttemptRead>(sql`
      SELECT ${available(v, 'l', 'm')} AS available, ${unlocked(v, 'm')} AS unlocked, l.type AS type, l.quiz AS quiz,
        a.score AS score, a.passed AS passed, a.results AS results
      FROM lessons l JOIN modules m ON m.id = l.module_id
      LEFT JOIN quiz_attempts a ON a.id = ${attemptId}
      WHERE l.id = ${lessonId} AND ${published(v, 'l')} AND ${published(v, 'm')}`),
  ]);
  if (!read) throw notFound();
  const quiz = read.quiz ? (JSON.parse(read.quiz) as Quiz) : null;
  if (read.type !== 'quiz' || !quiz?.questions.length) throw new AppError('quiz_not_found', 404);
  if (!read.available) throw new AppError('premium_required', 403);
  if (!read.unlocked) throw new AppError('module_locked', 403);
  if (answers.length !== quiz.questions.length || read.results === null) throw new AppError('quiz_answers_mismatch', 400);
  const state = requireOpenModule(moduleStates(v, [moduleRows, lessonRows, completions]));
  const results = JSON.parse(read.results) as boolean[];
  return {
    passed: Boolean(read.passed),
    score: read.score ?? 0,
    total: quiz.questions.length,
    passMark: quiz.passMark,
    results: quiz.questions.map((q, i) => ({ questionId: q.id, correct: Boolean(results[i]), explanation: q.explanation })),
    progress: progressEntry(state),
    awarded: toAwards(lessonXp, moduleXp, firstStep, moduleMaster),
  };
}

/** A quiz as the learner sees it before answering: without the correct marks and the explanations. */
export function quizView(
  quiz: Quiz | null,
  last: { score: number; passed: boolean | number } | null,
  passedOnce: boolean,
): QuizView | null {
  if (!quiz) return null;
  const questions = quiz.questions.map(({ id, text, multiple, options }) => ({
    id,
    text,
    multiple,
    options: options.map((o) => ({ id: o.id, text: o.text })),
  }));
  return {
    passMark: quiz.passMark,
    questions,
    last: last && { score: last.score, total: questions.length, passed: Boolean(last.passed) },
    passed: passedOnce,
  };
}
