import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { consentEvents } from '#db/schema';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { signInAs } from './sessions';

// A sign-up, two sign-ins and axe on a shared machine.
test.describe.configure({ timeout: 90_000 });

const NAV = { timeout: 15_000 };

/** Where screenshots for a person to open are kept (the lead looks at them). */
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}-${page.viewportSize()!.width}.png`, fullPage: true });

test.describe("the lead's first visit", () => {
  test('sign up on the landing, open the mailed link: the guide welcomes a first visit; the next sign-in is "Velkommen tilbake"', async ({
    page,
    email,
    mailTo,
  }) => {
    await page.goto('/?utm_source=e2e&utm_campaign=forste-besok');
    const form = page.locator('#lead-form');
    await form.scrollIntoViewIfNeeded();
    await expect(page.locator('astro-island', { has: form })).not.toHaveAttribute('ssr');
    await form.getByLabel('E-postadresse').fill(email);
    await form.getByRole('checkbox', { name: 'Jeg godtar vilkårene og har lest personvernerklæringen.' }).check();
    await form.getByRole('checkbox', { name: /Ja, jeg vil motta e-poster med tips, verktøy og tilbud/ }).check();
    await form.getByRole('button', { name: 'Send meg guiden' }).click();
    await expect(form.getByRole('heading', { name: 'Takk for påmeldingen!' })).toBeFocused();

    const first = await mailTo(email);
    await page.goto(first.link!);
    await expect(page).toHaveURL(/\/guide$/, NAV);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Velkommen til guiden!');
    const welcome = page.getByTestId('first-visit');
    await expect(welcome).toContainText('Så bra at du er her!');
    await expect(welcome.getByRole('link', { name: 'Start med «Soloprenør-tankesettet»' })).toHaveAttribute(
      'href',
      '/guide/lessons/mindset',
    );
    await expect(page.getByText('Velkommen tilbake')).toHaveCount(0);
    await expect(page.getByTestId('module-card').first()).toBeVisible();
    await expectNoA11yViolations(page);
    await screenshot(page, 'guide-first-visit');

    // A second sign-in (another device, another day): now it is a return.
    await page.context().clearCookies();
    expect((await page.request.post('/api/auth/magic-link', { data: { email } })).ok()).toBe(true);
    let second = first;
    await expect
      .poll(async () => {
        second = await mailTo(email);
        return second.link;
      })
      .not.toBe(first.link);
    await page.goto(second.link!);
    await expect(page).toHaveURL(/\/guide$/, NAV);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Velkommen tilbake, ${email.split('@')[0]}!`);
    await expect(page.getByTestId('first-visit')).toHaveCount(0);
  });
});

test.describe('admin: Leads', () => {
  test('lists leads with search, consent and UTM filters, each lead’s consent history, and downloads the CSV', async ({
    page,
    db,
    email,
  }, testInfo) => {
    test.slow(); // two axe scans and a download on a shared machine
    // Two leads of this test's own, told apart from every other test's by their UTM campaign.
    const campaign = `e2e-${testInfo.project.name}-${Date.now().toString(36)}`;
    const consenting = email.replace(/^e2e-/, 'e2e-ja-');
    const silent = email.replace(/^e2e-/, 'e2e-nei-');
    for (const address of [consenting, silent]) {
      const res = await page.request.post('/api/lead', {
        data: {
          email: address,
          acceptTerms: true,
          consentMarketing: true,
          sendMagicLink: false,
          utm: { source: 'nyhetsbrev', campaign },
        },
      });
      expect(res.status()).toBe(201);
    }
    // The consenting lead confirmed by its link (here straight in the history, as the sign-in would append it).
    const [request] = await db
      .select()
      .from(consentEvents)
      .where(and(eq(consentEvents.email, consenting), eq(consentEvents.action, 'requested')));
    await db.insert(consentEvents).values({
      ...request!,
      id: crypto.randomUUID(),
      action: 'granted',
      confirms: request!.id,
      createdAt: new Date(request!.createdAt.getTime() + 60_000),
    });

    await signInAs(page, db, `admin-${testInfo.project.name}@soloprenor.no`, 'owner');
    await page.goto('/admin');
    // The frame is drawn once the session is checked; only then is there a menu button (on a phone) to open.
    await expect(page.getByRole('heading', { level: 1, name: 'Oversikt' })).toBeVisible();
    const menu = page.getByRole('button', { name: 'Meny' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Leads' }).click();
    await expect(page).toHaveURL(/\/admin#leads$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();

    const rows = page.getByTestId('lead-row');
    await page.getByLabel('UTM-kilde eller -kampanje').fill(campaign);
    await expect(page.getByRole('status').filter({ hasText: 'leads' })).toHaveText('2 leads');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(silent);
    // Ticked the box, never opened the link.
    await expect(rows.nth(0)).toContainText('Venter på bekreftelse');
    await expect(rows.nth(0)).toContainText('Aldri logget inn');
    await expect(rows.nth(1)).toContainText(consenting);
    await expect(rows.nth(1)).toContainText('Samtykke gitt');
    await expect(rows.nth(1)).toContainText('Forsiden');
    await expect(rows.nth(1)).toContainText(`nyhetsbrev / ${campaign}`);
    await expectNoA11yViolations(page);
    await screenshot(page, 'admin-leads');

    await page.getByLabel('Samtykke', { exact: true }).selectOption({ label: 'Samtykke gitt' });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(consenting);
    await page.getByLabel('Samtykke', { exact: true }).selectOption({ label: 'Venter på bekreftelse' });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(silent);
    await page.getByLabel('Samtykke', { exact: true }).selectOption({ label: 'Alle' });
    await page.getByLabel('Søk etter e-post').fill(consenting);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(consenting);

    // The consent history: the sign-up's request and the grant that confirmed it.
    await rows
      .first()
      .getByRole('button', { name: `Samtykkehistorikk ${consenting}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Samtykkehistorikk for ${consenting}` });
    const events = dialog.getByTestId('consent-history').getByRole('listitem');
    await expect(events).toHaveCount(3);
    await expect(events.nth(0)).toContainText('Godtok vilkår og personvern');
    await expect(events.nth(1)).toContainText('Påmeldt (ikke bekreftet)');
    await expect(events.nth(2)).toContainText('Samtykke gitt (bekrefter påmeldingen)');
    await expect(events.nth(2)).toContainText('2025-02-03');
    await expect(events.nth(2)).toContainText(request!.clientHash.slice(0, 12));
    await expectNoA11yViolations(page);
    await screenshot(page, 'admin-lead-consents');
    await dialog.getByRole('button', { name: 'Lukk' }).click();
    await expect(dialog).toBeHidden();

    // The export holds what the filters show, as a dated CSV for Norwegian Excel, or RFC 4180 when chosen.
    await page.getByLabel('Søk etter e-post').fill('');
    await expect(rows).toHaveCount(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Last ned CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('E-post;Samtykke;Skjema;UTM-kilde;UTM-medium;UTM-kampanje;Påmeldt;Sist aktiv;Bruker;Premium');
    expect(lines.slice(1).map((l) => l.split(';').slice(0, 3))).toEqual([
      [silent, 'Venter på bekreftelse', 'Forsiden'],
      [consenting, 'Samtykke gitt', 'Forsiden'],
    ]);
    await page.getByLabel('Filformat').selectOption({ label: 'Standard CSV (komma, RFC 4180)' });
    const [standard] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Last ned CSV' }).click(),
    ]);
    const rfc = readFileSync((await standard.path())!, 'utf8');
    expect(rfc.startsWith('E-post,Samtykke,Skjema,')).toBe(true);
  });
});
