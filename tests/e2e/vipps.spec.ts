import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { payments, subscriptions, users } from '#db/schema';
import { PATHS } from '#shared/paths';
import { expect, signInThroughMail, test, toConfirmStep } from './fixtures';
import { MONEY } from './critical';

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function payWithVipps(page: Page) {
  await page.getByRole('radio', { name: /Vipps/ }).check();
  await page.getByRole('checkbox', { name: /angreretten dermed går tapt/ }).check();
  await page.getByRole('button', { name: 'Betal med Vipps' }).click();
  // The fake's stand-in for the Vipps landing page and app.
  await expect(page.getByRole('heading', { name: 'Godkjenn avtalen i Vipps' })).toBeVisible();
}

test.describe('Premium with Vipps', { tag: MONEY }, () => {
  test('checkout → Vipps confirmation → back → Premium', async ({ page, db, email, mailTo }) => {
    test.slow();
    const userId = await signInThroughMail(page, email, mailTo);
    await toConfirmStep(page);
    // No phone number is asked for here: Vipps asks on its own page if it must.
    await expect(page.getByRole('textbox', { name: /telefon/i })).toHaveCount(0);
    if (test.info().project.name === 'phone') {
      // On a phone, Vipps is listed first.
      await expect(page.getByRole('radio').first()).toHaveAccessibleName(/Vipps/);
    }
    await payWithVipps(page);
    await page.getByRole('button', { name: 'Godkjenn' }).click();
    await expect(heading(page, 'Velkommen til Premium! 🎉')).toBeVisible({ timeout: 30_000 });
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(sub).toMatchObject({ provider: 'vipps', status: 'active' });
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user!.premiumEndDate!.getTime()).toBeGreaterThan(Date.now());

    // Cancel in the profile: the agreement stops, and no resume button promises what Vipps cannot do.
    await page.goto(PATHS.profile);
    const section = page.getByRole('region', { name: 'Abonnement' });
    // The receipt, as for a card: the seller, and the amount with its VAT.
    await section.getByRole('link', { name: /^Kvittering nr\. \d+$/ }).click();
    const receipt = page.getByTestId('receipt');
    await expect(receipt).toContainText('Org.nr. 931 482 675 MVA');
    await expect(receipt.getByTestId('receipt-totals')).toContainText(/Totalt inkl\. MVA\s*1\s995,00 kr/);
    await page.goto(PATHS.profile);
    await section.getByRole('button', { name: 'Si opp abonnementet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Si opp abonnementet?' });
    await expect(dialog).toContainText('En stoppet Vipps-avtale kan ikke startes igjen');
    await dialog.getByRole('button', { name: 'Ja, si opp' }).click();
    await expect(section.getByTestId('subscription-status')).toHaveText('Sagt opp');
    await expect(section.getByTestId('subscription-no-resume')).toContainText('Vipps-avtalen er stoppet');
    await expect(section.getByRole('button', { name: 'Fortsett abonnementet' })).toHaveCount(0);
  });

  test('an agreement rejected in Vipps comes back as a plain "not paid", and nothing is charged', async ({
    page,
    db,
    email,
    mailTo,
  }) => {
    test.slow();
    const userId = await signInThroughMail(page, email, mailTo);
    await toConfirmStep(page);
    await payWithVipps(page);
    await page.getByRole('button', { name: 'Avvis' }).click();
    await expect(heading(page, 'Betalingen gikk ikke gjennom')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('ingenting er trukket')).toBeVisible();
    const [payment] = await db.select().from(payments).where(eq(payments.userId, userId));
    expect(payment).toMatchObject({ provider: 'vipps', status: 'failed' });
    await page.getByRole('button', { name: 'Prøv igjen' }).click();
    await expect(heading(page, 'Nesten ferdig!')).toBeVisible();
  });
});
