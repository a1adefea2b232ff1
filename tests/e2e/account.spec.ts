import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { consentEvents, lessonCompletions, users } from '#db/schema';
import type { Db } from '#db';
import type { UserExport } from '#shared/schemas/account';
import { unsubscribeToken } from '#worker/features/privacy/unsubscribe';
import { E2E } from './env';
import { expect, expectNoA11yViolations, test, type MailTo, toast } from './fixtures';

// Each test signs in through the outbox and runs axe on several screens.
test.describe.configure({ timeout: 90_000 });

const NAV = { timeout: 15_000 };
const NAME_INVALID = 'Fornavnet kan bare ha bokstaver, mellomrom, bindestrek og apostrof, og høyst 50 tegn';

const consentBox = (page: Page) => page.getByRole('checkbox', { name: 'Send meg e-poster med tips, verktøy og tilbud' });

/** Signs up on the landing's API with marketing consent and confirms by the mailed link, as a lead does. */
async function signUp(page: Page, email: string, mailTo: MailTo) {
  await page.request.post('/api/lead', { data: { email, acceptTerms: true, consentMarketing: true } });
  await page.goto((await mailTo(email)).link!);
  await expect(page).toHaveURL(/\/guide$/, NAV);
}

const latestConsent = async (db: Db, email: string) =>
  (
    await db.select().from(consentEvents).where(eq(consentEvents.email, email)).orderBy(desc(consentEvents.createdAt)).limit(1)
  )[0];

/** The e2e server's AUTH_SECRET, kept beside its database (the embedded default's way). */
const serverSecret = () => readFileSync(join(dirname(E2E.dbFile), 'auth-secret'), 'utf8').trim();

test.describe('the profile page', () => {
  test('changes name and level, downloads the data, withdraws consent, deletes the account for good', async ({
    page,
    db,
    email,
    mailTo,
  }) => {
    test.slow();
    await signUp(page, email, mailTo);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    await db.insert(lessonCompletions).values({ userId: user!.id, lessonId: 'mindset-quick-win', moduleId: 'mindset' });

    await page.goto('/guide');
    await page.getByRole('link', { name: 'Min profil' }).click();
    await expect(page).toHaveURL(/\/guide\/profil$/, NAV);
    await expect(page.getByRole('heading', { level: 1, name: 'Min profil' })).toBeVisible();
    await expect(page.getByTestId('current-email')).toHaveText(email);
    await expect(page.getByText('Du har gratisversjonen av guiden.')).toBeVisible();
    await expect(consentBox(page)).toBeChecked();
    await expectNoA11yViolations(page);

    // Name and depth level, checked by the shared schema before anything is sent.
    const firstName = page.getByLabel('Fornavn');
    await firstName.fill('Kari <3');
    await page.getByRole('button', { name: 'Lagre endringer' }).click();
    await expect(page.getByText(NAME_INVALID)).toBeVisible();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toBeFocused();
    await firstName.fill('Kari Nordmann');
    await page.getByLabel('Nivå').selectOption({ label: 'Ekspert' });
    await page.getByRole('button', { name: 'Lagre endringer' }).click();
    await expect(toast(page)).toContainText('Profilen er lagret');
    await page.reload();
    await expect(page.getByLabel('Fornavn')).toHaveValue('Kari Nordmann');
    await expect(page.getByLabel('Nivå')).toHaveValue('expert');

    // The download is the complete export, consent history included.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Last ned mine data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^user-data-${user!.id}-\\d+\\.json$`));
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as UserExport;
    expect(data.userId).toBe(user!.id);
    expect(data.tables.users).toEqual([expect.objectContaining({ email, firstName: 'Kari Nordmann', depthLevel: 'expert' })]);
    expect(data.tables.consent_events!.map((e) => e.action)).toEqual(['terms_accepted', 'requested', 'granted']);
    expect(data.tables.lesson_completions).toHaveLength(1);
    expect(data.tables.leads).toEqual([expect.objectContaining({ email })]);
    await expect(toast(page)).toContainText('Data eksportert');

    // Withdrawing consent is recorded, with its source and time.
    await consentBox(page).uncheck();
    await expect(toast(page)).toContainText('Du er meldt av e-poster med tips, verktøy og tilbud');
    await expect.poll(async () => (await latestConsent(db, email))?.action).toBe('withdrawn');
    expect(await latestConsent(db, email)).toMatchObject({ source: 'account', userId: user!.id });
    await page.reload();
    await expect(consentBox(page)).not.toBeChecked();

    // The confirmation names what goes, keeps focus inside, and Escape backs out.
    const deleteButton = page.getByRole('button', { name: 'Slett kontoen min' });
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Slette kontoen din?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('delete-losses')).toContainText('fremgangen din i guiden (1 fullført leksjon)');
    await expect(dialog.getByTestId('delete-losses')).toContainText('streaken din');
    await expectNoA11yViolations(page);
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((d) => d.contains(document.activeElement) && d !== document.activeElement), key).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(deleteButton).toBeFocused();

    // A failed deletion keeps the dialog open with the reason inside; trying again works.
    await page.route('**/api/account', (route) => (route.request().method() === 'DELETE' ? route.abort() : route.fallback()));
    await deleteButton.click();
    const confirm = dialog.getByRole('button', { name: 'Ja, slett kontoen min' });
    await confirm.click();
    await expect(dialog.getByRole('alert')).toHaveText('Kunne ikke slette kontoen.');
    await expect(confirm).toBeFocused();
    await page.unroute('**/api/account');
    await confirm.click();
    await expect(page).toHaveURL(/\/$/, NAV);
    await expect(toast(page)).toContainText('Kontoen er slettet');
    expect(await db.select().from(users).where(eq(users.id, user!.id))).toEqual([]);
    expect(await db.select().from(consentEvents).where(eq(consentEvents.email, email))).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBeLessThanOrEqual(1);

    // The old session is gone…
    await page.goto('/guide/profil');
    await expect(page).toHaveURL(/\/guide\/login\?redirect=%2Fguide%2Fprofil$/, NAV);
    // …and signing in with the same address opens a new, empty account: none of the old data.
    await page.request.post('/api/auth/magic-link', { data: { email, redirect: '/guide/profil' } });
    await page.goto((await mailTo(email)).link!);
    await expect(page).toHaveURL(/\/guide\/profil$/, NAV);
    await expect(page.getByLabel('Fornavn')).toHaveValue('');
    await expect(page.getByLabel('Nivå')).toHaveValue('beginner');
    await expect(consentBox(page)).not.toBeChecked();
    const [fresh] = await db.select().from(users).where(eq(users.email, email));
    expect(fresh!.id).not.toBe(user!.id);
    expect(await db.select().from(lessonCompletions).where(eq(lessonCompletions.userId, fresh!.id))).toEqual([]);
  });

  test('changes the address only when the new address’s link is opened', async ({ page, db, email, mailTo }) => {
    await signUp(page, email, mailTo);
    const newEmail = email.replace('@', '.ny@');
    await page.goto('/guide/profil');
    await page.getByLabel('Ny e-postadresse').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Send bekreftelseslenke' }).click();
    await expect(page.getByText('Dette er allerede e-postadressen din')).toBeVisible();

    await page.getByLabel('Ny e-postadresse').fill(newEmail);
    await page.getByRole('button', { name: 'Send bekreftelseslenke' }).click();
    await expect(toast(page)).toContainText('Sjekk den nye e-postadressen');
    await expect(page.getByText(`Venter på bekreftelse av ${newEmail}.`)).toBeVisible();
    await expect(page.getByTestId('current-email')).toHaveText(email);
    await expectNoA11yViolations(page);

    const link = /https?:\/\/\S+\/guide\/ny-epost\?token=[\w-]+/.exec((await mailTo(newEmail)).text)![0];
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'E-postadressen er endret' })).toBeVisible(NAV);
    await expect(page).toHaveURL(/\/guide\/ny-epost$/);
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Gå til profilen' }).click();
    await expect(page.getByTestId('current-email')).toHaveText(newEmail);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
    // The old address was told where the account went.
    expect((await mailTo(email)).text).toContain(`E-postadressen for kontoen din hos Soloprenør er nå ${newEmail}.`);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Kunne ikke endre e-postadressen' })).toBeVisible(NAV);
  });
});

test.describe('unsubscribe links', () => {
  test('a reader unsubscribes without signing in; sign-in mail still comes', async ({ page, db, email, mailTo }) => {
    await page.request.post('/api/lead', { data: { email, acceptTerms: true, consentMarketing: true } });
    await page.request.get(`/api/auth/verify?token=${new URL((await mailTo(email)).link!).searchParams.get('token')}`);
    await page.context().clearCookies();
    const token = await unsubscribeToken({ AUTH_SECRET: serverSecret() }, email);

    await page.goto(`/avmelding?token=${encodeURIComponent(token)}`);
    await expect(page.getByRole('heading', { name: 'Meld deg av e-poster' })).toBeVisible();
    await expect(page.getByText(`Vil du melde ${email} av e-poster med tips, verktøy og tilbud fra Soloprenør?`)).toBeVisible();
    await expectNoA11yViolations(page);
    // Opening the link changed nothing.
    expect((await latestConsent(db, email))?.action).toBe('granted');

    await page.getByRole('button', { name: 'Meld meg av' }).click();
    await expect(page.getByRole('heading', { name: 'Du er meldt av' })).toBeVisible();
    await expect(page.getByText(`Vi sender ikke flere e-poster med tips, verktøy og tilbud til ${email}.`)).toBeVisible();
    await expectNoA11yViolations(page);
    expect(await latestConsent(db, email)).toMatchObject({ action: 'withdrawn', source: 'unsubscribe_link' });

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Du er allerede meldt av' })).toBeVisible();

    // Transactional mail is not marketing: the sign-in link still arrives.
    const before = (await mailTo(email)).text;
    expect((await page.request.post('/api/auth/magic-link', { data: { email } })).ok()).toBe(true);
    await expect.poll(async () => (await mailTo(email)).text).not.toBe(before);
  });

  test('a tampered link is refused and unsubscribes nobody', async ({ page, db, email }) => {
    const other = email.replace('@', '.annen@');
    const [encoded, mac] = (await unsubscribeToken({ AUTH_SECRET: serverSecret() }, email)).split('.') as [string, string];
    const forged = `${Buffer.from(other).toString('base64url')}.${mac}`;
    await page.goto(`/avmelding?token=${encodeURIComponent(forged)}`);
    await expect(page.getByRole('heading', { name: 'Ugyldig avmeldingslenke' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Avmeldingslenken er ugyldig.');
    await expect(page.getByRole('button', { name: 'Meld meg av' })).toHaveCount(0);
    await expectNoA11yViolations(page);

    await page.goto(`/avmelding?token=${encoded}.${mac.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}`);
    await expect(page.getByRole('heading', { name: 'Ugyldig avmeldingslenke' })).toBeVisible();
    expect(await db.select().from(consentEvents).where(eq(consentEvents.email, other))).toEqual([]);
    expect(await db.select().from(consentEvents).where(eq(consentEvents.email, email))).toEqual([]);
  });
});
