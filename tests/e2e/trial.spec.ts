import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import type { Db } from '#db';
import { coupons, payments, siteSettings, subscriptions, users } from '#db/schema';
import { formatDate } from '#shared/money';
import { PATHS } from '#shared/paths';
import { DAY } from '#shared/time';
import { WIDTHS } from '#support/widths';
import { expect, expectAccessible, test, toast } from './fixtures';
import { signInAs } from './sessions';

/*
 * The free trial (docs/decisions/0060-free-trial.md): the admin sets 14 days on Innstillinger; a
 * new buyer on /priser/kasse sees its exact terms, starts it on Stripe's page without paying,
 * has Premium in the guide, sees «Prøveperiode til …» on the profile and cancels for nothing; a
 * signed-in member on /premium gets the same terms, which a discount code replaces. The setting
 * changes every new buyer's checkout, so this runs after the other specs, alone
 * (playwright.config.ts), and turns the trial off again.
 */

test.describe.configure({ timeout: 120_000 });

const setTrialDays = (db: Db, trialDays: number) =>
  db.insert(siteSettings).values({ id: 1, trialDays }).onConflictDoUpdate({ target: siteSettings.id, set: { trialDays } });

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `docs/screenshots/growth/trial-${name}-${page.viewportSize()!.width}.png`, fullPage: true });

/** The terms as the buyer must read them before agreeing, for the plan's price and a trial started now. */
const terms = (price: string, every: string) =>
  `Prøv Premium gratis i 14 dager` +
  `Gratis i 14 dager. Første trekk ${price} inkl. mva. ${formatDate(Date.now() + 14 * DAY)}, deretter ${every}. ` +
  'Si opp før det, så koster det ingenting.' +
  'Du legger inn kort eller godkjenner en Vipps-avtale nå, men ingenting trekkes før prøveperioden er over. Du sier opp under Profil i guiden.';

const bought = async (db: Db, email: string) => {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return {
    payments: await db
      .select({ status: payments.status, amount: payments.amount })
      .from(payments)
      .where(eq(payments.userId, user!.id)),
    subscriptions: await db
      .select({ status: subscriptions.status, cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd })
      .from(subscriptions)
      .where(eq(subscriptions.userId, user!.id)),
  };
};

for (const [width, use] of Object.entries(WIDTHS)) {
  test.describe(`the free trial (${width})`, () => {
    test.use(use);
    test.beforeEach(({ db }) => setTrialDays(db, 0));
    test.afterEach(({ db }) => setTrialDays(db, 0));

    test('the admin sets 14 days; a new buyer starts the trial by card, has Premium, and cancels it on the profile', async ({
      page,
      db,
      email,
    }) => {
      try {
        await signInAs(page, db, `trial-admin-${width}@soloprenor.no`, 'owner');
        await page.goto(PATHS.adminSettings);
        const days = page.getByLabel('Antall dager gratis (0 = ingen prøveperiode)');
        await expect(days).toHaveValue('0', { timeout: 30_000 });
        await days.fill('14');
        await page.getByRole('button', { name: 'Lagre' }).click();
        await expect(toast(page)).toContainText('Innstillingene er lagret');
        expect((await db.select({ days: siteSettings.trialDays }).from(siteSettings))[0]?.days).toBe(14);

        // The buyer, in a browser of their own.
        await page.context().clearCookies();
        await page.goto('/priser/kasse?plan=monthly');
        await expect(page.getByRole('radio', { name: /Kort/ })).toBeVisible();
        await expect(page.getByTestId('trial-terms')).toHaveText(terms('399 kr', 'hver måned'));
        await page.getByRole('textbox', { name: 'E-postadresse' }).fill(email);
        await page.getByRole('radio', { name: /Kort/ }).check();
        await page.getByRole('checkbox', { name: /angreretten dermed går tapt/ }).check();
        await expectAccessible(page);
        await screenshot(page, 'kasse');
        await page.getByRole('button', { name: 'Start gratis prøveperiode' }).click();

        // The fake's stand-in for Stripe's hosted Checkout: the card is taken, nothing is charged.
        await expect(page.getByRole('heading', { name: 'Betal med kort' })).toBeVisible({ timeout: 20_000 });
        await expect(page.getByText('0.00 kr')).toBeVisible();
        await page.getByRole('button', { name: 'Betal', exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Velkommen til Premium! 🎉' })).toBeVisible({ timeout: 30_000 });
        expect(await bought(db, email)).toEqual({
          payments: [{ status: 'trial', amount: 0 }],
          subscriptions: [{ status: 'trialing', cancelAtPeriodEnd: false }],
        });

        // In the guide with Premium: every module open.
        await page.waitForURL(`**${PATHS.guide}`, { timeout: 20_000 });
        await expect(page.getByTestId('module-card').filter({ hasText: 'Automatisering' })).toHaveAttribute(
          'data-state',
          'open',
          { timeout: 20_000 },
        );
        await expect(page.getByTestId('module-card').and(page.locator('[data-state="locked"]'))).toHaveCount(0);

        await page.goto(PATHS.profile);
        const firstCharge = formatDate(Date.now() + 14 * DAY);
        await expect(page.getByTestId('subscription-next')).toHaveText(
          `Prøveperiode til ${firstCharge}. Første trekk: 399,00 kr ${firstCharge}. Si opp før det, så koster det ingenting.`,
          { timeout: 20_000 },
        );
        await expect(page.getByTestId('subscription-status')).toHaveText('Prøveperiode – første trekk når den er over');
        await expectAccessible(page);
        await screenshot(page, 'profil');

        await page.getByRole('button', { name: 'Si opp abonnementet' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Ja, si opp' }).click();
        await expect(toast(page)).toContainText(
          `Prøveperioden er sagt opp. Du har Premium til ${firstCharge}, og ingenting blir trukket.`,
        );
        await expect(page.getByTestId('subscription-status')).toHaveText('Sagt opp');
        await expect(page.getByTestId('subscription-next')).toHaveText(
          `Premium varer til ${firstCharge}, og abonnementet fornyes ikke.`,
        );
        await expectAccessible(page);
        expect((await bought(db, email)).subscriptions).toEqual([{ status: 'canceled', cancelAtPeriodEnd: true }]);
      } finally {
        await setTrialDays(db, 0);
      }
    });

    test('a signed-in member on /premium sees the terms at the last step, a code replaces them, and starts the trial', async ({
      page,
      db,
      email,
    }) => {
      const code = `PROVE-${width}-${Date.now().toString(36)}`.toUpperCase();
      try {
        await setTrialDays(db, 14);
        await db.insert(coupons).values({ id: crypto.randomUUID(), code, percentOff: 20, plans: 'both' });
        await signInAs(page, db, email);
        await page.goto(PATHS.premium);
        await page.getByRole('button', { name: 'Oppgrader nå' }).click();
        await page.getByRole('button', { name: 'Se priser' }).click();
        // Both plans come with the trial, said on their cards.
        await expect(page.getByText('14 dager gratis', { exact: true })).toHaveCount(2);
        await page.getByRole('button', { name: 'Fullfør oppgradering' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Nesten ferdig!' })).toBeVisible();

        await expect(page.getByTestId('trial-terms')).toHaveText(terms('1 995 kr', 'hvert år'));
        await expect(page.getByText('Å betale i dag')).toBeVisible();
        await page.getByRole('radio', { name: /Testbetaling/ }).check();
        await page.getByRole('checkbox', { name: /angreretten dermed går tapt/ }).check();
        await expectAccessible(page);
        await screenshot(page, 'premium');

        // A code's price instead: no trial, the ordinary purchase; removed, the trial is back.
        await page.getByRole('textbox', { name: 'Rabattkode' }).fill(code);
        await page.getByRole('button', { name: 'Bruk', exact: true }).click();
        await expect(page.getByTestId('coupon-applied')).toBeVisible();
        await expect(page.getByTestId('trial-terms')).toHaveCount(0);
        await expect(page.getByText('Med rabattkode betaler du fra i dag, uten prøveperiode.')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Bekreft og betal' })).toBeVisible();
        await page.getByRole('button', { name: 'Fjern koden' }).click();
        await expect(page.getByTestId('trial-terms')).toBeVisible();

        await page.getByRole('button', { name: 'Start gratis prøveperiode' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Velkommen til Premium! 🎉' })).toBeVisible({ timeout: 30_000 });
        expect(await bought(db, email)).toEqual({
          payments: [{ status: 'trial', amount: 0 }],
          subscriptions: [{ status: 'trialing', cancelAtPeriodEnd: false }],
        });
      } finally {
        await setTrialDays(db, 0);
        await db.delete(coupons).where(eq(coupons.code, code));
      }
    });
  });
}
