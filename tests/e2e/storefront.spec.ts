import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { payments, users } from '#db/schema';
import { PATHS } from '#shared/paths';
import { expect, expectAccessible, signInThroughMail, test } from './fixtures';
import { MONEY } from './critical';

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/storefront-${name}-${test.info().project.name}.png`, fullPage: true });

/** Step 1: from the landing to the pricing page, and the yearly plan chosen. */
async function choosePlan(page: Page, screenshots = false) {
  await page.goto('/');
  await page.getByRole('link', { name: /Se priser for Premium/ }).click();
  await expect(heading(page, 'Hele guiden, med Premium')).toBeVisible();
  const yearly = page.getByTestId('plan-yearly');
  await expect(yearly).toContainText('1 995 kr');
  await expect(yearly).toContainText('inkl. mva.');
  await expect(yearly).toContainText('Du sparer 2 793 kr i året');
  await expect(page.getByText('MEST POPULÆR')).toHaveCount(0);
  if (screenshots) {
    await expectAccessible(page);
    await shot(page, 'priser');
  }
  await yearly.getByRole('link', { name: 'Velg årlig' }).click();
  await expect(heading(page, 'Nesten ferdig')).toBeVisible();
  await expect(page.getByTestId('checkout-summary')).toHaveText('Årlig: 1 995 kr inkl. mva. per år');
}

/** Step 2: the address, the withdrawal-right consent and the way to pay. */
async function pay(page: Page, email: string, provider: 'Testbetaling' | 'Vipps' | 'Kort', screenshots = false) {
  // The ways to pay come from the server once the checkout is awake.
  await expect(page.getByRole('radio', { name: new RegExp(provider) })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-postadresse' }).fill(email);
  await page.getByRole('radio', { name: new RegExp(provider) }).check();
  await page.getByRole('checkbox', { name: /angreretten dermed går tapt/ }).check();
  if (provider === 'Kort') {
    // Bought for a company: the receipt names it (the org.nr is looked up in the fake Enhetsregisteret).
    await page.getByRole('button', { name: 'Kjøper du som bedrift?' }).click();
    await page.getByLabel('Firmanavn').fill('Hansen & Sønn AS');
    await page.getByLabel('Organisasjonsnummer').fill('923 609 016');
  }
  if (screenshots) {
    await expectAccessible(page);
    await shot(page, 'kasse');
  }
  await page.getByRole('button', { name: provider === 'Vipps' ? 'Betal med Vipps' : 'Betal 1 995 kr' }).click();
}

/** In the guide after buying: module 6 is open (no lock), and opens. */
async function openModuleSix(page: Page, screenshots = false) {
  if (!page.url().endsWith(PATHS.guide)) await page.goto(PATHS.guide);
  const automation = page.getByTestId('module-card').filter({ hasText: 'Automatisering' });
  await expect(automation).toHaveAttribute('data-state', 'open', { timeout: 20_000 });
  await expect(page.getByTestId('module-card').and(page.locator('[data-state="locked"]'))).toHaveCount(0);
  await expect(page.getByTestId('recommended-next')).toHaveCount(1);
  if (screenshots) {
    await expectAccessible(page);
    await shot(page, 'guide');
  }
  await automation.getByRole('link').click();
  await expect(heading(page, /Automatisering/)).toBeVisible({ timeout: 20_000 });
}

test.describe('Buying Premium from the pricing page', { tag: MONEY }, () => {
  test('a visitor buys with the test provider in two steps and opens module 6', async ({ page, db, email }) => {
    test.slow();
    await choosePlan(page, true);
    await pay(page, email, 'Testbetaling', true);
    await expect(page.getByRole('heading', { name: 'Takk! Du har Premium' })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);
    await shot(page, 'betalt');
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ isPremium: true, premiumPlan: 'yearly' });
    await page.getByRole('link', { name: 'Gå til guiden' }).click();
    await expect(page).toHaveURL(PATHS.guide);
    await openModuleSix(page, true);
  });

  test('a visitor buys with Vipps and comes back signed in', async ({ page, db, email }) => {
    test.slow();
    await choosePlan(page);
    await pay(page, email, 'Vipps');
    // The fake's stand-in for the Vipps landing page and app.
    await expect(page.getByRole('heading', { name: 'Godkjenn avtalen i Vipps' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Godkjenn' }).click();
    await expect(heading(page, 'Velkommen til Premium! 🎉')).toBeVisible({ timeout: 30_000 });
    const [payment] = await db
      .select({ provider: payments.provider, status: payments.status })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(eq(users.email, email));
    expect(payment).toEqual({ provider: 'vipps', status: 'paid' });
    await openModuleSix(page);
  });

  test("a visitor pays by card on Stripe's page for a company and comes back signed in", async ({ page, db, email }) => {
    test.slow();
    await choosePlan(page);
    await pay(page, email, 'Kort');
    // The fake's stand-in for Stripe's hosted Checkout page.
    await expect(page.getByRole('heading', { name: 'Betal med kort' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('1995.00 kr')).toBeVisible();
    await page.getByRole('button', { name: 'Betal', exact: true }).click();
    await expect(heading(page, 'Velkommen til Premium! 🎉')).toBeVisible({ timeout: 30_000 });
    const [payment] = await db
      .select({ provider: payments.provider, status: payments.status, amount: payments.amount, buyer: payments.buyerOrgNumber })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(eq(users.email, email));
    expect(payment).toEqual({ provider: 'stripe', status: 'paid', amount: 199_500, buyer: '923609016' });
    await openModuleSix(page);
  });

  test('an existing address is upgraded, but nobody is signed in without the link', async ({
    page,
    browser,
    db,
    email,
    mailTo,
  }) => {
    test.slow();
    // The owner has an account from an earlier sign-in, in another browser.
    const owner = await browser.newContext();
    await signInThroughMail(await owner.newPage(), email, mailTo);
    await owner.close();

    await choosePlan(page);
    await pay(page, email, 'Testbetaling');
    await expect(page.getByRole('status')).toContainText('Logg inn med lenken eller koden', { timeout: 20_000 });
    await expectAccessible(page);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ isPremium: true });
  });
});
