import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessonCompletions, lessons, quizAttempts, quizQuestionStats, siteSettings, type Quiz } from '#db/schema';
import { buildQuiz, marketingQuiz, mindsetQuiz, nicheQuiz } from '#db/seed/content/quizzes';
import type { QuizAttemptRequest } from '#shared/schemas/guide';
import { expectApiError } from '#support/errors';
import { FREE_LESSONS as FREE } from '#support/free-lessons';
import { guideSuite, openLesson } from '#support/guide-suite';

const s = guideSuite();

const post = (lessonId: string, token: string | undefined, json: QuizAttemptRequest) =>
  s.g.api(token).lessons[':id'].quiz.$post({ param: { id: lessonId }, json });
/** Sent as it is: a body the client's types refuse. */
const postRaw = (lessonId: string, token: string, json: unknown) => s.g.post(`/lessons/${lessonId}/quiz`, token, json);

/** The right answers of a seeded quiz, and the same with the questions at `wrong` answered wrongly. */
const rightAnswers = (quiz: Quiz, wrong: number[] = []) =>
  quiz.questions.map((q, i) =>
    wrong.includes(i) ? [q.options.find((o) => !o.correct)!.id] : q.options.filter((o) => o.correct).map((o) => o.id),
  );
const MINDSET = mindsetQuiz.quiz!;

const quizLessonOf = async (token: string, moduleId = 'mindset', id = `${moduleId}-quiz`) =>
  openLesson(
    (await (await s.g.api(token).modules[':id'].$get({ param: { id: moduleId }, query: {} })).json()).module.lessons.find(
      (l) => l.id === id,
    ),
  );

const requireQuizzes = (on: boolean) =>
  s.t.db
    .insert(siteSettings)
    .values({ id: 1, certificateRequiresQuizzes: on })
    .onConflictDoUpdate({ target: siteSettings.id, set: { certificateRequiresQuizzes: on } });

describe('POST /api/guide/lessons/{id}/quiz', () => {
  it('sends the questions without the correct answers or explanations before an attempt', async () => {
    const { token } = await s.g.user('kari@example.no');
    const lesson = await quizLessonOf(token);
    expect(lesson.type).toBe('quiz');
    expect(lesson.quiz).toEqual({
      passMark: 75,
      questions: MINDSET.questions.map((q) => ({
        id: q.id,
        text: q.text,
        multiple: q.multiple,
        options: q.options.map((o) => ({ id: o.id, text: o.text })),
      })),
      last: null,
      passed: false,
    });
    const raw = JSON.stringify(await (await s.g.get('/modules/mindset', token)).json());
    expect(raw).not.toContain('"correct"');
    expect(raw).not.toContain(MINDSET.questions[0]!.explanation);
    // Other lessons carry no quiz.
    expect((await quizLessonOf(token, 'mindset', 'mindset-deep-dive')).quiz).toBeNull();
  });

  it('grades a failed attempt with the reasons, lets the learner retry, and completes the lesson on a pass', async () => {
    const { token, id } = await s.g.user('kari@example.no');
    await s.g
      .api(token)
      .progress.$post({ json: { moduleId: 'mindset', completedSections: ['mindset-quick-win', 'mindset-deep-dive'] } });

    // Two of four right: 50 % is under the pass mark of 75 %.
    const failed = await post('mindset-quiz', token, { answers: rightAnswers(MINDSET, [1, 2]) });
    expect(failed.status).toBe(200);
    const fail = await failed.json();
    expect(fail).toMatchObject({ passed: false, score: 2, total: 4, passMark: 75, awarded: [] });
    expect(fail.results).toEqual(
      MINDSET.questions.map((q, i) => ({ questionId: q.id, correct: i !== 1 && i !== 2, explanation: q.explanation })),
    );
    expect(fail.progress.completedSections).not.toContain('mindset-quiz');
    expect((await quizLessonOf(token)).quiz).toMatchObject({ last: { score: 2, total: 4, passed: false }, passed: false });
    expect((await quizLessonOf(token)).completed).toBe(false);

    // A multiple-choice question needs every right option and no wrong one.
    const partial = rightAnswers(MINDSET);
    partial[2] = ['a', 'b'];
    expect(await (await post('mindset-quiz', token, { answers: partial })).json()).toMatchObject({ passed: true, score: 3 });

    // Passing completes the lesson, and with it the module, with their XP.
    const res = await (await post('mindset-quiz', token, { answers: rightAnswers(MINDSET) })).json();
    expect(res).toMatchObject({ passed: true, score: 4, total: 4 });
    expect(res.results.every((r) => r.correct)).toBe(true);
    expect(res.progress).toEqual({
      moduleId: 'mindset',
      completedSections: ['mindset-quick-win', 'mindset-deep-dive', 'mindset-quiz'],
      completionPercentage: 100,
    });
    const lesson = await quizLessonOf(token);
    expect(lesson.completed).toBe(true);
    expect(lesson.quiz).toMatchObject({ last: { score: 4, passed: true }, passed: true });

    const attempts = await s.t.db.select().from(quizAttempts).where(eq(quizAttempts.userId, id));
    expect(attempts.map((a) => [a.score, a.passed]).sort()).toEqual([
      [2, false],
      [3, true],
      [4, true],
    ]);
    expect(attempts.find((a) => a.score === 2)).toMatchObject({
      answers: rightAnswers(MINDSET, [1, 2]),
      results: [true, false, false, true],
    });
  });

  it('awards the lesson XP once, the first time the quiz is passed', async () => {
    const { token } = await s.g.user('kari@example.no');
    const first = await (await post('mindset-quiz', token, { answers: rightAnswers(MINDSET) })).json();
    expect(first.awarded.map((a) => a.kind)).toEqual(['lesson_completed', 'achievement']);
    const again = await (await post('mindset-quiz', token, { answers: rightAnswers(MINDSET) })).json();
    expect(again).toMatchObject({ passed: true, awarded: [] });
  });

  it("counts each learner's first attempt once in the question statistics", async () => {
    const kari = await s.g.user('kari@example.no');
    const ola = await s.g.user('ola@example.no');
    await post('mindset-quiz', kari.token, { answers: rightAnswers(MINDSET, [0]) });
    await post('mindset-quiz', kari.token, { answers: rightAnswers(MINDSET, [0, 1, 2, 3]) });
    await post('mindset-quiz', ola.token, { answers: rightAnswers(MINDSET, [0, 3]) });
    const stats = await s.t.db.select().from(quizQuestionStats).where(eq(quizQuestionStats.lessonId, 'mindset-quiz'));
    expect(Object.fromEntries(stats.map((r) => [r.questionId, [r.firstAnswers, r.firstWrong]]))).toEqual({
      q1: [2, 2],
      q2: [2, 0],
      q3: [2, 0],
      q4: [2, 1],
    });
  });

  it('refuses without a session (401), a premium quiz without Premium (403), a locked module (403), an unknown lesson or one without a quiz (404) and bad answers (400)', async () => {
    const { token, id } = await s.g.user('kari@example.no');
    const answers = rightAnswers(MINDSET);
    await expectApiError(await post('mindset-quiz', undefined, { answers }), 401, 'unauthenticated');
    // A quiz in a Premium lesson.
    await s.t.db.update(lessons).set({ type: 'quiz', quiz: MINDSET }).where(eq(lessons.id, 'mindset-master-class'));
    await expectApiError(await post('mindset-master-class', token, { answers }), 403, 'premium_required');
    const locked = (
      await (await s.g.api(token).modules[':id'].$get({ param: { id: 'mindset' }, query: {} })).json()
    ).module.lessons.find((l) => l.id === 'mindset-master-class');
    expect(locked).toMatchObject({ isLocked: true, type: 'quiz' });
    expect(locked).not.toHaveProperty('quiz');
    await expectApiError(await post('niche-quiz', token, { answers: rightAnswers(nicheQuiz.quiz!) }), 403, 'module_locked');
    await expectApiError(await post('finnes-ikke', token, { answers }), 404, 'not_found');
    await expectApiError(await post('mindset-deep-dive', token, { answers }), 404, 'quiz_not_found');
    await expectApiError(
      await post('mindset-quiz', token, { answers: answers.slice(1) }),
      400,
      'quiz_answers_mismatch',
      'Svar på hvert spørsmål i quizen, ett svar per spørsmål.',
    );
    await expectApiError(await postRaw('mindset-quiz', token, {}), 400, 'validation_error');
    await expectApiError(await postRaw('mindset-quiz', token, { answers: 'a' }), 400, 'validation_error');
    await expectApiError(await postRaw('mindset-quiz', token, { answers: [[1]] }), 400, 'validation_error');
    expect(await s.t.db.select().from(quizAttempts).where(eq(quizAttempts.userId, id))).toEqual([]);
    expect(await s.t.db.select().from(quizQuestionStats)).toEqual([]);

    // With Premium the same quiz opens.
    const premium = await s.g.user('pia@example.no', { plan: 'yearly', endsAt: s.t.clock.now() + 86_400_000 });
    expect(await (await post('mindset-master-class', premium.token, { answers })).json()).toMatchObject({ passed: true });
  });
});

describe('quizzes and the certificate', () => {
  const QUIZZES = { mindset: MINDSET, niche: nicheQuiz.quiz!, build: buildQuiz.quiz!, marketing: marketingQuiz.quiz! };

  it('with "Sertifikatet krever bestått quiz" on, "Marker som fullført" leaves a quiz lesson and the certificate waits for every quiz passed', async () => {
    const { token } = await s.g.user('kari@example.no');
    // Off (the default): the course is finished by completing every free lesson, quizzes included.
    for (const [moduleId, ids] of Object.entries(FREE)) {
      await s.g.api(token).progress.$post({ json: { moduleId, completedSections: ids } });
    }
    expect((await (await s.g.api(token).modules.$get({ query: {} })).json()).certificateReady).toBe(true);

    await requireQuizzes(true);
    expect((await (await s.g.api(token).modules.$get({ query: {} })).json()).certificateReady).toBe(false);
    await expectApiError(await s.g.get('/certificate', token), 403, 'certificate_needs_quizzes');

    for (const [moduleId, quiz] of Object.entries(QUIZZES)) {
      expect((await (await post(`${moduleId}-quiz`, token, { answers: rightAnswers(quiz) })).json()).passed).toBe(true);
    }
    expect((await (await s.g.api(token).modules.$get({ query: {} })).json()).certificateReady).toBe(true);
    // Only the missing name holds the certificate back now.
    await expectApiError(await s.g.get('/certificate', token), 409, 'name_required');

    // A new learner cannot complete a quiz lesson by progress while the setting is on.
    const ola = await s.g.user('ola@example.no');
    const saved = await (
      await s.g.api(ola.token).progress.$post({ json: { moduleId: 'mindset', completedSections: FREE.mindset! } })
    ).json();
    expect(saved.progress.completedSections).toEqual(['mindset-quick-win', 'mindset-deep-dive']);
    expect(
      await s.t.db
        .select()
        .from(lessonCompletions)
        .where(and(eq(lessonCompletions.userId, ola.id), eq(lessonCompletions.lessonId, 'mindset-quiz'))),
    ).toEqual([]);
  });
});
