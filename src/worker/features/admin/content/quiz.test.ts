import { describe, expect, it } from 'vitest';
import type { QuizInput } from '#shared/schemas/admin/content';
import { adminTestApp } from '#support/admin-session';
import { expectApiError } from '#support/errors';

const ctx = adminTestApp();

const QUIZ: QuizInput = {
  passMark: 60,
  questions: [
    {
      id: 'q1',
      text: 'Hva er en MVP?',
      multiple: false,
      options: [
        { id: 'a', text: 'Den minste versjonen som leverer kjerneresultatet', correct: true },
        { id: 'b', text: 'En ferdig app', correct: false },
      ],
      explanation: 'En MVP er et verktøy for å lære om noen vil betale.',
    },
    {
      id: 'q2',
      text: 'Hvilke er betalingsløsninger?',
      multiple: true,
      options: [
        { id: 'a', text: 'Vipps', correct: true },
        { id: 'b', text: 'Stripe', correct: true },
        { id: 'c', text: 'Tally', correct: false },
      ],
      explanation: 'Vipps og Stripe tar betalt; Tally er skjemaer.',
    },
  ],
};
const createRaw = (json: unknown) => ctx.s.asAdmin('/api/admin/content/lessons', { json });
const listLessons = async () => (await (await ctx.s.api.admin.content.modules.$get()).json()).modules.flatMap((m) => m.lessons);

describe('admin content: quizzes', () => {
  it('saves a quiz lesson and edits its questions', async () => {
    const res = await ctx.s.api.admin.content.lessons.$post({
      json: { moduleId: 'build', id: 'build-quiz-2', title: 'Quiz: MVP', type: 'quiz', quiz: QUIZ },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).lesson).toMatchObject({ id: 'build-quiz-2', type: 'quiz', quiz: QUIZ });

    const edited = { ...QUIZ, passMark: 100, questions: QUIZ.questions.slice(0, 1) };
    const patched = await ctx.s.api.admin.content.lessons[':id'].$patch({
      param: { id: 'build-quiz-2' },
      json: { quiz: edited },
    });
    expect(patched.status).toBe(200);
    expect((await listLessons()).find((l) => l.id === 'build-quiz-2')).toMatchObject({ quiz: edited, quizStats: [] });
  });

  it('refuses a quiz without questions, an option short, no right answer or two for a single-choice question, and a quiz lesson without a quiz', async () => {
    const base = { moduleId: 'build', title: 'Quiz', type: 'quiz' };
    const q = QUIZ.questions[0]!;
    const cases: [unknown, string][] = [
      [{ ...QUIZ, questions: [] }, 'Legg til minst ett spørsmål.'],
      [{ ...QUIZ, questions: [{ ...q, options: [q.options[0]] }] }, 'Et spørsmål trenger minst to svaralternativer.'],
      [
        { ...QUIZ, questions: [{ ...q, options: q.options.map((o) => ({ ...o, correct: false })) }] },
        'Merk minst ett svaralternativ som riktig.',
      ],
      [
        { ...QUIZ, questions: [{ ...q, options: q.options.map((o) => ({ ...o, correct: true })) }] },
        'Et spørsmål med ett svar kan ha bare ett riktig alternativ.',
      ],
      [{ ...QUIZ, passMark: 0 }, 'Bestått-grensen må være et helt tall fra 1 til 100'],
      [{ ...QUIZ, questions: [{ ...q, explanation: ' ' }] }, 'Forklar hvorfor svaret er riktig'],
      [{ ...QUIZ, questions: [q, q] }, 'To spørsmål eller svaralternativer har samme ID.'],
      [null, 'En quiz-leksjon trenger minst ett spørsmål.'],
    ];
    for (const [quiz, message] of cases) {
      await expectApiError(
        await createRaw({ ...base, quiz }),
        400,
        'validation_error',
        new RegExp(message.replace(/[.*+?()[\]]/g, '\\$&')),
      );
    }
  });

  it("shows each question's share of wrong first answers", async () => {
    const learner = await ctx.t.signIn('kari@example.no');
    const ola = await ctx.t.signIn('ola@example.no');
    // Kari gets question 1 wrong, then retries (a retry is not counted); Ola gets all right at once.
    const right = [['a'], ['b'], ['a', 'b', 'd'], ['c']];
    const attempts: [string, string[][]][] = [
      [learner.sessionToken, [['b'], ...right.slice(1)]],
      [learner.sessionToken, right],
      [ola.sessionToken, right],
    ];
    for (const [token, answers] of attempts) {
      const res = await ctx.t.as(token).guide.lessons[':id'].quiz.$post({ param: { id: 'mindset-quiz' }, json: { answers } });
      expect(res.status).toBe(200);
    }
    const quiz = (await listLessons()).find((l) => l.id === 'mindset-quiz')!;
    expect(quiz.quizStats).toEqual([
      { questionId: 'q1', firstAnswers: 2, firstWrong: 1 },
      { questionId: 'q2', firstAnswers: 2, firstWrong: 0 },
      { questionId: 'q3', firstAnswers: 2, firstWrong: 0 },
      { questionId: 'q4', firstAnswers: 2, firstWrong: 0 },
    ]);
  });
});
