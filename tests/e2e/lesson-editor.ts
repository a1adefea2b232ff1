import type { Page } from '@playwright/test';

/** Opens the admin's editor of a lesson in the first module ("Soloprenør-tankesettet") and returns its dialog. */
export async function editMindsetLesson(page: Page, lessonTitle: string) {
  await page.goto('/admin#innhold');
  await page
    .getByRole('button', { name: /Soloprenør-tankesettet/ })
    .first()
    .click();
  await page.getByRole('button', { name: `Rediger ${lessonTitle}` }).click();
  return page.getByRole('dialog', { name: 'Rediger leksjon' });
}
