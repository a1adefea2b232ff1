import { expect, type Page } from '@playwright/test';
import type { Quiz } from '#db/schema';

/**
 * Answers a quiz lesson on the page as a learner does and presses "Sjekk svarene": the right
 * options of each question (as the seed has them), or for a question listed in `wrong` the first
 * wrong one.
 */
export async function answerQuiz(page: Page, quiz: Quiz, wrong: number[] = []) {
  const total = quiz.questions.length;
  for (const [i, q] of quiz.questions.entries()) {
    const group = page.getByRole('group', { name: `Spørsmål ${i + 1} av ${total}` });
    const chosen = wrong.includes(i) ? [q.options.find((o) => !o.correct)!] : q.options.filter((o) => o.correct);
    for (const option of chosen) await group.getByLabel(option.text, { exact: true }).check();
  }
  await page.getByRole('button', { name: 'Sjekk svarene' }).click();
  await expect(page.getByTestId('quiz-result')).toContainText(`av ${total} riktige`);
}
