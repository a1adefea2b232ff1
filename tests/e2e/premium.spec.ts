import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { payments, users } from '#db/schema';
import { loginPath, PATHS } from '#shared/paths';
import { expect as baseExpect, confirmAndPay, expectNoA11yViolations, signInThroughMail, test } from './fixtures';
import { apiOf } from './api';
import { MONEY } from './critical';

// Each screen here waits for two API calls before it paints, on a test machine shared with
// other runs: more patience than the default, never a fixed wait.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

/** A promise the test resolves when a held request may go on. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

async function expectNoHorizontalScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** The confirm step's pay button, after the withdrawal-right consent it requires (checking twice is harmless). */
/** Opens /premium (or reloads it) and waits until the sign-in and offer checks are done: some screen has its heading. */
async function openPremium(page: Page, path: string | null = PATHS.premium) {
  if (path === null) await page.reload();
  else await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
}

test.describe('/premium guards', { tag: MONEY }, () => {
  test('a visitor is asked to sign in, with a way back to /premium', async ({ page }) => {
    await openPremium(page);
    await expect(heading(page, 'Logg inn for å fortsette')).toBeVisible();
    const login = page.getByRole('link', { name: 'Logg inn' });
    await expect(login).toHaveAttribute('href', loginPath(PATHS.premium));
    await expect(page.getByRole('link', { name: 'Til guiden' })).toHaveAttribute('href', '/guide');
    await expectNoA11yViolations(page);
    await login.click();
    await expect(page).toHaveURL(/\/guide\/login\?redirect=%2Fpremium$/);
  });

  test('says "Sjekker innlogging..." and then "Sjekker premium-status..." while each is checked', async ({
    page,
    email,
    mailTo,
  }) => {
    await signInThroughMail(page, email, mailTo);
    const me = gate();
    const offer = gate();
    await page.route('**/api/auth/me', async (route) => {
      await me.opened;
      await route.continue();
    });
    await page.route('**/api/premium/offer', async (route) => {
      await offer.opened;
      await route.continue();
    });
    await page.goto(PATHS.premium);
    await expect(page.getByRole('status').filter({ hasText: 'Sjekker innlogging...' })).toBeVisible();
    me.open();
    await expect(page.getByRole('status').filter({ hasText: 'Sjekker premium-status...' })).toBeVisible();
    offer.open();
    await expect(heading(page, 'Premium-tilgang')).toBeVisible();
  });

  test('a Premium user is told so and sent on to the guide', async ({ page, email, mailTo, db }) => {
    await signInThroughMail(page, email, mailTo);
    await db
      .update(users)
      .set({ isPremium: true, premiumPlan: 'admin_granted', premiumEndDate: null })
      .where(eq(users.email, email));
    await openPremium(page);
    await expect(heading(page, 'Du er allerede Premium!')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Gå til guiden' }).click();
    await expect(page).toHaveURL(/\/guide$/);
  });
});

test.describe('/premium upgrade', { tag: MONEY }, () => {
  test('a free user goes through all four steps, pays in test mode and lands on the guide as Premium', async ({
    page,
    email,
    mailTo,
    db,
  }) => {
    test.setTimeout(180_000); // four steps, each checked with axe
    await signInThroughMail(page, email, mailTo);
    await openPremium(page);

    // Step 0: Velkommen.
    await expect(heading(page, 'Premium-tilgang')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Velkommen' })).toHaveAttribute('aria-current', 'step');
    // The seeded campaign sells the yearly plan at its list price: no discount badge to claim.
    await expect(page.getByText(/RABATT/)).toHaveCount(0);
    // Social proof: the real count from its floor up, never "N+"; hidden below it.
    const { userCount } = await (await apiOf(page.request).premium.offer.$get()).json();
    await expect(page.getByText(/\d+\+ soloprenører/)).toHaveCount(0);
    if (userCount === null) await expect(page.getByText(/soloprenører$/)).toHaveCount(0);
    // Other tests sign up meanwhile, so the page's count may be a moment older than the API's.
    else await expect(page.getByText(/^\d+ soloprenører$/)).toBeVisible();
    await expect(page.getByText(/Testmodus/).first()).toBeVisible();
    for (const mark of ['Sikker betaling', '30 dagers garanti', 'SSL-kryptert']) await expect(page.getByText(mark)).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await expectNoA11yViolations(page);

    // Step 1: Funksjoner — cards that open, and the way back.
    await page.getByRole('button', { name: 'Oppgrader nå' }).click();
    await expect(heading(page, 'Dette får du med Premium')).toBeFocused();
    const second = page.getByRole('button', { name: /AI-verktøy og promptbibliotek/ });
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Oppskrifter på automatiseringer i Make og Zapier')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Tilbake' }).click();
    await expect(heading(page, 'Premium-tilgang')).toBeFocused();
    await page.getByRole('button', { name: 'Oppgrader nå' }).click();
    await page.getByRole('button', { name: 'Se priser' }).click();

    // Step 2: Velg din plan — yearly preselected, the toggle and the cards choose the same plan.
    await expect(heading(page, 'Velg din plan')).toBeFocused();
    const yearly = page.getByRole('radio', { name: /Årlig/ });
    const monthly = page.getByRole('radio', { name: /Månedlig/ });
    await expect(yearly).toBeChecked();
    // No plan has the sales to be called the most popular.
    await expect(page.getByText('Mest populær')).toHaveCount(0);
    // Every claim computed from the server's prices: 12 × 399 = 4788 against 1995 saves 2793 NOK, 7 months.
    await expect(page.getByText('Du sparer 2793 NOK i året mot å betale månedlig')).toBeVisible();
    await expect(page.getByText('12 × 399 NOK = 4788 NOK i året')).toBeVisible();
    await expect(page.getByText('7 måneder gratis mot 12 × månedlig')).toBeVisible();
    await expect(page.getByTestId('price-yearly')).toHaveText('1995 NOK/år inkl. mva');
    await expect(page.getByTestId('price-monthly')).toHaveText('399 NOK/mnd inkl. mva');
    // Nothing struck through: neither plan had another price within 30 days.
    await expect(page.getByRole('main').locator('s')).toHaveCount(0);
    await expect(page.getByText('Valgt')).toHaveCount(1);
    await page.getByRole('button', { name: /Månedlig/, pressed: false }).click();
    await expect(monthly).toBeChecked();
    await expect(page.getByRole('button', { name: /Månedlig/ })).toHaveAttribute('aria-pressed', 'true');
    await page.getByText('Du sparer 2793 NOK i året mot å betale månedlig').click();
    await expect(yearly).toBeChecked();
    await expect(page.getByRole('button', { name: /Årlig.*Spar 7 mnd/ })).toHaveAttribute('aria-pressed', 'true');
    // The spec's invented testimonials are gone; only an admin's real ones (on the campaign) are shown.
    await expect(page.getByRole('figure')).toHaveCount(0);
    await expect(page.getByText('Hva andre soloprenører sier')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Fullfør oppgradering' }).click();

    // Step 3: Nesten ferdig! — summary, no countdown (no offer ends), no way back.
    await expect(heading(page, 'Nesten ferdig!')).toBeFocused();
    const summary = page.getByRole('region', { name: 'Ordresammendrag' });
    await expect(summary).toContainText('Premium årlig');
    await expect(summary).not.toContainText('3990');
    await expect(summary).not.toContainText('Rabatt');
    await expect(summary).toContainText(/Totalt inkl\. mva\s*1995 NOK/);
    await expect(page.getByRole('timer')).toHaveCount(0);
    await expect(page.getByText('30 dagers pengene-tilbake-garanti')).toBeVisible();
    await expect(page.getByText(/kortbetalingsleverandør/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tilbake' })).toHaveCount(0);
    // It says what happens: it renews, on which date, how to cancel; paying needs the consent.
    await expect(page.getByTestId('renewal-terms')).toContainText(
      /fornyes automatisk \d+\. \w+ \d{4} og deretter hvert år til 1995 NOK/,
    );
    await expect(page.getByTestId('renewal-terms')).toContainText('si opp når som helst under Profil');
    await expect(page.getByText(/Engangsbetaling|Ingen automatisk fornyelse/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Bekreft og betal' })).toBeDisabled();
    await expectNoHorizontalScroll(page);
    await expectNoA11yViolations(page);

    const paying = gate();
    await page.route('**/api/premium/upgrade', async (route) => {
      await paying.opened;
      await route.continue();
    });
    await confirmAndPay(page);
    await expect(page.getByRole('button', { name: 'Behandler...' })).toBeDisabled();
    paying.open();

    await expect(heading(page, 'Velkommen til Premium! 🎉')).toBeVisible();
    await expect(page.getByText('Du har nå tilgang til alt eksklusivt innhold.')).toBeVisible();
    await expect(page.getByTestId('confetti')).toBeVisible();
    await expect(page).toHaveURL(/\/guide$/);

    const me = await (await page.request.get('/api/auth/me')).json();
    expect(me.user).toMatchObject({ isPremium: true, premiumSubscription: { plan: 'yearly' } });
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await db.select().from(payments).where(eq(payments.userId, user!.id))).toMatchObject([
      { plan: 'yearly', amount: 199500, status: 'paid', provider: 'test' },
    ]);
    await openPremium(page);
    await expect(heading(page, 'Du er allerede Premium!')).toBeVisible();
  });

  test('no confetti for reduced motion; the monthly plan costs 399', async ({ page, email, mailTo }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInThroughMail(page, email, mailTo);
    await openPremium(page);
    await page.getByRole('button', { name: 'Oppgrader nå' }).click();
    await page.getByRole('button', { name: 'Se priser' }).click();
    await page.getByRole('radio', { name: /Månedlig/ }).check({ force: true }); // visually hidden: the card is its label
    await page.getByRole('button', { name: 'Fullfør oppgradering' }).click();
    const summary = page.getByRole('region', { name: 'Ordresammendrag' });
    await expect(summary).toContainText(/Premium månedlig.*Totalt inkl\. mva\s*399 NOK/);
    await expect(summary).not.toContainText('798');
    await confirmAndPay(page);
    await expect(heading(page, 'Velkommen til Premium! 🎉')).toBeVisible();
    await expect(page.getByTestId('confetti')).toHaveCount(0);
    const me = await (await page.request.get('/api/auth/me')).json();
    expect(me.user.premiumSubscription.plan).toBe('monthly');
  });

  test('a failed upgrade says "Noe gikk galt" with the reason, and the button works again', async ({ page, email, mailTo }) => {
    await signInThroughMail(page, email, mailTo);
    await openPremium(page);
    await page.getByRole('button', { name: 'Oppgrader nå' }).click();
    await page.getByRole('button', { name: 'Se priser' }).click();
    await page.getByRole('button', { name: 'Fullfør oppgradering' }).click();

    let failure: 'server' | 'network' = 'server';
    await page.route('**/api/premium/upgrade', (route) =>
      failure === 'server'
        ? route.fulfill({
            status: 409,
            json: {
              error: { code: 'price_mismatch', message: 'Prisen stemmer ikke med planen. Last inn siden på nytt og prøv igjen.' },
            },
          })
        : route.abort(),
    );
    const toast = page.getByTestId('toast');
    await confirmAndPay(page);
    await expect(toast).toContainText('Noe gikk galt');
    await expect(toast).toContainText('Prisen stemmer ikke med planen. Last inn siden på nytt og prøv igjen.');
    await expect(page.getByRole('button', { name: 'Bekreft og betal' })).toBeEnabled();

    failure = 'network';
    await confirmAndPay(page);
    await expect(toast).toContainText('Kunne ikke oppgradere til premium. Prøv igjen.');
    await expect(page.getByRole('button', { name: 'Bekreft og betal' })).toBeEnabled();
    await expect(heading(page, 'Nesten ferdig!')).toBeVisible();
  });
});

test.describe('/premium honest counters', { tag: MONEY }, () => {
  test('no countdown and no urgency with the seeded campaign (the list price has no end), on any step', async ({
    page,
    email,
    mailTo,
  }) => {
    await signInThroughMail(page, email, mailTo);
    await openPremium(page);
    await expect(heading(page, 'Premium-tilgang')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
    await expect(page.getByText(/Tilbudet utløper|Tilbudet gjelder/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Oppgrader nå' }).click();
    await page.getByRole('button', { name: 'Se priser' }).click();
    // No sales yet: no plan is called the most popular; prices say they include VAT.
    await expect(page.getByText('Mest populær')).toHaveCount(0);
    await expect(page.getByTestId('price-yearly')).toContainText('1995 NOK/år inkl. mva');
    await page.getByRole('button', { name: 'Fullfør oppgradering' }).click();
    await expect(heading(page, 'Nesten ferdig!')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
    await expect(page.getByText(/Tilbudet utløper/)).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test('shows real spots and viewers only at or above their floors, and the default campaign when none loads', async ({
    page,
    email,
    mailTo,
  }) => {
    await signInThroughMail(page, email, mailTo);
    let counts = { spotsLeft: 12, viewers: 3 };
    await page.route('**/api/premium/offer', async (route) => {
      // The user's real offer, asked for beside the page (route.fetch answers untyped): the same cookies, not intercepted.
      const real = await (await apiOf(page.request).premium.offer.$get()).json();
      await route.fulfill({ json: { ...real, ...counts } });
    });
    await page.route('**/api/admin/campaigns/active', async (route) => {
      const real = await (await apiOf(page.request).admin.campaigns.active.$get()).json();
      await route.fulfill({
        json: { ...real, campaign: { ...real.campaign, urgencyType: 'limited_spots', urgencyValue: '50' } },
      });
    });
    await openPremium(page);
    await expect(page.getByText('Kun 12 plasser igjen!')).toBeVisible();
    await expect(page.getByText('3 ser på dette nå')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
    await expectNoA11yViolations(page);

    counts = { spotsLeft: 4, viewers: 1 };
    await openPremium(page, null);
    await expect(heading(page, 'Premium-tilgang')).toBeVisible();
    await expect(page.getByText(/plasser igjen/)).toHaveCount(0);
    await expect(page.getByText(/ser på dette nå/)).toHaveCount(0);

    await page.unroute('**/api/admin/campaigns/active');
    await page.route('**/api/admin/campaigns/active', (route) =>
      route.fulfill({ status: 500, body: 'Failed to fetch campaign' }),
    );
    await openPremium(page, null);
    await expect(heading(page, 'Premium-tilgang')).toBeVisible();
    await expect(page.getByText('Få full tilgang til alle funksjoner')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Oppgrader nå' })).toBeVisible();
  });
});

test.describe('/premium after a payment page', { tag: MONEY }, () => {
  test('back from a cancelled payment: the same plan on the last step, nothing charged', async ({ page, email, mailTo }) => {
    await signInThroughMail(page, email, mailTo);
    await openPremium(page, '/premium?status=cancel&plan=monthly');
    await expect(heading(page, 'Nesten ferdig!')).toBeVisible();
    await expect(page.getByText('Betalingen ble avbrutt, og ingenting er trukket.', { exact: false })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Ordresammendrag' })).toContainText('Premium månedlig');
    await expect(page).toHaveURL(/\/premium$/);
  });

  test('back from a completed payment: waits for the confirmation, then welcomes the new Premium user', async ({
    page,
    email,
    mailTo,
    db,
  }) => {
    await signInThroughMail(page, email, mailTo);
    await openPremium(page, '/premium?status=success');
    await expect(heading(page, 'Bekrefter betalingen...')).toBeVisible();
    await expect(page).toHaveURL(/\/premium$/);
    // The provider's webhook grants Premium; here the database stands in for it.
    await db
      .update(users)
      .set({ isPremium: true, premiumPlan: 'yearly', premiumEndDate: new Date(Date.now() + 365 * 86_400_000) })
      .where(eq(users.email, email));
    await expect(heading(page, 'Velkommen til Premium! 🎉')).toBeVisible();
    await expect(page).toHaveURL(/\/guide$/);
  });

  test('the browser is sent to the payment page the server names', async ({ page, email, mailTo }) => {
    await signInThroughMail(page, email, mailTo);
    await page.route('**/api/premium/upgrade', (route) =>
      route.fulfill({ json: { status: 'redirect', url: '/premium?status=cancel&plan=yearly' } }),
    );
    await openPremium(page);
    await page.getByRole('button', { name: 'Oppgrader nå' }).click();
    await page.getByRole('button', { name: 'Se priser' }).click();
    await page.getByRole('button', { name: 'Fullfør oppgradering' }).click();
    await confirmAndPay(page);
    await expect(page.getByText('Betalingen ble avbrutt', { exact: false })).toBeVisible();
  });
});
