import type { Page } from '@playwright/test';
import { apiOf } from './api';
import { expect, expectNoA11yViolations, test, toast, expectAccessible } from './fixtures';
import { latestMail } from '#support/outbox';
import { signInAs } from './sessions';

// Whole flows with an axe scan per screen: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/welcome-shots/${name}-${page.viewportSize()!.width}.png`, fullPage: true });

const series = async (page: Page) => (await (await apiOf(page.request).admin['welcome-series'].$get()).json()).steps;

test('the admin finds the welcome series in the sidebar and previews a mail in the mail layout', async ({
  page,
  db,
}, testInfo) => {
  await signInAs(page, db, `welcome-${testInfo.project.name}-${testInfo.workerIndex}@soloprenor.no`, 'owner');
  await page.goto('/admin');
  const sidebar = page.getByRole('link', { name: 'Velkomstserie' });
  if (testInfo.project.name === 'phone') await page.getByRole('button', { name: /meny/i }).first().click();
  await sidebar.click();
  await expect(page).toHaveURL(/\/admin\/velkomstserie$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Velkomstserie' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Velkomstserie' });
  await expect(list.getByRole('heading', { name: 'Velkommen! Her er første steg' })).toBeVisible();
  await expect(list.getByText('Samme dag')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'series');

  await page.getByRole('button', { name: 'Rediger «Velkommen! Her er første steg»' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rediger e-post' });
  const preview = dialog.getByTestId('mail-preview');
  await expect(preview.getByRole('link', { name: 'Ansett din første AI-medarbeider' })).toBeVisible();
  await expect(preview).toContainText('Du får denne e-posten fordi du har sagt ja til e-poster med tips, verktøy og tilbud');
  await dialog.getByRole('button', { name: 'Mobil' }).click();
  await expect(dialog.getByRole('button', { name: 'Mobil' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoA11yViolations(page);
  await preview.scrollIntoViewIfNeeded();
  await shot(page, 'step-preview');
  await dialog.getByRole('button', { name: 'Avbryt' }).click();
  await expect(dialog).toHaveCount(0);
});

test('the admin adds a step, moves it with the keyboard, and deletes it', async ({ page, db }, testInfo) => {
  // The series is one for the whole site: its edits run at one width only, so two never race.
  test.skip(testInfo.project.name !== 'desktop', 'edits the shared series');
  const admin = `welcome-edit-${testInfo.workerIndex}@soloprenor.no`;
  await signInAs(page, db, admin, 'owner');
  await page.goto('/admin/velkomstserie');
  const subject = `Ukens verktøy ${Date.now().toString(36)}`;
  const before = await series(page);

  await page.getByRole('button', { name: 'Legg til e-post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ny e-post i serien' });
  // A test needs a subject and content too, and says so as saving does.
  await dialog.getByRole('button', { name: 'Send test til meg' }).click();
  await expect(dialog.getByText('Skriv et emne.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Lagre' }).click();
  await expect(dialog.getByLabel('Emne')).toBeFocused();
  await expect(dialog.getByText('Skriv et emne.')).toBeVisible();
  await dialog.getByLabel('Dager etter påmelding').fill('9');
  await dialog.getByLabel('Emne').fill(subject);
  await dialog.getByLabel('Innhold (Markdown)').fill('## Tre verktøy\n\nPrøv [nisjeleksjonen](/guide/lessons/niche) i dag.');
  await expect(dialog.getByTestId('mail-preview').getByRole('heading', { name: 'Tre verktøy' })).toBeVisible();
  await expect(dialog.getByTestId('mail-preview')).toContainText(subject);
  // Before saving, a test to the admin's own inbox: the mail as written, marked as a test.
  await dialog.getByRole('button', { name: 'Send test til meg' }).click();
  await expect(toast(page).filter({ hasText: `Testen er sendt til ${admin}` })).toBeVisible();
  await expect.poll(async () => (await latestMail(db, admin))?.subject).toBe(`[Test] ${subject}`);
  expect((await latestMail(db, admin))!.text).toMatch(
    /Prøv \[nisjeleksjonen\]\(https?:\/\/[^)\s]+\/guide\/lessons\/niche\) i dag\./,
  );
  await dialog.getByRole('button', { name: 'Lagre' }).click();
  await expect(toast(page).filter({ hasText: 'E-posten er lagt til i serien' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Velkomstserie' });
  await expect(list.getByRole('listitem').last()).toContainText(subject);
  await expect(list.getByRole('listitem').last()).toContainText('Etter 9 dager');

  // Up twice with the keyboard: focus stays on the step, and the order is saved each time.
  const up = page.getByRole('button', { name: `Flytt «${subject}» opp` });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(up).toBeFocused();
  await expect(page.getByText(`«${subject}» er nå nummer ${before.length} av ${before.length + 1}`)).toBeAttached();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`«${subject}» er nå nummer ${before.length - 1} av ${before.length + 1}`)).toBeAttached();
  await expect.poll(async () => (await series(page)).findIndex((s) => s.subject === subject)).toBe(before.length - 2);
  await page.reload();
  await expect(
    page
      .getByRole('list', { name: 'Velkomstserie' })
      .getByRole('listitem')
      .nth(before.length - 2),
  ).toContainText(subject);
  await expectAccessible(page);

  await page.getByRole('button', { name: `Slett «${subject}»` }).click();
  await page.getByRole('dialog', { name: 'Slette e-posten?' }).getByRole('button', { name: 'Slett' }).click();
  await expect(toast(page).filter({ hasText: 'E-posten er slettet fra serien' })).toBeVisible();
  await expect(page.getByRole('heading', { name: subject })).toHaveCount(0);
  expect((await series(page)).map((s) => s.id)).toEqual(before.map((s) => s.id));
});

test('the learner turns reminders on in the profile; it is saved at once and stays on', async ({ page, db, email }) => {
  await signInAs(page, db, email);
  await page.goto('/guide/profil');
  const reminders = page.getByRole('switch', { name: 'Påminnelser på e-post' });
  await expect(reminders).toBeEnabled();
  await expect(reminders).toHaveAttribute('aria-checked', 'false');
  await reminders.click();
  await expect(toast(page).filter({ hasText: 'Du får påminnelser på e-post' })).toBeVisible();
  await expect(reminders).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('region', { name: 'Påminnelser på e-post' }).scrollIntoViewIfNeeded();
  await shot(page, 'profile-reminders');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Påminnelser på e-post' })).toHaveAttribute('aria-checked', 'true');
  await expectAccessible(page);
});
