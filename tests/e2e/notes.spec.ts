import { expect, expectAccessible, test } from './fixtures';
import { signInAs } from './sessions';

/* A private note per lesson, saved as the learner types, and a bookmark; "Mine notater" lists them (docs/decisions/0047-learning-together.md). */
test.describe.configure({ timeout: 240_000 });

test('a note is saved as the learner types, the lesson is bookmarked, and both are listed in "Mine notater"', async ({
  page,
  db,
  email,
}, info) => {
  await signInAs(page, db, email);
  await page.goto('/guide/lessons/mindset?leksjon=mindset-deep-dive');
  const note = page.getByTestId('lesson-note');
  const field = note.getByLabel('Mitt notat til leksjonen');
  await expect(field).toBeVisible({ timeout: 60_000 });
  await field.fill('Tre tidstyver: e-post, møter og perfeksjonisme.');
  await expect(note.getByRole('status')).toHaveText('Lagret');
  await note.getByRole('button', { name: 'Bokmerk leksjonen' }).click();
  await expect(note.getByRole('button', { name: 'Bokmerket' })).toHaveAttribute('aria-pressed', 'true');
  await expect(note.getByRole('status')).toHaveText('Lagret');
  await expectAccessible(page);
  await note.screenshot({ path: `/tmp/quiz-note-${info.project.name}.png` });

  // Kept on the server: a reload shows it again.
  await page.reload();
  await expect(page.getByTestId('lesson-note').getByLabel('Mitt notat til leksjonen')).toHaveValue(
    'Tre tidstyver: e-post, møter og perfeksjonisme.',
    { timeout: 60_000 },
  );

  await page.goto('/guide');
  await page.getByRole('link', { name: 'Mine notater' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mine notater' })).toBeVisible({ timeout: 60_000 });
  const listed = page.getByTestId('note');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Tre tidstyver: e-post, møter og perfeksjonisme.');
  await expect(listed).toContainText('Bokmerket');
  await expectAccessible(page);
  await page.screenshot({ path: `/tmp/quiz-notes-${info.project.name}.png`, fullPage: false });

  await listed.getByRole('link', { name: 'Deep Dive: Slik tenker en soloprenør' }).click();
  await expect(page).toHaveURL(/\/guide\/lessons\/mindset\?leksjon=mindset-deep-dive$/);
  await expect(page.locator('#lesson-title')).toHaveText('Deep Dive: Slik tenker en soloprenør');
});
