import { and, eq, ne } from 'drizzle-orm';
import type { Browser, Page } from '@playwright/test';
import type { Db } from '#db';
import { campaignEvents, campaigns, lessonCompletions, payments, users } from '#db/schema';
import { defaultCampaign } from '#db/seed/content/index';
import { osloCalendarDay, shiftDay } from '#shared/time';
import { E2E } from './env';
import { confirmAndPay, expect, expectNoA11yViolations, test, toast } from './fixtures';
import { signInAs } from './sessions';
import { WIDTHS } from '#support/widths';

/*
 * Tests that change the one active campaign, which every free user's /premium and guide shows.
 * They run in their own Playwright project after all the others, one at a time (see
 * playwright.config.ts; alone: `npx playwright test tests/e2e/campaigns.spec.ts --no-deps`),
 * and put the seeded campaign back as the other tests know it when they are done.
 */

test.describe.configure({ timeout: 90_000 });

const overview = async (page: Page) => {
  await page.goto('/guide');
  await expect(page.getByRole('heading', { level: 1, name: /^Velkommen/ })).toBeVisible();
};
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Only the seeded campaign, active again and shown as the other tests know it (tests/e2e/server.ts). */
async function restoreSeededCampaign(db: Db) {
  await db.delete(campaigns).where(ne(campaigns.id, 'default'));
  await db.update(campaigns).set({ isActive: true, displayType: E2E.seededCampaignDisplay }).where(eq(campaigns.id, 'default'));
}

/** A campaign of the test's own, made the active one (the seeded one switched off). */
async function activeCampaign(db: Db, values: Partial<typeof campaigns.$inferInsert>) {
  const id = `e2e-${unique()}`;
  await db.update(campaigns).set({ isActive: false });
  await db.insert(campaigns).values({
    ...defaultCampaign,
    id,
    name: `Test ${id}`,
    displayType: 'modal',
    colorScheme: 'orange',
    animations: true,
    isActive: true,
    ...values,
  });
  return id;
}

const events = (db: Db, campaignId: string) => db.select().from(campaignEvents).where(eq(campaignEvents.campaignId, campaignId));

/** Moves a user's record of today's showings to yesterday: the next visit is on a new day. */
async function makeItTomorrow(db: Db, userId: string) {
  const today = osloCalendarDay(Date.now());
  await db
    .update(campaignEvents)
    .set({ day: shiftDay(today, -1) })
    .where(and(eq(campaignEvents.userId, userId), eq(campaignEvents.day, today)));
}

/**
 * A learner the modal may come to (upsell.ts): one who finished a lesson, back in a later session
 * than the one that made the account.
 */
async function returningLearner(db: Db, userId: string) {
  await db.insert(lessonCompletions).values({ userId, lessonId: 'mindset-quick-win', moduleId: 'mindset' });
  await db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 86_400_000) })
    .where(eq(users.id, userId));
}

const crownAnimation = (page: Page) =>
  page
    .locator('.campaign-crown')
    .first()
    .evaluate((el) => getComputedStyle(el).animationName);

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
      await signInAs(page, db, `admin-${email}`, 'owner');
      await page.goto('/admin/campaigns');
      await page.getByRole('button', { name: 'Ny kampanje' }).click();
      const dialog = page.getByRole('dialog', { name: 'Opprett ny kampanje' });
      const name = `Aktiv kampanje ${unique()}`;
      await dialog.getByLabel('Internt navn').fill(name);
      await dialog.getByLabel('Tittel (vises for brukeren)').fill('Høstløftet');
      await dialog.getByLabel('Tekst på knappen (CTA)').fill('Bli med nå');
      await dialog.getByLabel('Fargeskjema').selectOption('purple');
      await dialog.getByLabel('Aktiv', { exact: true }).check();
      // The draft's placeholder features cannot go live: the server says why, in the dialog.
      await dialog.getByRole('button', { name: 'Lagre kampanje' }).click();
      await expect(dialog).toContainText('Kampanjen kan ikke aktiveres før funksjonene fra utkastet');
      expect((await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.name, name))).length).toBe(0);
      for (const [n, title] of [
        [1, 'Alle premium-moduler'],
        [2, 'AI-verktøy og prompter'],
      ] as const) {
        await dialog
          .getByRole('group', { name: `Funksjon ${n}` })
          .getByLabel('Tittel', { exact: true })
          .fill(title);
      }
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

    test('a free user sees a modal campaign once a day, dismissible and focus-trapped; again the next day and after the first finished module; clicks go to /premium and are counted', async ({
      page,
      browser,
      db,
      email,
    }) => {
      const id = await activeCampaign(db, {
        title: 'Vinterløftet',
        colorScheme: 'blue',
        priceOriginal: 1995,
        priceDiscounted: 1495,
        urgencyType: 'limited_spots',
        urgencyValue: '40',
      });
      const user = await signInAs(page, db, email);
      // A new account's first session opens no modal, nor does any before a completed lesson.
      await overview(page);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // A learner who finished a lesson yesterday, back in a later session.
      await returningLearner(db, user.id);
      await overview(page);
      const modal = page.getByRole('dialog', { name: 'Vinterløftet' });
      await expect(modal).toBeVisible();
      await expect(modal.getByTestId('campaign-offer').locator('.from-blue-700')).toHaveCount(1);
      await expect(modal).toContainText('Alle premium-moduler');
      await expect(modal.locator('s')).toContainText(/1\s?995/);
      await expect(modal).toContainText(/1\s?495/);
      await expect(modal).toContainText('Kun 40 plasser igjen!');
      await expect(modal.getByRole('link', { name: 'Oppgrader nå' })).toHaveAttribute('href', '/premium');
      await expectNoA11yViolations(page);

      // The dialog keeps focus inside, and Escape closes it.
      await expect(modal.getByRole('button', { name: 'Lukk tilbudet' })).toBeFocused();
      for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
      expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();
      await expect
        .poll(async () => (await events(db, id)).map((e) => `${e.kind}/${e.placement}/${e.reason}`))
        .toEqual(['shown/modal/visit']);

      // Not again today, on this device or another.
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Moduler' })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const other = await freeUserPage(browser, db, email, use);
      await overview(other);
      await expect(other.getByRole('dialog')).toHaveCount(0);
      await other.context().close();

      // The next day it opens again; 'Ikke nå' closes it.
      await makeItTomorrow(db, user.id);
      await overview(page);
      await expect(modal).toBeVisible();
      await modal.getByRole('button', { name: 'Ikke nå' }).click();
      await expect(modal).toBeHidden();

      // Right after the first finished free module it comes back once, saying so.
      await db.insert(lessonCompletions).values([
        { userId: user.id, lessonId: 'mindset-deep-dive', moduleId: 'mindset' },
        { userId: user.id, lessonId: 'mindset-quiz', moduleId: 'mindset' },
      ]);
      await overview(page);
      await expect(modal).toContainText('Gratulerer! Du har fullført din første modul.');
      await modal.getByRole('link', { name: 'Oppgrader nå' }).click();
      await expect(page).toHaveURL(/\/premium$/);
      await expect
        .poll(async () => (await events(db, id)).filter((e) => e.kind === 'clicked').map((e) => e.reason))
        .toEqual(['first_module']);
      await overview(page);
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // The admin's card counts the user once for each.
      await signInAs(page, db, `admin-${email}`, 'owner');
      await page.goto('/admin/campaigns');
      const card = page.getByRole('article', { name: `Test ${id}` });
      await expect(card.getByTestId('campaign-seen')).toHaveText('1 bruker');
      await expect(card.getByTestId('campaign-clicked')).toHaveText('1 bruker');
    });

    test('animations run only when the campaign has them and the user allows motion', async ({ page, db, email }) => {
      const id = await activeCampaign(db, { title: 'Animert tilbud' });
      await returningLearner(db, (await signInAs(page, db, email)).id);
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await overview(page);
      await expect(page.getByRole('dialog', { name: 'Animert tilbud' })).toBeVisible();
      expect(await crownAnimation(page)).toBe('campaign-wiggle');

      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await crownAnimation(page)).toBe('none');

      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await db.update(campaigns).set({ animations: false, displayType: 'sidebar' }).where(eq(campaigns.id, id));
      await overview(page);
      await expect(page.getByTestId('upsell-sidebar')).toBeVisible();
      expect(await crownAnimation(page)).toBe('none');
    });

    test('a sidebar campaign sits beside the overview and the lesson (below them on a phone)', async ({ page, db, email }) => {
      await activeCampaign(db, {
        title: 'Sidetilbud',
        displayType: 'sidebar',
        colorScheme: 'green',
        urgencyType: 'seasonal',
        urgencyValue: 'Vintersalg',
      });
      await signInAs(page, db, email);
      await overview(page);
      const panel = page.getByRole('complementary', { name: 'Sidetilbud' });
      await expect(panel).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(panel).toContainText('Vintersalg');
      await expect(panel.getByRole('link', { name: 'Oppgrader nå' })).toHaveAttribute('href', '/premium');
      const modules = (await page.getByRole('region', { name: 'Moduler' }).boundingBox())!;
      const box = (await panel.boundingBox())!;
      if (width === 'desktop') expect(box.x).toBeGreaterThanOrEqual(modules.x + modules.width);
      else expect(box.y).toBeGreaterThanOrEqual(modules.y + modules.height);
      await expectNoA11yViolations(page);

      await page.goto('/guide/lessons/mindset');
      await expect(page.getByRole('heading', { level: 1, name: 'Soloprenør-tankesettet' })).toBeVisible();
      const beside = page.getByRole('complementary', { name: 'Sidetilbud' });
      await expect(beside).toBeVisible();
      const lesson = (await page.getByRole('heading', { level: 2, name: /Quick Win/ }).boundingBox())!;
      const panelBox = (await beside.boundingBox())!;
      if (width === 'desktop') expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(lesson.x);
      else expect(panelBox.y).toBeGreaterThan(lesson.y);
      // Scrolled to the end, the lesson list still lies above the panel, not under or over it.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const list = (await page.getByRole('region', { name: 'Leksjoner' }).boundingBox())!;
      expect(list.y + list.height).toBeLessThanOrEqual((await beside.boundingBox())!.y);
      await expectNoA11yViolations(page);
    });

    test("a campaign's price is the same in the guide and on /premium, renews at the list price, and is what is charged", async ({
      page,
      db,
      email,
    }) => {
      test.slow(); // the guide, four /premium steps and the payment
      const id = await activeCampaign(db, {
        title: 'Vinterpris',
        displayType: 'sidebar',
        period: 'år',
        priceOriginal: 1995,
        priceDiscounted: 1495,
      });
      await signInAs(page, db, email);
      await overview(page);
      const panel = page.getByRole('complementary', { name: 'Vinterpris' });
      await expect(panel.locator('s')).toHaveText(/^Ordinær pris: 1\s?995$/);
      // The guide groups thousands ("1 495"); the numbers are /premium's.
      await expect(panel).toContainText(/1\s?495\s*Ordinær pris: 1\s?995\s*NOK\/år/);
      await expect(panel).toContainText('Spar 25 %');
      await expect(panel).toContainText(/Gjelder første år\. Deretter 1\s?995 NOK\/år\./);

      await page.goto('/premium');
      await page.getByRole('button', { name: 'Oppgrader nå' }).click();
      await page.getByRole('button', { name: 'Se priser' }).click();
      const yearlyPrice = page.getByTestId('price-yearly');
      await expect(yearlyPrice.locator('s')).toContainText('Før 1995 NOK');
      await expect(yearlyPrice).toContainText(/1495 NOK\/år inkl\. mva$/);
      await expect(page.getByText('Gjelder første år. Deretter 1995 NOK/år.')).toBeVisible();
      await expect(page.getByTestId('price-monthly')).toHaveText('399 NOK/mnd inkl. mva');
      await expectNoA11yViolations(page);
      await page.getByRole('button', { name: 'Fullfør oppgradering' }).click();
      const summary = page.getByRole('region', { name: 'Ordresammendrag' });
      await expect(summary).toContainText(/Pris\s*1995 NOK/);
      await expect(summary).toContainText(/Rabatt \(−25 %\)\s*−500 NOK/);
      await expect(summary).toContainText(/Totalt inkl\. mva\s*1495 NOK/);
      await expect(summary).toContainText('Gjelder første år. Deretter 1995 NOK/år.');
      await confirmAndPay(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Velkommen til Premium! 🎉' })).toBeVisible();
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      expect(await db.select().from(payments).where(eq(payments.userId, user!.id))).toMatchObject([
        { plan: 'yearly', amount: 149500, campaignId: id, status: 'paid' },
      ]);
    });

    test('a full-page campaign spans the overview, and its call to action leads to /premium', async ({ page, db, email }) => {
      const id = await activeCampaign(db, { title: 'Helsidetilbud', displayType: 'fullpage', colorScheme: 'purple' });
      await signInAs(page, db, email);
      await overview(page);
      const section = page.getByRole('region', { name: 'Helsidetilbud' });
      await expect(section).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expectNoA11yViolations(page);
      await section.getByRole('link', { name: 'Oppgrader nå' }).click();
      await expect(page).toHaveURL(/\/premium$/);
      await expect
        .poll(async () => (await events(db, id)).map((e) => `${e.kind}/${e.placement}`).sort())
        .toEqual(['clicked/fullpage', 'shown/fullpage']);
    });

    test('no upsell after upgrading, whatever the display type, and none for admins', async ({ page, db, email }) => {
      const id = await activeCampaign(db, { title: 'Før oppgradering' });
      const user = await signInAs(page, db, email);
      await returningLearner(db, user.id);
      await overview(page);
      await page.getByRole('dialog', { name: 'Før oppgradering' }).getByRole('button', { name: 'Ikke nå' }).click();

      const upgraded = await page.request.post('/api/premium/upgrade', {
        data: { plan: 'yearly', price: 1995, withdrawalConsent: true },
      });
      expect(upgraded.ok()).toBe(true);
      await makeItTomorrow(db, user.id);
      for (const displayType of ['modal', 'sidebar', 'fullpage'] as const) {
        await db.update(campaigns).set({ displayType }).where(eq(campaigns.id, id));
        await overview(page);
        await expect(page.getByTestId('campaign-offer')).toHaveCount(0);
      }
      expect(await (await page.request.get('/api/premium/upsell')).json()).toEqual({ upsell: null });

      await signInAs(page, db, `admin-${email}`, 'owner');
      await overview(page);
      await expect(page.getByTestId('campaign-offer')).toHaveCount(0);
    });

    test('a time-limited campaign counts down to its end, the same for everyone; then the price shown is the list price', async ({
      page,
      db,
      email,
    }) => {
      // A real offer that ends a few seconds from now: its countdown runs out while the buyer looks at the prices.
      test.slow();
      const endsAt = new Date(Date.now() + 60_000);
      await activeCampaign(db, {
        period: 'år',
        priceOriginal: 1995,
        priceDiscounted: 1495,
        urgencyType: 'countdown',
        urgencyValue: endsAt.toISOString(),
        endsAt,
      });
      await signInAs(page, db, email);
      await page.goto('/premium');
      const timer = page.getByRole('banner').getByRole('timer');
      await expect(timer).toBeVisible({ timeout: 30_000 });
      await expect(timer).toHaveAttribute('data-ends-at', endsAt.toISOString());
      await page.getByRole('button', { name: 'Oppgrader nå' }).click();
      await page.getByRole('button', { name: 'Se priser' }).click();
      const yearly = page.getByTestId('price-yearly');
      await expect(yearly).toContainText('1495');
      await expectNoA11yViolations(page);

      await expect(page.getByRole('timer')).toHaveCount(0, { timeout: 90_000 });
      await expect(yearly).toHaveText('1995 NOK/år inkl. mva');
      await page.getByRole('button', { name: 'Fullfør oppgradering' }).click();
      await expect(page.getByRole('region', { name: 'Ordresammendrag' })).toContainText(/Totalt inkl\. mva\s*1995 NOK/);
    });
  });
}
