import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { payments, receipts, users } from '#db/schema';
import { expect as baseExpect, expectAccessible, test, toast } from './fixtures';
import { signInAs } from './sessions';
import { MONEY } from './critical';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

/** The screens a person looks at, at the project's width (390 or 1280). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/refunds-${name}-${page.viewportSize()!.width}.png`, fullPage: true });

test.describe('Betalinger: finding a payment and refunding it in parts, and what the buyer gets', { tag: MONEY }, () => {
  test('search, a refund refused for too much, a partial and a full refund; the buyer’s mail and credit note', async ({
    page,
    db,
    email,
    mailTo,
  }, testInfo) => {
    test.slow();
    // The buyer pays for a year (the test provider pays at once).
    const buyer = await signInAs(page, db, email);
    const bought = await page.request.post('/api/premium/upgrade', {
      data: { plan: 'yearly', price: 1995, withdrawalConsent: true },
    });
    expect(bought.status()).toBe(200);
    const [paid] = await db.select().from(payments).where(eq(payments.userId, buyer.id));
    const [receipt] = await db.select().from(receipts).where(eq(receipts.paymentId, paid!.id));

    await signInAs(page, db, `admin-refunds-${testInfo.project.name}@soloprenor.no`, 'owner');
    await page.goto('/admin#betalinger');
    await expect(page.getByRole('heading', { name: 'Betalinger', level: 1 })).toBeVisible();
    const search = page.getByLabel('Søk etter e-post eller kvitteringsnummer');
    await search.fill(email);
    const card = page.getByTestId('payment-row');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`Kvittering nr. ${receipt!.number}`);
    await expect(card).toContainText(email);
    await expect(card).toContainText(/1\s995,00 kr/);
    await expect(card).toContainText('Betalt');
    await shot(page, 'search');
    await expectAccessible(page);

    // More than was paid: refused before anything is sent.
    await card.getByRole('button', { name: /^Refunder/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Refunder betaling' });
    const amount = dialog.getByLabel('Beløp som skal betales tilbake (kr)');
    await expect(amount).toHaveValue('1995,00');
    await amount.fill('2000');
    await dialog.getByRole('button', { name: 'Gå videre' }).click();
    await expect(dialog).toContainText(/Du kan refundere høyst 1\s995,00 kr\./);
    await shot(page, 'too-much');
    await expectAccessible(page);

    // Part of it: confirmed, the credit note listed, Premium kept.
    await amount.fill('500');
    await dialog.getByRole('button', { name: 'Gå videre' }).click();
    const confirm = page.getByRole('dialog', { name: 'Bekreft refusjonen' });
    await expect(confirm).toContainText('500,00 kr betales tilbake og det lages en kreditnota. Premium fortsetter.');
    await shot(page, 'confirm');
    await confirm.getByRole('button', { name: 'Refunder 500,00 kr' }).click();
    await expect(toast(page)).toContainText('500,00 kr er refundert. Premium fortsetter.');
    await expect(card).toContainText('Delvis refundert');
    await expect(card.getByTestId('payment-refunded')).toHaveText('500,00 kr');
    const [firstNote] = await db.select().from(receipts).where(eq(receipts.creditsNumber, receipt!.number));
    await expect(card.getByRole('link', { name: `Kreditnota nr. ${firstNote!.number} (500,00 kr)` })).toBeVisible();

    // Found by the receipt's number too; the rest refunded: Premium ends.
    await search.fill(String(receipt!.number));
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: /^Refunder/ }).click();
    await expect(amount).toHaveValue('1495,00');
    await dialog.getByRole('button', { name: 'Gå videre' }).click();
    await expect(confirm).toContainText('Premium-abonnementet avsluttes nå');
    await confirm.getByRole('button', { name: /^Refunder 1\s495,00 kr$/ }).click();
    await expect(toast(page)).toContainText('Betalingen er refundert, og Premium er avsluttet.');
    await expect(card).toContainText('Refundert');
    await expect(card.getByRole('button', { name: /^Refunder/ })).toHaveCount(0);
    await expect(card.getByRole('link', { name: /^Kreditnota nr\./ })).toHaveCount(2);
    await shot(page, 'refunded');
    await expectAccessible(page);

    // The user list shows Premium as it is now: ended.
    await page.goto('/admin#brukere');
    await page.getByLabel('Søk etter e-post eller navn').fill(email);
    const userCard = page.getByTestId('user-card').filter({ hasText: email });
    await expect(userCard.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    // The name's line carries the badges: no Premium badge.
    await expect(userCard.locator('p').first()).not.toContainText('Premium');

    // The buyer's mail: the amount, when it arrives, Premium's end and the credit note's link.
    const mail = await mailTo(email);
    expect(mail.subject).toMatch(/^Kreditnota nr\. \d+: 1\s495,00 kr tilbake fra Soloprenør$/);
    expect(mail.text).toContain('Premium-abonnementet ditt ble avsluttet');
    expect(mail.text).toContain('testmodus');
    const link = /https?:\/\/\S+\/guide\/kvittering\?nr=(\d+)/.exec(mail.text)!;
    const [, number] = link;
    expect((await db.select().from(users).where(eq(users.id, buyer.id)))[0]!.premiumEndDate!.getTime()).toBeLessThanOrEqual(
      Date.now(),
    );

    // The credit note the link opens, as the buyer sees it.
    await signInAs(page, db, email);
    await page.goto(new URL(link[0]).pathname + new URL(link[0]).search);
    const note = page.getByTestId('receipt');
    await expect(note.getByRole('heading', { level: 1 })).toHaveText(`Kreditnota nr. ${number}`);
    await expect(note).toContainText(`Krediterer kvittering nr. ${receipt!.number}`);
    await expect(note.getByTestId('receipt-totals')).toContainText(/-1\s495,00 kr|−1\s495,00 kr/);
    await shot(page, 'credit-note');
    await expectAccessible(page);
  });
});
