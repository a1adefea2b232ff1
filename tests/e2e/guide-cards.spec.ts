import type { Page } from '@playwright/test';
import { lessonCompletions } from '#db/schema';
import { expect, expectAccessible, signInThroughMail, test } from './fixtures';
import { finishEverything } from './finish-everything';

/*
 * The overview tells the truth (docs/decisions/0047-learning-together.md): a module's time is its
 * lessons' minutes summed, its level the one the admin set, and the card at the top follows the
 * learner — the welcome until a lesson is done, then "Fortsett der du slapp", then the finished state.
 */
test.describe.configure({ timeout: 240_000 });

const card = (page: Page, title: string) =>
  page.getByTestId('module-card').filter({ has: page.getByRole('heading', { name: title }) });

test('module cards show summed minutes and the set level; the welcome gives way to continue, then to the finished state', async ({
  page,
  db,
  email,
  mailTo,
}, info) => {
  const userId = await signInThroughMail(page, email, mailTo);
  await page.goto('/guide');
  const welcome = page.getByTestId('first-visit');
  await expect(welcome).toContainText('Begynn med den første modulen', { timeout: 60_000 });

  // 5 + 20 + 75 + 5 (the quiz) minutes, and the levels the seed sets (never English, never from the position).
  const mindset = card(page, 'Soloprenør-tankesettet');
  await expect(mindset).toContainText('105 min');
  await expect(mindset).toContainText('Nybegynner');
  await expect(card(page, 'Bygg ditt første produkt med AI')).toContainText('Viderekommen');
  await expect(card(page, 'Skaler alene')).toContainText('Avansert');
  await expect(page.getByTestId('module-card').filter({ hasText: /Beginner|Intermediate|Advanced/ })).toHaveCount(0);

  // The arrow-key hint only where there is a keyboard: not on the phone's touch screen.
  const hint = page.getByText('Pil ned går til treffene.');
  await expect(hint).toHaveCount(info.project.name === 'phone' ? 0 : 1);
  await expectAccessible(page);

  await db.insert(lessonCompletions).values({ userId, lessonId: 'mindset-quick-win', moduleId: 'mindset' });
  await page.reload();
  const continueCard = page.getByTestId('continue-card');
  await expect(continueCard.getByRole('heading', { name: 'Fortsett der du slapp' })).toBeVisible({ timeout: 60_000 });
  await expect(welcome).toHaveCount(0);

  await finishEverything(page, db, userId);
  const finished = page.getByTestId('certificate-card');
  await expect(finished.getByRole('heading', { name: 'Du har fullført alt som er tilgjengelig' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(continueCard).toHaveCount(0);
  await expect(welcome).toHaveCount(0);
  await expectAccessible(page);
});
