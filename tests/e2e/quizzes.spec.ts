import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { quizQuestionStats } from '#db/schema';
import { mindsetQuiz } from '#db/seed/content/quizzes';
import { expect, expectAccessible, test, toast } from './fixtures';
import { answerQuiz } from './quiz';
import { signInAs } from './sessions';

/* Quiz lessons (docs/decisions/0048-quizzes.md): the learner sees what was right and why, retries, and passing completes the lesson. */
test.describe.configure({ timeout: 240_000 });

const QUIZ = mindsetQuiz.quiz!;

test('a learner fails the quiz, sees why, retries and passes: the lesson is completed', async ({ page, db, email }, info) => {
  await signInAs(page, db, email);
  await page.goto('/guide/lessons/mindset?leksjon=mindset-quiz');
  await expect(page.locator('#lesson-title')).toHaveText('Quiz: Soloprenør-tankesettet', { timeout: 60_000 });
  await expect(page.getByText('4 spørsmål. Du består med minst 75 % riktige svar')).toBeVisible();
  // A quiz lesson is completed by passing it, not by a button.
  await expect(page.getByRole('button', { name: 'Marker som fullført' })).toHaveCount(0);
  // Single-answer questions are radio buttons, the several-answer one checkboxes.
  await expect(page.getByRole('group', { name: 'Spørsmål 1 av 4' }).getByRole('radio')).toHaveCount(3);
  await expect(page.getByRole('group', { name: 'Spørsmål 3 av 4' }).getByRole('checkbox')).toHaveCount(4);

  // Nothing chosen: told to answer every question.
  await page.getByRole('button', { name: 'Sjekk svarene' }).click();
  await expect(page.getByText('Svar på alle spørsmålene først (4 mangler svar).')).toBeVisible();
  await expectAccessible(page);

  // Two of four wrong: 50 %, under the pass mark.
  await answerQuiz(page, QUIZ, [1, 2]);
  const result = page.getByTestId('quiz-result');
  await expect(result).toHaveText(/2 av 4 riktige — ikke bestått\. Du trenger 75 % riktige for å bestå\./);
  await expect(result).toBeFocused();
  const second = page.getByRole('group', { name: 'Spørsmål 2 av 4' });
  await expect(second.getByText('Feil', { exact: true })).toBeVisible();
  await expect(second.getByText(QUIZ.questions[1]!.explanation)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Spørsmål 1 av 4' }).getByText('Riktig', { exact: true })).toBeVisible();
  await expect(page.getByTestId('lesson-item').filter({ hasText: 'Quiz' })).not.toContainText('Fullført');
  await expectAccessible(page);
  if (info.project.name === 'phone') {
    // For the issue: the whole quiz after a failed attempt, each answer right or wrong with why, and the score.
    mkdirSync('/work/shots', { recursive: true });
    await page.getByRole('region', { name: 'Quiz', exact: true }).screenshot({ path: '/work/shots/quiz-result.png' });
  }

  await page.getByRole('button', { name: 'Prøv igjen' }).click();
  await expect(page.getByRole('group', { name: 'Spørsmål 1 av 4' }).getByRole('radio').first()).toBeFocused();
  await answerQuiz(page, QUIZ);
  await expect(result).toHaveText(/4 av 4 riktige — bestått/);
  await expect(toast(page)).toContainText('Fremgang lagret');
  await expect(toast(page)).toContainText('+25 XP');
  await expect(page.getByTestId('lesson-item').filter({ hasText: 'Quiz' })).toContainText('Fullført');
  await expect(page.getByRole('button', { name: 'Fullført', exact: true })).toBeDisabled();
  await expectAccessible(page);

  // Kept on the server: after a reload the quiz says it was passed.
  await page.reload();
  await expect(page.getByTestId('quiz-last')).toHaveText('Du har bestått denne quizen.', { timeout: 60_000 });
});

test("the admin edits a quiz, is held to its rules, and sees each question's share of wrong first answers", async ({
  page,
  db,
}, info) => {
  // Build's quiz (not the one the learner test takes): first answers counted as the guide counts them.
  await db
    .insert(quizQuestionStats)
    .values({ lessonId: 'build-quiz', questionId: 'q1', firstAnswers: 50, firstWrong: 17 })
    .onConflictDoUpdate({
      target: [quizQuestionStats.lessonId, quizQuestionStats.questionId],
      set: { firstAnswers: sql`${quizQuestionStats.firstAnswers} + 50`, firstWrong: sql`${quizQuestionStats.firstWrong} + 17` },
    });
  const [stats] = await db
    .select()
    .from(quizQuestionStats)
    .where(sql`lesson_id = 'build-quiz' AND question_id = 'q1'`);
  const share = Math.round((stats!.firstWrong / stats!.firstAnswers) * 100);

  await signInAs(page, db, `quiz-admin-${info.project.name}@example.no`, 'owner');
  await page.goto('/admin#innhold');
  await expect(page.getByRole('heading', { level: 1, name: 'Innhold' })).toBeVisible({ timeout: 60_000 });
  await page
    .getByRole('button', { name: /Bygg ditt første produkt med AI/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Bygg ditt første produkt med AI' })).toBeVisible();
  await page.getByRole('button', { name: 'Rediger Quiz: Bygg ditt første produkt med AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rediger leksjon' });
  const quiz = dialog.getByRole('group', { name: 'Quiz', exact: true });
  await expect(quiz.getByLabel('Bestått ved (% riktige)')).toHaveValue('75');
  const first = quiz.getByRole('group', { name: 'Spørsmål 1' });
  await expect(first.getByTestId('quiz-question-stats')).toHaveText(`${share} % feil første gang (${stats!.firstAnswers} svar)`);
  await expect(quiz.getByRole('group', { name: 'Spørsmål 2' }).getByTestId('quiz-question-stats')).toBeVisible();
  await expectAccessible(page);

  // A single-answer question with no right option is refused, beside the question.
  await first.getByRole('checkbox', { name: 'Alternativ 2 er riktig' }).check();
  await expect(first.getByRole('checkbox', { name: 'Alternativ 2 er riktig' })).toBeChecked();
  // Marking another option moves the single right answer.
  await expect(first.getByRole('checkbox', { name: 'Alternativ 1 er riktig' })).not.toBeChecked();
  await first.getByRole('checkbox', { name: 'Alternativ 2 er riktig' }).uncheck();
  await dialog.getByRole('button', { name: 'Lagre leksjon' }).click();
  await expect(first.getByText('Merk minst ett svaralternativ som riktig.')).toBeVisible();

  await first.getByRole('checkbox', { name: 'Alternativ 2 er riktig' }).check();
  await first
    .getByLabel('Forklaring')
    .fill('En MVP er den minste versjonen som leverer kjerneresultatet, et verktøy for å lære om noen vil betale.');
  await dialog.getByRole('button', { name: 'Lagre leksjon' }).click();
  await expect(toast(page)).toContainText('Leksjon oppdatert');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Quiz: opptil \d+ % feil første gang/).first()).toBeVisible();

  // Saved: the right answer is now option 2 — set it back so the seeded quiz stays as it was.
  const [row] = await db.all<{ quiz: string }>(sql`SELECT quiz FROM lessons WHERE id = 'build-quiz'`);
  const saved = JSON.parse(row!.quiz) as typeof QUIZ;
  expect(saved.questions[0]!.options.map((o) => o.correct)).toEqual([false, true, false]);
  await page.getByRole('button', { name: 'Rediger Quiz: Bygg ditt første produkt med AI' }).click();
  await dialog.getByRole('group', { name: 'Spørsmål 1' }).getByRole('checkbox', { name: 'Alternativ 1 er riktig' }).check();
  await dialog.getByRole('button', { name: 'Lagre leksjon' }).click();
  await expect(dialog).toBeHidden();

  // The certificate's setting sits with the site's other settings (left off: other tests finish the course without quizzes).
  await page.goto('/admin/innstillinger');
  const setting = page.getByRole('switch', { name: 'Sertifikatet krever bestått quiz' });
  await expect(setting).toHaveAttribute('aria-checked', 'false', { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'Kursbevis' })).toBeVisible();
  await expectAccessible(page);
});
