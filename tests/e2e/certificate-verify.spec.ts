import { mkdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Page, TestInfo } from '@playwright/test';
import { users } from '#db/schema';
import { formatDate } from '#shared/money';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { finishEverything } from './finish-everything';
import { signInAs } from './sessions';

/** A certificate anyone can check (docs/decisions/0049-certificate-verification.md): publish, check, withdraw. */
test.describe.configure({ timeout: 90_000 });

const shot = async (page: Page, info: TestInfo, name: string, fullPage = true) => {
  await page.screenshot({ path: `test-results/certificate-shots/${name}-${info.project.name}.png`, fullPage });
  if (info.project.name === 'phone') {
    await mkdir('/work/shots', { recursive: true });
    await page.screenshot({ path: `/work/shots/${name}.png`, fullPage });
  }
};

test('a learner publishes the certificate, anyone can check it, and once withdrawn it is not found', async ({
  page,
  db,
  email,
}, info) => {
  const user = await signInAs(page, db, email);
  await db.update(users).set({ firstName: 'Åse Ødegård' }).where(eq(users.id, user.id));
  await finishEverything(page, db, user.id);
  const share = page.getByTestId('certificate-public');
  await expect(share.getByRole('heading', { name: 'Del kursbeviset' })).toBeVisible();
  await share.getByRole('button', { name: 'Vis sertifikatet på en offentlig side' }).click();
  await expect(share.getByRole('status')).toHaveText('Sertifikatet vises nå på en offentlig side.');
  const link = share.getByRole('link', { name: /\/sertifikat\/[a-z2-7]{20}/ });
  const url = new URL((await link.getAttribute('href'))!);
  await expect(share.getByRole('button', { name: 'Kopier lenken' })).toBeVisible();
  await expectNoA11yViolations(page);
  await share.scrollIntoViewIfNeeded();
  await shot(page, info, 'certificate-share', false);

  const visitor = await page
    .context()
    .browser()!
    .newContext({ ...info.project.use });
  const check = await visitor.newPage();
  await check.goto(url.pathname);
  await expect(check.getByRole('heading', { level: 1, name: 'Sertifikat: Soloprenør-guiden' })).toBeVisible();
  await expect(check.getByText('Åse Ødegård', { exact: true })).toBeVisible();
  await expect(check.getByText(formatDate(Date.now()))).toBeVisible();
  await expect(check.getByText(/^\d+ moduler? og \d+ leksjon(er)? fullført$/)).toBeVisible();
  await expect(check.getByText('Bekreftet av Soloprenør')).toBeVisible();
  await expect(check.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectNoA11yViolations(check);
  await shot(check, info, 'certificate-verify');

  await share.getByRole('button', { name: 'Trekk tilbake' }).click();
  await expect(share.getByRole('status')).toHaveText('Sertifikatet er trukket tilbake. Siden viser det ikke lenger.');
  await expect(share.getByRole('button', { name: 'Vis sertifikatet på en offentlig side' })).toBeVisible();

  await check.reload();
  await expect(check.getByRole('heading', { level: 1, name: 'Fant ikke sertifikatet' })).toBeVisible();
  await expect(check.getByText('Åse Ødegård')).toHaveCount(0);
  await expectNoA11yViolations(check);
  await shot(check, info, 'certificate-withdrawn');
  // An id that never was looks the same.
  await check.goto('/sertifikat/abcdefghijklmnopqrst');
  await expect(check.getByRole('heading', { level: 1, name: 'Fant ikke sertifikatet' })).toBeVisible();
  await visitor.close();
});
