import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { couponRedemptions, coupons, payments, receipts, users } from '#db/schema';
import { expect, expectAccessible, test, toast } from './fixtures';
import { MONEY } from './critical';
import { signInAs } from './sessions';

/*
 * Coupon codes (docs/decisions/0055-coupon-codes.md): an admin makes one on Rabattkoder, a buyer
 * enters it on /priser/kasse, sees the price with it said in full, and pays exactly that by card.
 * Every code here is unique to its test and width, and applies only where it is entered, so the
 * other specs' prices are untouched.
 */

test.describe.configure({ timeout: 90_000 });

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `docs/screenshots/growth/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
const uniqueCode = (prefix: string, project: string) => `${prefix}-${project}-${Date.now().toString(36)}`.toUpperCase();

test(
  'an admin makes a code on Rabattkoder; a buyer enters it at the checkout, sees the price and pays it by card',
  { tag: MONEY },
  async ({ page, db, email }, testInfo) => {
    test.slow();
    const code = uniqueCode('VAR', testInfo.project.name);
    await signInAs(page, db, `coupons-${testInfo.project.name}@soloprenor.no`, 'owner');
    await page.goto('/admin/rabattkoder');
    await expect(page.getByRole('heading', { level: 1, name: 'Rabattkoder' })).toBeVisible();

    // 20 % off the monthly plan for the first three months.
    await page.getByLabel('Kode', { exact: true }).fill(code.toLowerCase());
    await page.getByLabel('Prosent av listeprisen').fill('20');
    await page.getByLabel('Gjelder for').selectOption({ label: 'månedlig' });
    await page.getByLabel('Antall perioder med rabatt').fill('3');
    await page.getByRole('button', { name: 'Lag rabattkode' }).click();
    const row = page.getByTestId('coupon-table').getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('20 %');
    await expect(row).toContainText('månedlig, 3 perioder');
    await expect(row).toContainText('0 brukt');
    // The form is empty and ready for the next code.
    await expect(page.getByRole('button', { name: 'Lag rabattkode' })).toBeEnabled();
    await expect(page.getByLabel('Kode', { exact: true })).toHaveValue('');
    // The "laget" toast goes by itself (at 390 px the sticky header lies over its close button).
    await expect(toast(page)).toHaveCount(0, { timeout: 10_000 });
    await expectAccessible(page);
    await screenshot(page, 'rabattkoder');

    // The buyer, in a browser of their own (no admin session).
    await page.context().clearCookies();
    await page.goto('/priser/kasse?plan=monthly');
    await expect(page.getByRole('radio', { name: /Kort/ })).toBeVisible();
    await page.getByRole('textbox', { name: 'E-postadresse' }).fill(email);
    await page.getByRole('textbox', { name: 'Rabattkode' }).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Bruk', exact: true }).click();
    const applied = page.getByTestId('coupon-applied');
    await expect(applied).toContainText(`Rabattkoden ${code} gir 80 kr i rabatt per måned de første 3 månedene.`);
    await expect(applied).toContainText(
      'Du betaler 319 kr per måned de første 3 månedene (957 kr til sammen), deretter 399 kr per måned. Alle priser er inkl. mva.',
    );
    await expect(page.getByTestId('checkout-summary')).toHaveText(
      'Månedlig: 319 kr inkl. mva. per måned de første 3 månedene, deretter 399 kr per måned',
    );
    // Not «til samme pris»: the renewal after the code's months is the list price.
    await expect(page.getByText('Når tilbudsprisen er over, fornyes abonnementet automatisk til 399 kr per måned')).toBeVisible();
    await page.getByRole('radio', { name: /Kort/ }).check();
    await page.getByRole('checkbox', { name: /angreretten dermed går tapt/ }).check();
    await expectAccessible(page);
    await screenshot(page, 'kasse-rabattkode');
    await page.getByRole('button', { name: 'Betal 319 kr' }).click();

    // The fake's stand-in for Stripe's hosted Checkout: the coupon's price, not the list price.
    await expect(page.getByRole('heading', { name: 'Betal med kort' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('319.00 kr')).toBeVisible();
    await page.getByRole('button', { name: 'Betal', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Velkommen til Premium! 🎉' })).toBeVisible({ timeout: 30_000 });

    const [paid] = await db
      .select({ id: payments.id, amount: payments.amount, status: payments.status, provider: payments.provider })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(eq(users.email, email));
    expect(paid).toMatchObject({ amount: 31_900, status: 'paid', provider: 'stripe' });
    const [used] = await db
      .select({ code: coupons.code })
      .from(couponRedemptions)
      .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
      .where(eq(couponRedemptions.paymentId, paid!.id));
    expect(used).toEqual({ code });
    await expect
      .poll(async () => (await db.select().from(receipts).where(eq(receipts.paymentId, paid!.id)))[0])
      .toMatchObject({ totalOre: 31_900, couponCode: code, discountOre: 8_000 });
  },
);

test('the checkout says why a code cannot be used, and pays the list price without one', async ({ page, db }, testInfo) => {
  const off = uniqueCode('AV', testInfo.project.name);
  await db.insert(coupons).values({ id: crypto.randomUUID(), code: off, percentOff: 50, plans: 'both', active: false });

  // A code from the link is filled in and tried at once.
  await page.goto('/priser/kasse?plan=yearly&kode=finnesikke');
  const field = page.getByRole('textbox', { name: 'Rabattkode' });
  await expect(field).toHaveValue('finnesikke');
  await expect(page.getByRole('alert')).toHaveText('Vi finner ikke den rabattkoden. Sjekk at den er skrevet riktig.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('checkout-summary')).toHaveText('Årlig: 1 995 kr inkl. mva. per år');
  await expectAccessible(page);

  // A switched-off code, tried with Enter.
  await field.fill(off);
  await field.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Rabattkoden er ikke lenger i bruk.');
  await expect(page.getByTestId('coupon-applied')).toHaveCount(0);

  // Nothing typed.
  await field.fill('');
  await page.getByRole('button', { name: 'Bruk', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Skriv inn en rabattkode.');
  await expect(page.getByRole('button', { name: 'Betal 1 995 kr' })).toBeVisible();
});

test('a signed-in member opens /premium with a code in the link and upgrades at its price', async ({
  page,
  db,
  email,
}, testInfo) => {
  test.slow();
  const code = uniqueCode('MEDLEM', testInfo.project.name);
  await db.insert(coupons).values({ id: crypto.randomUUID(), code, amountOffOre: 50_000, plans: 'yearly', periods: 1 });
  await signInAs(page, db, email);
  await page.goto(`/premium?kode=${code.toLowerCase()}`);
  await page.getByRole('button', { name: 'Oppgrader nå' }).click();
  await page.getByRole('button', { name: 'Se priser' }).click();
  await page.getByRole('button', { name: 'Fullfør oppgradering' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nesten ferdig!' })).toBeVisible();

  // The code from the link is tried at once: the summary is the code's price, and what follows it.
  await expect(page.getByTestId('coupon-applied')).toContainText(`Rabattkoden ${code} gir 500 NOK i rabatt det første året.`);
  await expect(page.getByRole('definition').filter({ hasText: '−500 NOK' })).toBeVisible();
  await expect(page.getByTestId('renewal-terms')).toContainText('til 1995 NOK per år, til du sier det opp.');
  await expectAccessible(page);
  await page.getByRole('checkbox', { name: /angreretten dermed går tapt/ }).check();
  await page.getByRole('button', { name: 'Bekreft og betal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Velkommen til Premium! 🎉' })).toBeVisible({ timeout: 30_000 });
  const [paid] = await db
    .select({ amount: payments.amount })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(users.email, email));
  expect(paid).toEqual({ amount: 149_500 });
});
