import { eq, ne } from 'drizzle-orm';
import type { Browser, Page } from '@playwright/test';
import type { Db } from '#db';
import { campaigns } from '#db/schema';
import { E2E } from './env';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { signInAs } from './sessions';
import { WIDTHS } from './widths';

/*
 * Tests that change the one active campaign, which every free user's /premium (and guide) shows.
 * They run in their own Playwright project after all the others, one at a time (see
 * playwright.config.ts), and put the seeded campaign back when they are done.
 */

test.describe.configure({ timeout: 90_000 });

const toast = (page: Page) => page.getByTestId('toast');
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Only the seeded campaign, active again. */
async function restoreSeededCampaign(db: Db) {
  await db.delete(campaigns).where(ne(campaigns.id, 'default'));
  await db.update(campaigns).set({ isActive: true }).where(eq(campaigns.id, 'default'));
}

/** A page of its own for a free user signed in as `email`. */
async function freeUserPage(browser: Browser, db: Db, email: string, use: object) {
  const context = await browser.newContext({ ...use, baseURL: E2E.baseUrl });
  const page = await context.newPage();
  await signInAs(page, db, email);
  return page;
}

for (const [width, use] of Object.entries(WIDTHS)) {
  test.describe(`campaigns (${width})`, () => {
    test.use(use);
    test.afterEach(async ({ db }) => restoreSeededCampaign(db));

    test('an admin creates, activates and previews a campaign; it becomes the only active one, and free users see it on /premium', async ({
      page,
      browser,
      db,
      email,
    }) => {
      await signInAs(page, db, `admin-${email}`, true);
      await page.goto('/admin/campaigns');
      await page.getByRole('button', { name: 'Ny Kampanje' }).click();
      const dialog = page.getByRole('dialog', { name: 'Opprett ny kampanje' });
      const name = `Aktiv kampanje ${unique()}`;
      await dialog.getByLabel('Internt navn').fill(name);
      await dialog.getByLabel('Tittel (vises for brukeren)').fill('Høstløftet');
      await dialog.getByLabel('Tekst på knappen (CTA)').fill('Bli med nå');
      await dialog.getByLabel('Fargeskjema').selectOption('purple');
      await dialog.getByLabel('Aktiv', { exact: true }).check();
      await dialog.getByRole('button', { name: 'Lagre kampanje' }).click();
      await expect(toast(page)).toContainText('Kampanje opprettet');

      const card = page.getByRole('article', { name });
      await expect(card).toContainText('Aktiv');
      await expect(card).toContainText('Lilla');
      await expect(page.getByText('Aktiv', { exact: true })).toHaveCount(1);
      expect((await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.isActive, true))).length).toBe(1);

      await card.getByRole('button', { name: `Preview ${name}` }).click();
      const preview = page.getByRole('dialog', { name: `Forhåndsvisning: ${name}` });
      await expect(preview.getByRole('heading', { name: 'Høstløftet' })).toBeVisible();
      await expect(preview.getByTestId('campaign-offer').locator('.from-purple-700')).toHaveCount(1);
      await expect(preview).toContainText('Bli med nå');
      await expectNoA11yViolations(page);
      await preview.getByRole('button', { name: 'Lukk' }).last().click();
      await expect(preview).toBeHidden();

      // A free user's /premium opens with it, in its colours, with its call to action.
      const user = await freeUserPage(browser, db, email, use);
      await user.goto('/premium');
      await expect(user.getByRole('heading', { level: 1, name: 'Høstløftet' })).toBeVisible();
      await expect(user.locator('.from-purple-700')).toHaveCount(1);
      await expect(user.getByRole('button', { name: 'Bli med nå' })).toBeVisible();
      await user.context().close();
    });
  });
}
