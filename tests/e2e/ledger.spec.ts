import { readFileSync } from 'node:fs';
import { and, eq, like } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { mailQueue } from '#db/schema';
import { PATHS } from '#shared/paths';
import { expect as baseExpect, expectAccessible, signInThroughMail, test, toConfirmStep } from './fixtures';
import { signInAs } from './sessions';
import { MONEY } from './critical';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}-${page.viewportSize()!.width}.png`, fullPage: true });

/** A company of this test's own, so the export's rows can be told apart from other tests'. */
const companyFor = (project: string) => `Hansen & Sønn ${project} AS`;

test.describe('a business buyer and the accountant', { tag: MONEY }, () => {
  test('buys as a business: the org.nr is checked, and the receipt names the company and org.nr', async ({
    page,
    db,
    email,
    mailTo,
  }, testInfo) => {
    test.slow();
    await signInThroughMail(page, email, mailTo);
    await toConfirmStep(page);

    const disclosure = page.getByRole('button', { name: 'Kjøper du som bedrift?' });
    await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    await disclosure.click();
    await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const company = companyFor(testInfo.project.name);
    await page.getByLabel('Firmanavn').fill(company);
    await page.getByLabel('Organisasjonsnummer').fill('923 609 017');
    await page.getByRole('checkbox', { name: /angreretten dermed går tapt/ }).check();
    await page.getByRole('button', { name: 'Bekreft og Betal' }).click();
    // A wrong check digit is caught on the page, beside the field, and nothing is paid.
    await expect(page.getByText('Organisasjonsnummeret må ha 9 siffer og være gyldig.')).toBeVisible();
    await expect(page.getByLabel('Organisasjonsnummer')).toHaveAttribute('aria-invalid', 'true');
    await shot(page, 'business-buyer');
    await expectAccessible(page);

    await page.getByLabel('Organisasjonsnummer').fill('923 609 016');
    await page.getByRole('button', { name: 'Bekreft og Betal' }).click();
    await expect(heading(page, 'Velkommen til Premium! 🎉')).toBeVisible();

    const [mail] = await db
      .select()
      .from(mailQueue)
      .where(and(eq(mailQueue.to, email), like(mailQueue.dedupeKey, 'receipt:%')));
    expect(mail!.text).toContain(`Kjøper: ${company}, org.nr. 923609016`);
    const number = mail!.subject.match(/\d+/)![0];

    await page.goto(`${PATHS.receipt}?nr=${number}`);
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByRole('heading', { level: 1 })).toHaveText(`Kvittering nr. ${number}`);
    await expect(receipt.getByTestId('receipt-business-buyer')).toHaveText(`Kjøper: ${company}, org.nr. 923609016`);
    await shot(page, 'business-receipt');
    await expectAccessible(page);
  });

  test('the admin downloads a month of receipts as CSV for Norwegian Excel', async ({ page, db }, testInfo) => {
    test.slow();
    // A business sale of this test's own, through the API as the checkout makes it.
    const buyerEmail = `e2e-regnskap-${testInfo.project.name}-${Date.now()}@example.no`;
    const company = `Regnskap ${testInfo.project.name} AS`;
    await signInAs(page, db, buyerEmail);
    const paid = await page.request.post('/api/premium/upgrade', {
      data: { plan: 'monthly', price: 399, withdrawalConsent: true, buyer: { company, orgNumber: '923609016' } },
    });
    expect(paid.status()).toBe(200);
    await page.context().clearCookies();

    await signInAs(page, db, `admin-${testInfo.project.name}@soloprenor.no`, 'owner');
    await page.goto('/admin#inntekter');
    await expect(heading(page, 'Inntekter')).toBeVisible();
    const section = page.getByTestId('accounting-export');
    await expect(section.getByRole('heading', { name: 'Regnskap' })).toBeVisible();
    await section.getByRole('radio', { name: 'År' }).check();
    await section.getByRole('radio', { name: 'Måned' }).check();
    const month = await section.getByLabel('Velg måned').inputValue();
    expect(month).toMatch(/^\d{4}-\d{2}$/);
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'accounting-export');
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Last ned CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`regnskap-${month}.csv`);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = bytes
      .subarray(3)
      .toString('utf8')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(';'));
    expect(header).toEqual([
      'Nummer',
      'Dato',
      'Type',
      'Kjøper',
      'Netto',
      'MVA',
      'Brutto',
      'Betalingsleverandør',
      'Leverandørreferanse',
    ]);
    expect(rows.find((r) => r[3] === `${company}, org.nr. 923609016`)).toEqual([
      expect.stringMatching(/^\d+$/),
      expect.stringMatching(new RegExp(`^${month}-\\d{2}$`)),
      'Kvittering',
      `${company}, org.nr. 923609016`,
      '319,20',
      '79,80',
      '399,00',
      'Test',
      expect.stringMatching(/^test_/),
    ]);
  });
});
