import { and, eq, like } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { mailQueue, subscriptions, users } from '#db/schema';
import { PATHS } from '#shared/paths';
import { expect as baseExpect, expectNoA11yViolations, signInThroughMail, test, toConfirmStep } from './fixtures';
import { signInAs } from './sessions';
import { MONEY } from './critical';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** Where tests may keep screenshots for a person to open (the lead looks at them). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}-${page.viewportSize()!.width}.png`, fullPage: true });

test.describe('a subscription, from the checkout to cancel and resume', { tag: MONEY }, () => {
  test('checkout (test provider) → profile subscription → receipt page → cancel → resume', async ({
    page,
    db,
    email,
    mailTo,
  }) => {
    test.slow();
    await signInThroughMail(page, email, mailTo);

    // The checkout: confirm step, consent, pay.
    await toConfirmStep(page);
    const payButton = page.getByRole('button', { name: 'Bekreft og betal' });
    await expect(payButton).toBeDisabled();
    await expect(page.getByTestId('renewal-terms')).toContainText('fornyes automatisk');
    await shot(page, 'confirm-step');
    await page.getByRole('checkbox', { name: /angreretten dermed går tapt/ }).check();
    await payButton.click();
    await expect(heading(page, 'Velkommen til Premium! 🎉')).toBeVisible();

    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, user!.id))).toMatchObject([
      { plan: 'yearly', status: 'active', provider: 'test' },
    ]);
    // The sign-in link went through the same queue before it.
    const [receiptMail] = await db
      .select()
      .from(mailQueue)
      .where(and(eq(mailQueue.to, email), like(mailQueue.dedupeKey, 'receipt:%')));
    expect(receiptMail!.subject).toMatch(/^Kvittering nr\. \d+ fra Soloprenør$/);
    const number = receiptMail!.subject.match(/\d+/)![0];

    // The profile's subscription section.
    await page.goto(PATHS.profile);
    const section = page.getByRole('region', { name: 'Abonnement' });
    await expect(section.getByTestId('subscription-status')).toHaveText('Aktivt – fornyes automatisk');
    await expect(section.getByTestId('subscription-next')).toContainText(/^Fornyes \d+\. \w+ \d{4}$/);
    const receiptLink = section.getByRole('link', { name: `Kvittering nr. ${number}` });
    await expect(receiptLink).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'profile-subscription');
    await expectNoA11yViolations(page);

    // The printable receipt.
    await receiptLink.click();
    await expect(page).toHaveURL(new RegExp(`/guide/kvittering\\?nr=${number}$`));
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByRole('heading', { level: 1 })).toHaveText(`Kvittering nr. ${number}`);
    await expect(receipt).toContainText('Soloprenør AS');
    await expect(receipt).toContainText('Org.nr. 931 482 675 MVA');
    await expect(receipt).toContainText('Strandkaien 2, 5013 Bergen');
    await expect(receipt).toContainText('Foretaksregisteret');
    await expect(receipt.getByTestId('receipt-paid')).toHaveText(/^Betalt \d+\. \w+ \d{4}$/);
    await expect(receipt).toContainText('Soloprenør Premium – årsabonnement');
    await expect(receipt.getByTestId('receipt-totals')).toContainText(/MVA 25 %\s*399,00 kr/);
    await expect(receipt.getByTestId('receipt-totals')).toContainText(/Totalt inkl\. MVA\s*1\s995,00 kr/);
    await expect(page.getByRole('button', { name: 'Skriv ut' })).toBeVisible();
    await shot(page, 'receipt');
    await expectNoA11yViolations(page);
    // On paper: only the receipt.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Skriv ut' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // Cancel, after the confirmation; Premium stays to the period's end.
    await page.getByRole('link', { name: 'Tilbake til profilen' }).click();
    await section.getByRole('button', { name: 'Si opp abonnementet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Si opp abonnementet?' });
    await expect(dialog).toContainText(/Du beholder Premium til \d+\. \w+ \d{4}/);
    await dialog.getByRole('button', { name: 'Ja, si opp' }).click();
    await expect(section.getByTestId('subscription-status')).toHaveText('Sagt opp');
    await expect(section.getByTestId('subscription-next')).toContainText(/Premium varer til .* og abonnementet fornyes ikke\./);
    const me = await (await page.request.get('/api/auth/me')).json();
    expect(me.user.isPremium).toBe(true);

    // Resume.
    await section.getByRole('button', { name: 'Fortsett abonnementet' }).click();
    await expect(section.getByTestId('subscription-status')).toHaveText('Aktivt – fornyes automatisk');
    expect((await db.select().from(subscriptions).where(eq(subscriptions.userId, user!.id)))[0]).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
    });
  });
});

test.describe('the admin’s side of subscriptions', { tag: MONEY }, () => {
  test('the user card shows the subscription and payment and refunds it; revenue counts it', async ({
    page,
    db,
    email,
    mailTo,
  }, testInfo) => {
    test.slow();
    await signInThroughMail(page, email, mailTo);
    const bought = await page.request.post('/api/premium/upgrade', {
      data: { plan: 'monthly', price: 399, withdrawalConsent: true },
    });
    expect(bought.status()).toBe(200);
    await signInAs(page, db, `admin-${testInfo.project.name}@soloprenor.no`, 'owner');

    await page.goto('/admin#brukere');
    await page.getByLabel('Søk etter e-post eller navn').fill(email);
    const card = page.getByTestId('user-card').filter({ hasText: email });
    await card.getByRole('button', { name: /^Rediger/ }).click();
    const billing = page.getByRole('dialog', { name: 'Rediger bruker' }).getByTestId('billing');
    await expect(billing).toContainText('Premium månedlig · Aktivt – fornyes automatisk');
    await expect(billing).toContainText(/399,00\skr · Betalt · Kvittering nr\. \d+/);
    // The same refund as in "Betalinger": the amount (all that is left), then confirmed.
    await billing.getByRole('button', { name: 'Refunder' }).click();
    await page.getByRole('dialog', { name: 'Refunder betaling' }).getByRole('button', { name: 'Gå videre' }).click();
    const confirm = page.getByRole('dialog', { name: 'Bekreft refusjonen' });
    await expect(confirm).toContainText('399,00 kr betales tilbake');
    await confirm.getByRole('button', { name: 'Refunder 399,00 kr' }).click();
    await expect(billing).toContainText('Refundert');
    await expect(billing).toContainText('Avsluttet');
    await expect(billing.getByRole('button', { name: 'Refunder' })).toHaveCount(0);
    await expect(billing.getByRole('link', { name: /^Kreditnota nr\. \d+ \(399,00 kr\)$/ })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/admin#inntekter');
    await expect(page.getByRole('heading', { name: 'Inntekter', level: 1 })).toBeVisible();
    const activity = page.getByTestId('subscription-activity');
    await expect(activity).toContainText('Refusjoner');
    await expect(activity).toContainText('Fornyelser neste 30 dager');
    // The month keeps its sale after the refund, beside it.
    await expect(page.getByRole('columnheader', { name: 'Netto' })).toBeVisible();
    await shot(page, 'admin-revenue');
    await expectNoA11yViolations(page);
  });
});
