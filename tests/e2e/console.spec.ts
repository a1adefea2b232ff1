import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAs } from './sessions';

/*
 * A first load prints nothing to the console: a hydration mismatch (React #418/#423), an
 * uncaught error or a failed request would each show up here. The pages a learner and the admin
 * open first, each loaded fresh.
 */

/** Every console error and uncaught exception while `open` runs and the page settles. */
async function consoleErrors(page: Page, open: () => Promise<void>): Promise<string[]> {
  const errors: string[] = [];
  const onConsole = (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(m.text());
  };
  const onError = (e: Error) => errors.push(e.message);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  await open();
  await page.waitForLoadState('networkidle');
  page.off('console', onConsole);
  page.off('pageerror', onError);
  return errors;
}

test('the guide, a lesson page and /premium load without console errors', async ({ page, email, mailTo }) => {
  test.slow(); // four first loads on a shared machine
  // Signed in by the e-mailed link, as a learner arrives: /guide's first load carries the "Innlogget" toast over.
  await page.request.post('/api/auth/magic-link', { data: { email } });
  const link = (await mailTo(email)).link!;
  const arrival = await consoleErrors(page, async () => {
    await page.goto(link);
    await expect(page.getByTestId('module-card').first()).toBeVisible({ timeout: 60_000 });
  });
  expect(arrival, 'sign-in → /guide').toEqual([]);
  for (const [path, ready] of [
    ['/guide', () => page.getByTestId('module-card').first()],
    ['/guide/lessons/mindset?leksjon=mindset-deep-dive', () => page.locator('#lesson-title')],
    ['/premium', () => page.getByRole('button', { name: 'Oppgrader Nå' })],
  ] as const) {
    const errors = await consoleErrors(page, async () => {
      await page.goto(path);
      await expect(ready()).toBeVisible({ timeout: 30_000 });
    });
    expect(errors, path).toEqual([]);
  }
});

test('the admin loads without console errors', async ({ page, db, email }) => {
  await signInAs(page, db, email, 'owner');
  const errors = await consoleErrors(page, async () => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  });
  expect(errors).toEqual([]);
});
