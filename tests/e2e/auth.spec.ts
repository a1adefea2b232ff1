import { eq } from 'drizzle-orm';
import { consentEvents } from '#db/schema';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { AUTH } from './critical';

test.describe('magic-link sign-in', { tag: AUTH }, () => {
  test('requesting a link, opening it from the outbox, lands signed in on the guide', async ({ page, email, mailTo }) => {
    await page.goto('/guide/login');
    await expect(page.getByRole('heading', { name: 'Logg inn på guiden' })).toBeVisible();
    await expect(page.getByText('Kontoen din opprettes automatisk første gang du logger inn.')).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByLabel('E-postadresse').fill(email);
    await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
    await expect(page.getByRole('heading', { name: 'Innloggingslenke sendt!' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('Lenken er gyldig i 15 minutter', { exact: false })).toBeVisible();

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Din innloggingslenke til Soloprenør');
    await page.goto(mail.link!);
    await expect(page).toHaveURL(/\/guide$/);
    await expect(page.getByRole('heading', { name: 'Velkommen til guiden!' })).toBeVisible();

    // The link was single use: opening it again is an error with a way back.
    await page.goto(mail.link!);
    await expect(page.getByRole('heading', { name: 'Innloggingsfeil' })).toBeVisible();
    await expect(page.getByText('Innloggingslenken er ugyldig eller allerede brukt.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Prøv på nytt' })).toHaveAttribute('href', '/guide/login');
  });

  test('a signed-in user visiting the login page is sent to the guide, and can log out', async ({ page, email, mailTo }) => {
    await page.request.post('/api/auth/magic-link', { data: { email } });
    await page.goto((await mailTo(email)).link!);
    await expect(page).toHaveURL(/\/guide$/);

    await page.goto('/guide/login');
    await expect(page).toHaveURL(/\/guide$/);

    await page.getByRole('button', { name: 'Logg ut' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/guide');
    await expect(page).toHaveURL(/\/guide\/login/);
  });

  test('the 6-digit code from the e-mail signs in on another device', async ({ page, email, mailTo }) => {
    await page.goto('/guide/login');
    await page.getByLabel('E-postadresse').fill(email);
    await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
    const mail = await mailTo(email);

    await page.getByLabel('Sekssifret kode fra e-posten').fill('000000' === mail.code ? '111111' : '000000');
    await page.getByRole('button', { name: 'Logg inn med kode' }).click();
    await expect(page.getByText('Koden er feil eller utløpt.')).toBeVisible();

    await page.getByLabel('Sekssifret kode fra e-posten').fill(mail.code!);
    await page.getByRole('button', { name: 'Logg inn med kode' }).click();
    await expect(page).toHaveURL(/\/guide$/);
  });

  test('login form: empty submit does nothing, a bad address is explained, "Prøv en annen e-post" resets', async ({
    page,
    email,
  }) => {
    await page.goto('/guide/login');
    await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
    await expect(page.getByRole('heading', { name: 'Innloggingslenke sendt!' })).toHaveCount(0);
    await expect(page.getByText('Ugyldig epostadresse')).toHaveCount(0);

    await page.getByLabel('E-postadresse').fill('ikke-en-adresse');
    await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
    await expect(page.getByText('Ugyldig epostadresse')).toBeVisible();

    await page.getByLabel('E-postadresse').fill(email);
    await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
    await page.getByRole('button', { name: 'Prøv en annen e-post' }).click();
    await expect(page.getByLabel('E-postadresse')).toHaveValue('');
    await expect(page.getByLabel('E-postadresse')).toBeFocused();
  });

  test('a failed request shows the "Feil" toast with the server message', async ({ page, email }) => {
    await page.route('/api/auth/magic-link', (route) =>
      route.fulfill({
        status: 429,
        json: { error: { code: 'rate_limited', message: 'For mange forsøk. Prøv igjen om 12 minutter.' } },
      }),
    );
    await page.goto('/guide/login');
    await page.getByLabel('E-postadresse').fill(email);
    await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Feil');
    await expect(toast).toContainText('For mange forsøk. Prøv igjen om 12 minutter.');
    await expect(page.getByRole('button', { name: 'Send innloggingslenke' })).toBeEnabled();
  });

  test('a sign-in mail that has not gone out after 30 s is said to be delayed, with a new try and the code form', async ({
    page,
    email,
  }) => {
    // The mail server is down: the queue holds the mail, and the status route says so.
    await page.route('/api/auth/magic-link/*', (route) => route.fulfill({ status: 200, json: { status: 'pending' } }));
    await page.clock.install();
    await page.goto('/guide/login');
    await page.getByLabel('E-postadresse').fill(email);
    await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
    await expect(page.getByRole('heading', { name: 'Innloggingslenke sendt!' })).toBeVisible();
    await page.clock.fastForward(10_000);
    await expect(page.getByRole('alert').filter({ hasText: 'E-posten er forsinket' })).toHaveCount(0);
    await page.clock.fastForward(25_000);
    const notice = page.getByRole('alert').filter({ hasText: 'E-posten er forsinket' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Vi får ikke sendt e-post akkurat nå');
    await expect(page.getByLabel('Sekssifret kode fra e-posten')).toBeVisible();
    await expectNoA11yViolations(page);

    // Mail is back: asking again sends it, and the warning is gone.
    await page.unroute('/api/auth/magic-link/*');
    await notice.getByRole('button', { name: 'Prøv å sende på nytt' }).click();
    await expect(page.getByLabel('E-postadresse')).toHaveValue(email);
    await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
    await page.clock.fastForward(35_000);
    await expect(page.getByRole('heading', { name: 'Innloggingslenke sendt!' })).toBeVisible();
    await expect(page.getByText('E-posten er forsinket')).toHaveCount(0);
  });

  test('verify page without a token says so', async ({ page }) => {
    await page.goto('/guide/auth');
    await expect(page.getByText('Ingen token funnet')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('an admin lands on /admin after verifying', async ({ page, mailTo }, testInfo) => {
    const admin = `admin-${testInfo.project.name}@soloprenor.no`;
    await page.request.post('/api/auth/magic-link', { data: { email: admin } });
    const mail = await mailTo(admin);
    // The admin screens are built later; this checks only where sign-in sends an admin.
    await page.route('**/admin', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Admin</h1>' }));
    await page.goto(mail.link!);
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('a sign-up is confirmed only when its link is used in the browser, which opens the guide signed in', async ({
    page,
    email,
    mailTo,
    db,
  }) => {
    const actions = async () =>
      (await db.select().from(consentEvents).where(eq(consentEvents.email, email))).map((e) => e.action);
    expect((await page.request.post('/api/lead', { data: { email, acceptTerms: true, consentMarketing: true } })).status()).toBe(
      201,
    );
    const mail = await mailTo(email);
    expect(mail.text).toContain('Lenken bekrefter også påmeldingen din');

    // A mail scanner fetching the link gets the static page and confirms nothing.
    const scanned = await page.request.get(mail.link!);
    expect(scanned.status()).toBe(200);
    expect(await actions()).toEqual(['terms_accepted', 'requested']);

    // Two page loads (the verify page, then the guide), so more time than one.
    await page.goto(mail.link!);
    await expect(page).toHaveURL(/\/guide$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Velkommen til guiden!' })).toBeVisible();
    await expect.poll(actions).toEqual(['terms_accepted', 'requested', 'granted']);
  });
});
