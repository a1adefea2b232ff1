import { eq } from 'drizzle-orm';
import { coupons, users } from '#db/schema';
import { REFERRAL_COUPON_CODE } from '#shared/referrals';
import { WIDTHS } from '#support/widths';
import { expect, expectNoA11yViolations, test } from './fixtures';

/*
 * «Verv en venn»: the profile's card with the member's link, and a friend arriving through it
 * shown the admin's referral discount at /priser/kasse. The discount applies only through a link,
 * so other tests' checkouts are untouched while it exists.
 */
const NAV = { timeout: 15_000 };

for (const [width, use] of Object.entries(WIDTHS)) {
  test.describe(`Verv en venn (${width})`, () => {
    test.use(use);

    test('the profile shows the link with a copy button; a friend through it sees the discount', async ({ page, db, email, mailTo }) => {
      await db.insert(coupons).values({ id: 'verv-e2e', code: REFERRAL_COUPON_CODE, percentOff: 20, plans: 'both' }).onConflictDoNothing();
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
}
