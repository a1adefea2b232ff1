import type { Page } from '@playwright/test';
import { apiOf } from './api';
import { expect, expectAccessible, expectNoA11yViolations, test, toast } from './fixtures';
import { signInAs } from './sessions';

// Whole flows with axe scans on a dialog with two previews: well over the default 30 s on a busy machine.
test.describe.configure({ timeout: 240_000 });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/automations-shots/${name}-${page.viewportSize()!.width}.png`, fullPage: true });

/*
 * The automations are the whole site's: each width switches on and edits its own one (desktop the
 * left checkout, phone the cancellation), so the two projects never race, and switches it off again.
 */
const MINE = {
  desktop: { kind: 'abandoned_checkout', name: 'Forlatt kasse', subject: 'Du var nesten i mål' },
  phone: { kind: 'cancellation', name: 'Etter oppsigelse', subject: 'Hvorfor sa du opp?' },
} as const;

test('the admin switches an automation on, edits its mail with a preview, and switches it off again', async ({
  page,
  db,
}, testInfo) => {
  const mine = MINE[testInfo.project.name as keyof typeof MINE];
  test.skip(!mine, 'one automation per width');
  await signInAs(page, db, `automations-${testInfo.project.name}-${testInfo.workerIndex}@soloprenor.no`, 'owner');
  await page.goto('/admin');
  if (testInfo.project.name === 'phone') await page.getByRole('button', { name: /meny/i }).first().click();
  await page.getByRole('link', { name: 'Automatiseringer' }).click();
  await expect(page).toHaveURL(/\/admin\/automatiseringer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Automatiseringer' })).toBeVisible();
  const card = page.getByTestId(`automation-${mine.kind}`);
  const toggle = card.getByRole('switch', { name: mine.name });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expectAccessible(page);

  await toggle.click();
  await expect(toast(page).filter({ hasText: `«${mine.name}» er slått på` })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(card).toContainText('På siden');

  await card.getByRole('button', { name: `Rediger e-post «${mine.name}»` }).click();
  const dialog = page.getByRole('dialog', { name: `Rediger «${mine.name}»` });
  await expect(dialog.getByLabel('Emne')).toHaveValue(mine.subject);
  // An empty subject is refused beside the field, as the server would.
  await dialog.getByLabel('Emne').fill('');
  await dialog.getByRole('button', { name: 'Lagre' }).click();
  await expect(dialog.getByText('Skriv et emne.')).toBeVisible();
  const subject = `${mine.subject} (${Date.now().toString(36)})`;
  await dialog.getByLabel('Emne').fill(subject);
  await dialog.getByLabel('Innhold (Markdown)').fill('## Hei igjen\n\nSe [prisene](/priser).');
  const preview = dialog.getByTestId('mail-preview');
  await expect(preview.getByRole('heading', { name: 'Hei igjen' })).toBeVisible();
  if (mine.kind === 'cancellation') await expect(preview.getByRole('link', { name: 'Det ble for dyrt' })).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, 'edit');
  await dialog.getByRole('button', { name: 'Lagre' }).click();
  await expect(toast(page).filter({ hasText: 'Endringene er lagret' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(card).toContainText(subject);
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await shot(page, 'list');

  const saved = (await (await apiOf(page.request).admin.automations[':kind'].$get({ param: { kind: mine.kind } })).json())
    .automation;
  expect(saved).toMatchObject({ enabled: true, mails: [{ subject }] });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(toast(page).filter({ hasText: `«${mine.name}» er slått av` })).toBeVisible();
});

test('a reason link that was altered says so, and records nothing', async ({ page }) => {
  await page.goto('/oppsigelse?token=ikke.gyldig&reason=price');
  await expect(page.getByRole('heading', { name: 'Lenken virker ikke' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(/Lenken er (endret eller ugyldig|ugyldig)/);
  await expectAccessible(page);
});

test('the admin tags a user in the user card and takes the tag off', async ({ page, db }, testInfo) => {
  const admin = `automations-tags-${testInfo.project.name}-${testInfo.workerIndex}@soloprenor.no`;
  await signInAs(page, db, admin, 'owner');
  await page.goto('/admin#brukere');
  const card = page.getByTestId('user-card').filter({ hasText: admin });
  await card.getByText('Merker').click();
  await expect(card.getByText('Ingen merker ennå.')).toBeVisible();
  await card.getByLabel('Nytt merke').fill('VIP');
  await card.getByRole('button', { name: 'Legg til merke' }).click();
  await expect(toast(page).filter({ hasText: 'Merket «vip» er lagt til' })).toBeVisible();
  await expect(card.getByRole('list', { name: 'Merker' })).toContainText('vip');
  await expectNoA11yViolations(page);
  await card.getByRole('button', { name: 'Fjern merket «vip»' }).click();
  await expect(card.getByText('Ingen merker ennå.')).toBeVisible();
});
