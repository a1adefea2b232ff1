import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { coupons, payments, referrals, users } from '#db/schema';
import { REFERRAL_COUPON_CODE } from '#shared/referrals';
import { expect, expectAccessible, expectNoA11yViolations, test } from './fixtures';
import { signInAs } from './sessions';

/*
 * «Verv en venn»: the profile's card with the member's link, and a friend arriving through it
 * shown the admin's referral discount at /priser/kasse, and the admin's ledger (/admin/verving).
 * The discount applies only through a link, so other tests' checkouts are untouched while it exists.
 */
const NAV = { timeout: 15_000 };

test.describe('Verv en venn', () => {
  test('the profile shows the link with a copy button; a friend through it sees the discount', async ({
    page,
    db,
    email,
    mailTo,
  }, testInfo) => {
    const width = testInfo.project.name;
    await db
      .insert(coupons)
      .values({ id: 'verv-e2e', code: REFERRAL_COUPON_CODE, percentOff: 20, plans: 'both' })
      .onConflictDoNothing();
    await page.request.post('/api/lead', { data: { email, acceptTerms: true, consentMarketing: false } });
    await page.goto((await mailTo(email)).link!);
    await expect(page).toHaveURL(/\/guide$/, NAV);
    const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));

    await page.goto('/guide/profil');
    const card = page.getByRole('region', { name: 'Verv en venn' });
    const link = card.getByRole('textbox', { name: 'Din vervelenke' });
    await expect(link).toHaveValue(new RegExp(`/priser/kasse\\?verv=${member!.id}$`));
    await expect(card.getByRole('button', { name: 'Kopier lenken' })).toBeVisible();
    await expect(card.getByTestId('referral-signups')).toHaveText('0');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `docs/screenshots/growth-engine/referral-card-${width}.png`, fullPage: false });
    await expectNoA11yViolations(page);

    await page.goto(`/priser/kasse?plan=monthly&verv=${member!.id}`);
    await expect(page.getByTestId('referral-note')).toContainText('80 kr rabatt');
    await expect(page.getByTestId('checkout-summary')).toContainText('319 kr');
    await page.screenshot({ path: `docs/screenshots/growth-engine/referral-checkout-${width}.png` });
    await expectNoA11yViolations(page);
  });
});

/** Kari referred Ola (credited 399 kr at Stripe) and Per (turned down: the same card); ids unique to the run and width. */
async function ledgerRows(db: Db, tag: string) {
  const id = (name: string) => `${name}-${tag}`;
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
  await db.insert(users).values(['kari', 'ola', 'per'].map((name) => ({ id: id(name), email: `${id(name)}@example.no` })));
  await db.insert(payments).values(
    ['ola', 'per'].map((name) => ({
      id: id(`p-${name}`),
      userId: id(name),
      plan: 'monthly' as const,
      amount: 31900,
      provider: 'stripe' as const,
      status: 'paid' as const,
      paidAt: at(40),
    })),
  );
  await db.insert(referrals).values([
    {
      id: id('r-ola'),
      referrerId: id('kari'),
      friendId: id('ola'),
      paymentId: id('p-ola'),
      status: 'credited',
      creditKind: 'balance',
      creditOre: 39900,
      createdAt: at(40),
      paidAt: at(40),
      creditedAt: at(1),
    },
    {
      id: id('r-per'),
      referrerId: id('kari'),
      friendId: id('per'),
      paymentId: id('p-per'),
      status: 'rejected',
      rejectReason: 'same_card',
      createdAt: at(39),
      paidAt: at(39),
      rejectedAt: at(1),
    },
  ]);
  return { kari: `${id('kari')}@example.no`, ola: `${id('ola')}@example.no`, per: `${id('per')}@example.no` };
}

test.describe('Verv en venn i admin', () => {
  test('the admin sees who referred whom, filters by status, and is told where the discount is set', async ({
    page,
    db,
  }, testInfo) => {
    const width = testInfo.project.name;
    const who = await ledgerRows(db, `${width}-${Date.now().toString(36)}`);
    // The discount code as the profile's test makes it (they run side by side): the ledger then warns of nothing.
    await db
      .insert(coupons)
      .values({ id: 'verv-e2e', code: REFERRAL_COUPON_CODE, percentOff: 20, plans: 'both' })
      .onConflictDoNothing();
    await signInAs(page, db, `verving-${width}@soloprenor.no`, 'support');
    await page.goto('/admin/verving');
    await expect(page.getByRole('heading', { level: 1, name: 'Verv en venn' })).toBeVisible(NAV);
    await expect(page.getByRole('main').getByRole('link', { name: 'Rabattkoder' })).toHaveAttribute('href', '/admin/rabattkoder');
    const warning = page.getByTestId('referral-code-warning');
    await expect(warning).toHaveCount(0);

    const table = page.getByTestId('referral-table');
    const credited = table.getByRole('row').filter({ hasText: who.ola });
    await expect(credited).toContainText(who.kari);
    await expect(credited).toContainText('Kreditert');
    await expect(credited).toContainText('399,00 kr');
    await expect(table.getByRole('row').filter({ hasText: who.per })).toContainText(
      'Avvist: samme kort eller Vipps-avtale som medlemmet',
    );
    await expectAccessible(page);
    await page.screenshot({ path: `docs/screenshots/growth-engine/referral-admin-${width}.png`, fullPage: true });

    await page.getByLabel('Vis').selectOption({ label: 'Avvist' });
    await expect(table.getByRole('row').filter({ hasText: who.per })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: who.ola })).toHaveCount(0);
    await expectNoA11yViolations(page);

    // Without the code (or with it off) the ledger says so. Other tests need the code, so the
    // server's answer is changed here rather than the shared database (the states: routes.test.ts).
    for (const [state, text] of [
      ['missing', 'VERV-EN-VENN finnes ikke'],
      ['inactive', 'VERV-EN-VENN er slått av'],
    ] as const) {
      await page.route('**/api/admin/referrals*', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), discountCode: state } });
      });
      await page.reload();
      await expect(warning).toContainText(text, NAV);
      await page.unrouteAll();
    }
    await expectNoA11yViolations(page);
  });
});
