import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import type { Db } from '#db';
import { payments, siteSettings, users } from '#db/schema';
import { WIDTHS } from '#support/widths';
import { expect, expectNoA11yViolations, test } from './fixtures';

/*
 * The admin's welcome offer on the pricing page's checkout: a new member is shown and charged the
 * lower first-year price; an address whose account is older than the offer is told its price
 * before anything is charged. The offer is the whole site's, so this runs with the campaign tests,
 * after the others, one at a time (playwright.config.ts), and takes the offer away again.
 */

const OFFER = { welcomeOfferPlan: 'yearly', welcomeOfferPrice: 1495, welcomeOfferDays: 14 } as const;
const NO_OFFER = { welcomeOfferPlan: null, welcomeOfferPrice: null, welcomeOfferDays: null };

const setOffer = (db: Db, values: typeof OFFER | typeof NO_OFFER) =>
  db
    .insert(siteSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: siteSettings.id, set: values });

async function checkout(page: Page, email: string) {
  await page.goto('/priser/kasse?plan=yearly');
  const summary = page.getByTestId('checkout-summary');
  await expect(summary).toHaveText('Årlig: 1 495 kr inkl. mva. første år, deretter 1 995 kr per år');
  await expect(page.getByText('Velkomsttilbud for nye medlemmer.')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-postadresse' }).fill(email);
  await page.getByRole('radio', { name: /Testbetaling/ }).check();
  await page.getByRole('checkbox', { name: /angreretten dermed går tapt/ }).check();
  return summary;
}

const paid = (db: Db, email: string) =>
  db
    .select({ amount: payments.amount })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(users.email, email));

for (const [width, use] of Object.entries(WIDTHS)) {
  test.describe(`the welcome offer at checkout (${width})`, () => {
    test.use(use);
    test.beforeEach(({ db }) => setOffer(db, OFFER));
    test.afterEach(({ db }) => setOffer(db, NO_OFFER));

    test('a new member is shown the welcome price and pays it', async ({ page, db, email }) => {
      await checkout(page, email);
      await expectNoA11yViolations(page);
      await page.getByRole('button', { name: 'Betal 1 495 kr' }).click();
      await expect(page.getByRole('heading', { name: 'Takk! Du har Premium' })).toBeVisible({ timeout: 20_000 });
      expect(await paid(db, email)).toEqual([{ amount: 149_500 }]);
    });

    test('an older account is told its price first, charged nothing, then pays the list price', async ({ page, db, email }) => {
      // A member for two months, who has signed in: the checkout upgrades the account, signing nobody in.
      const joined = new Date(Date.now() - 60 * 86_400_000);
      await db.insert(users).values({ id: crypto.randomUUID(), email, createdAt: joined, lastLogin: joined });
      const summary = await checkout(page, email);
      await page.getByRole('button', { name: 'Betal 1 495 kr' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'Prisen for deg er 1 995 kr inkl. mva. Ingenting er trukket. Se over beløpet og trykk Betal på nytt.',
      );
      expect(await paid(db, email)).toEqual([]);
      await expect(summary).toHaveText('Årlig: 1 995 kr inkl. mva. per år');
      await expectNoA11yViolations(page);
      await page.getByRole('button', { name: 'Betal 1 995 kr' }).click();
      await expect(page.getByRole('status')).toContainText('Logg inn med lenken eller koden', { timeout: 20_000 });
      expect(await paid(db, email)).toEqual([{ amount: 199_500 }]);
    });
  });
}
