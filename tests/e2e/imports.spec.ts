import { eq, like } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { mailQueue, users } from '#db/schema';
import { expect, expectAccessible, test } from './fixtures';
import { signInAs } from './sessions';

/* The admin's member import (docs/decisions/0052-member-import.md): upload, preview, run, progress. */

test.describe.configure({ timeout: 90_000 });

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}-${page.viewportSize()!.width}.png`, fullPage: true });

/** A plain CSV as a file the page's picker takes. */
const csvFile = (lines: string[]) => ({ name: 'medlemmer.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });

test.describe('admin: Import', () => {
  test("upload a CSV, see each row's outcome and reason, tick the welcome mail, run, follow the progress to the end", async ({
    page,
    db,
  }, testInfo) => {
    const tag = `${testInfo.project.name}-${Date.now()}`;
    const paid = `import-betaler-${tag}@example.no`;
    const free = `import-gratis-${tag}@example.no`;
    await signInAs(page, db, `admin-${testInfo.project.name}@soloprenor.no`, 'owner');
    await page.goto('/admin#import');
    await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();

    // A file the import does not know: a Norwegian error, nothing else happens.
    await page.getByLabel('CSV-fil').setInputFiles(csvFile(['navn;telefon', 'Ola;123']));
    await page.getByRole('button', { name: 'Last opp og forhåndsvis' }).click();
    await expect(page.getByRole('alert')).toContainText('Kjenner ikke igjen kolonnene');

    await page
      .getByLabel('CSV-fil')
      .setInputFiles(
        csvFile([
          'email,name,consent,premium_until,plan',
          `${paid},Kari,2025-06-01,2099-12-31,yearly`,
          `${free},Ola,,,`,
          'ikke-en-adresse,Feil,,,',
          `${free},Ola igjen,,,`,
        ]),
      );
    await page.getByRole('button', { name: 'Last opp og forhåndsvis' }).click();
    // The upload answers at once; the import job checks the rows (every second on Node) while the screen polls.
    await expect(page.getByRole('button', { name: 'Importer' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('import-previewing')).toBeHidden();
    const preview = page.getByTestId('import-preview');
    await expect(preview).toContainText('Enkel CSV-eksport med 4 rader.');
    await expect(page.getByTestId('import-new')).toHaveText('2');
    await expect(page.getByTestId('import-updated')).toHaveText('0');
    await expect(page.getByTestId('import-skipped')).toHaveText('2');
    const rows = preview.getByRole('row');
    await expect(rows.nth(1)).toContainText('Ugyldig e-postadresse');
    await expect(rows.nth(2)).toContainText('Samme adresse står lenger opp i filen');
    await expectAccessible(page);
    await screenshot(page, 'import-preview');

    await page.getByRole('checkbox', { name: /Send velkomstmail/ }).check();
    await page.getByRole('button', { name: 'Importer' }).click();
    const progress = page.getByTestId('import-progress');
    await expect(progress.getByRole('status')).toContainText('4 av 4 rader – Importen er ferdig.', { timeout: 30_000 });
    await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expectAccessible(page);
    await screenshot(page, 'import-done');

    const [member] = await db.select().from(users).where(eq(users.email, paid));
    expect(member).toMatchObject({ isPremium: true, premiumPlan: 'admin_granted', firstName: 'Kari' });
    const mails = await db
      .select()
      .from(mailQueue)
      .where(like(mailQueue.dedupeKey, `import-welcome:%${tag}%`));
    expect(mails.map((m) => m.to).sort()).toEqual([paid, free].sort());

    await page.getByRole('button', { name: 'Importer en fil til' }).click();
    await expect(page.getByLabel('CSV-fil')).toBeVisible();
  });
});
