import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { consentEvents, mailQueue, users } from '#db/schema';
import { isoToOsloLocal } from '#shared/time';
import { expect, expectNoA11yViolations, test, toast } from './fixtures';
import { signInAs } from './sessions';

/** Screenshots for a person to open, at the test's width. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/newsletters-${name}-${page.viewportSize()!.width}.png`, fullPage: true });

/**
 * expectNoA11yViolations around the mail preview: the frame is sandboxed without scripts (it
 * shows the admin's content), so axe cannot run inside it and would wait for it forever. The
 * mail's own HTML is checked by tests/build/html-valid.test.ts.
 */
async function expectNoA11yViolationsAroundPreview(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .exclude('iframe')
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Opens E-post the way the admin would: from the sidebar (on a phone through the menu). */
async function openNewsletters(page: Page) {
  await page.goto('/admin');
  const link = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'E-post' });
  // On a phone the link is in the menu. The frame draws the menu button together with its handler
  // once it knows the visitor's role, so the first tap, as soon as the button shows, opens it.
  if (page.viewportSize()!.width < 1024) await page.getByRole('button', { name: 'Meny' }).click();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-post' })).toBeVisible();
}

async function compose(page: Page, subject: string, segment: string) {
  await page.getByRole('button', { name: 'Nytt nyhetsbrev' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Skriv nyhetsbrev' })).toBeVisible();
  await page.getByLabel('Emne').fill(subject);
  await page.getByLabel('Innhold').fill('## Tre verktøy\n\nHei! Prøv **Canva** denne uken.\n\n- [Guiden](/guide)');
  await page.getByLabel('Mottakere').selectOption({ label: segment });
}

test.describe('E-post (newsletters)', () => {
  test('compose, live preview at phone and desktop width, test send, schedule in Oslo time, cancel', async ({
    page,
    db,
    email,
    mailTo,
  }) => {
    test.slow(); // two accessibility scans and a mail through the queue on a shared machine
    const admin = email.replace(/^e2e-/, 'e2e-admin-');
    await signInAs(page, db, admin, 'owner');
    await openNewsletters(page);
    await expectNoA11yViolations(page);

    const subject = `Ukens tips ${Date.now()}`;
    await compose(page, subject, 'Påmeldte uten Premium');
    await expect(page.getByTestId('recipient-count')).toHaveText(/\d+ mottaker(e)? har samtykke nå/);

    // The preview is the real mail, rendered by the server, in a sandboxed frame.
    const phone = page.frameLocator('iframe[title="Forhåndsvisning av e-posten, 390 px"]');
    await expect(phone.getByRole('heading', { name: 'Tre verktøy' })).toBeVisible();
    await expect(phone.getByText('Soloprenør AS, Strandkaien 2, 5013 Bergen')).toBeVisible();
    await expect(page.locator('iframe[title^="Forhåndsvisning"]')).toHaveAttribute('sandbox', 'allow-same-origin');
    // The mail's own inline styles apply, as in a mail client (the brand line is orange, bold).
    await expect(phone.getByText('Soloprenør', { exact: true })).toHaveCSS('color', 'rgb(194, 65, 12)');
    await page.getByRole('tab', { name: 'Skjermbilde' }).click();
    const desktop = page.frameLocator('iframe[title="Forhåndsvisning av e-posten, 720 px"]');
    await expect(desktop.getByRole('link', { name: 'Guiden' })).toHaveAttribute('href', /\/guide$/);
    // The whole mail at the desktop width, shrunk to the column: nothing cut off on the right.
    const box = (await page.getByTestId('mail-preview-box').boundingBox())!;
    const frame = (await page.locator('iframe[title="Forhåndsvisning av e-posten, 720 px"]').boundingBox())!;
    expect(frame.x).toBeGreaterThanOrEqual(box.x - 1);
    expect(frame.x + frame.width).toBeLessThanOrEqual(box.x + box.width + 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, 'compose');

    await page.getByRole('button', { name: 'Send test til meg' }).click();
    await expect(toast(page)).toContainText(`Testen er sendt til ${admin}`);
    expect((await mailTo(admin)).subject).toBe(`[Test] ${subject}`);

    const at = isoToOsloLocal(new Date(Date.now() + 2 * 86_400_000).toISOString());
    await page.getByLabel('Tidspunkt (norsk tid)').fill(at);
    await page.getByRole('button', { name: 'Planlegg', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Planlegge utsendelsen?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Planlegg' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nyhetsbrev' })).toBeVisible();
    await expect(page.getByText(/^Planlagt · Sendes /)).toBeVisible();
    await expect(page.getByLabel('Emne')).toBeDisabled();
    await expectNoA11yViolationsAroundPreview(page);
    await shot(page, 'scheduled');

    await page.getByRole('button', { name: 'Avbryt utsendelse' }).click();
    const cancel = page.getByRole('dialog', { name: 'Avbryte utsendelsen?' });
    await cancel.getByRole('button', { name: 'Avbryt utsendelse' }).click();
    await expect(toast(page)).toContainText('Utsendelsen er avbrutt');
    await expect(page.getByText(/^Avbrutt/)).toBeVisible();

    await page.getByRole('button', { name: 'Lukk', exact: true }).click();
    const card = page.getByRole('article').filter({ hasText: subject });
    await expect(card.getByText('Avbrutt')).toBeVisible();
  });

  test('send now: the figures show who got it', async ({ page, db, email }) => {
    test.slow(); // the send job and the mail queue run on their own timers (5 s)
    const admin = email.replace(/^e2e-/, 'e2e-admin-');
    await signInAs(page, db, admin, 'owner');
    // Someone asleep for twenty years, with consent: in "inactive for 3650 days" only this test's
    // readers are, one per project and attempt (a retry's reader joins the first attempt's).
    const reader = email.replace(/^e2e-/, 'e2e-leser-');
    const old = new Date('2006-01-01T00:00:00Z');
    await db.insert(users).values({ id: crypto.randomUUID(), email: reader, createdAt: old, lastActiveAt: old });
    await db.insert(consentEvents).values({
      id: crypto.randomUUID(),
      email: reader,
      action: 'granted',
      textVersion: 'v1',
      source: 'landing_page',
      clientHash: 'e2e',
      createdAt: old,
    });

    await openNewsletters(page);
    const subject = `Vi savner deg ${Date.now()}`;
    await compose(page, subject, 'Inaktive brukere');
    await page.getByLabel('Antall dager uten aktivitet').fill('3650');
    await expect(page.getByTestId('recipient-count')).toHaveText(/^[1-4] mottaker(e)? har samtykke nå$/);
    await page.getByRole('button', { name: 'Send nå' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sende nyhetsbrevet nå?' });
    await expect(dialog).toContainText(/Det går til [1-4] mottaker(e)? som har samtykke nå\./);
    await dialog.getByRole('button', { name: 'Send nå' }).click();
    await expect(toast(page)).toContainText('Utsendelsen har startet');
    // Sending from the press, not "Planlagt". A few readers may all be sent by the job's next turn
    // before the editor's first read: then "Sendt" is what it shows, and the counts below prove the polling.
    await expect(page.getByText(/^(Sender · \d+ av \d+ sendt|Sendt \d.*)$/)).toBeVisible();
    await expectNoA11yViolationsAroundPreview(page);
    await shot(page, 'sending');
    await expect(page.getByText(/^Sendt \d/)).toBeVisible({ timeout: 30_000 });
    const recipients = await page.locator('[data-figure="recipients"]').textContent();
    expect(Number(recipients)).toBeGreaterThanOrEqual(1);
    await expect(page.locator('[data-figure="sent"]')).toHaveText(recipients!, { timeout: 20_000 });

    // The reader's mail counts clicks through our signed redirect; no pixel loads anything.
    let mail: typeof mailQueue.$inferSelect | undefined;
    await expect(async () => {
      [mail] = await db
        .select()
        .from(mailQueue)
        .where(and(eq(mailQueue.to, reader), eq(mailQueue.subject, subject)));
      expect(mail).toMatchObject({ status: 'sent', kind: 'marketing' });
    }).toPass({ timeout: 20_000 });
    const link = /href="([^"]*\/r\/[^"]+)"/.exec(mail!.html!)![1]!;
    const reading = await page.context().browser()!.newPage();
    await reading.goto(link);
    await expect(reading).toHaveURL(/\/guide.*utm_campaign=newsletter-/);
    await reading.close();
    // A link with a forged signature is a plain "not found", never a redirect.
    const forged = await page.request.get(link.replace(/\.[0-9a-f]{32}$/, '.' + '0'.repeat(32)), { maxRedirects: 0 });
    expect(forged.status()).toBe(404);

    await page.getByRole('button', { name: 'Lukk', exact: true }).click();
    const card = page.getByRole('article').filter({ hasText: subject });
    await expect(card.locator('[data-figure="clicks"]')).toHaveText('1');
    await card.getByRole('button', { name: /Åpne/ }).click();
    await expect(page.getByRole('table', { name: 'Klikk per lenke' })).toContainText(/\/guide/);
    await expectNoA11yViolationsAroundPreview(page);
    await shot(page, 'sent');
  });
});
