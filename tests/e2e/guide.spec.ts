import { sql } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { mindsetQuiz } from '#db/seed/content/quizzes';
import { confirmAndPay, expect, expectNoA11yViolations, test, type MailTo, toast } from './fixtures';
import { answerQuiz } from './quiz';

// Each test signs in and most run axe: on a busy machine they need more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

/** Navigations that wait on a sign-in or a timed redirect get more room on a busy machine. */
const NAV = { timeout: 15_000 };

/** Signs in through a link from the outbox and waits for the overview. */
async function signIn(page: Page, email: string, mailTo: MailTo) {
  await page.request.post('/api/auth/magic-link', { data: { email } });
  await page.goto((await mailTo(email)).link!);
  await expect(page).toHaveURL(/\/guide$/, NAV);
  // A first visit or a later one, whichever this sign-in is.
  await expect(page.getByRole('heading', { level: 1, name: /^Velkommen/ })).toBeVisible();
}

const card = (page: Page, title: string) =>
  page.getByTestId('module-card').filter({ has: page.getByRole('heading', { name: title }) });

test.describe('the guide', () => {
  test('the whole journey: link → overview → lessons → "Modul fullført" → 100 % and the next module open', async ({
    page,
    email,
    mailTo,
  }) => {
    test.slow(); // three screens, each checked with axe, and a timed redirect
    await page.goto('/guide/login');
    await page.getByLabel('E-postadresse').fill(email);
    await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
    await expect(page.getByRole('heading', { name: 'Innloggingslenke sendt!' })).toBeVisible();

    await page.goto((await mailTo(email)).link!);
    await expect(page).toHaveURL(/\/guide$/, NAV);
    await expect(toast(page)).toContainText('✅ Innlogget');
    // The first visit is welcomed as one; the login page asked no name.
    await expect(toast(page)).toContainText('Velkommen til guiden!');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Velkommen til guiden!');
    await expect(page.getByTestId('streak')).toContainText('1 dag på rad');
    await expect(page.getByText('10 XP').first()).toBeVisible();

    // The seven seeded modules, by order; the content manager's tests, running alongside, may add more after them.
    const cards = page.getByTestId('module-card');
    await expect(cards.nth(6)).toBeVisible();
    await expect(cards.nth(0)).toHaveAttribute('data-state', 'open');
    await expect(cards.nth(1)).toHaveAttribute('data-state', 'locked');
    await expect(cards.nth(4)).toHaveAttribute('data-state', 'premium');
    // The time is the sum of the lessons' minutes (5 + 20 + 75 + the quiz's 5), the level the one the admin set.
    await expect(cards.nth(0)).toContainText('105 min');
    await expect(cards.nth(0)).toContainText('Nybegynner');
    await expect(cards.nth(2)).toContainText('Viderekommen');
    await expect(cards.nth(6)).toContainText('Avansert');
    await expect(cards.nth(0)).toContainText('0% fullført');
    await expect(cards.nth(1)).toContainText('Fullfør forrige modul for å låse opp');
    await expect(cards.nth(1).getByRole('link')).toHaveCount(0);
    await expectNoA11yViolations(page);

    await page.getByRole('link', { name: 'Soloprenør-tankesettet', exact: true }).click();
    await expect(page).toHaveURL(/\/guide\/lessons\/mindset$/, NAV);
    await expect(page.getByRole('heading', { level: 1, name: 'Soloprenør-tankesettet' })).toBeVisible();
    await expect(page.getByTestId('module-percent')).toHaveText('0% fullført');
    await expect(page.getByTestId('module-count')).toHaveText('0 av 3 tilgjengelige leksjoner fullført');
    await expect(page.getByRole('heading', { name: 'Leksjoner' })).toBeVisible();
    await expect(page.getByText('Velg en leksjon for å starte')).toBeVisible();
    const lesson = page.getByRole('heading', { level: 2, name: /Quick Win: Ansett din første AI-medarbeider/ });
    await expect(lesson).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Hva du skal gjøre' })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Marker som fullført' }).click();
    await expect(toast(page)).toContainText('Fremgang lagret');
    await expect(toast(page)).toContainText('+25 XP · Ny prestasjon: Første steg (+50 XP)');
    await expect(page.getByTestId('module-percent')).toHaveText('33% fullført');
    await expect(page.getByRole('heading', { level: 2, name: /Deep Dive: Slik tenker en soloprenør/ })).toBeFocused();
    await page.getByTestId('lesson-item').first().click();
    await expect(page.getByRole('button', { name: 'Fullført', exact: true })).toBeDisabled();

    await page.getByTestId('lesson-item').nth(1).click();
    await page.getByRole('button', { name: 'Marker som fullført' }).click();
    await expect(toast(page)).toContainText('Fremgang lagret');
    await expect(page.getByTestId('module-percent')).toHaveText('67% fullført');
    // The module ends with its quiz: passing it completes the lesson, and with it the module.
    await page.getByTestId('lesson-item').filter({ hasText: 'Quiz' }).click();
    await expect(page.getByRole('button', { name: 'Marker som fullført' })).toHaveCount(0);
    await answerQuiz(page, mindsetQuiz.quiz!);
    await expect(toast(page)).toContainText('Modul fullført');
    await expect(page.getByTestId('module-count')).toHaveText('3 av 3 tilgjengelige leksjoner fullført');
    await page.getByRole('navigation', { name: 'Oversikt' }).getByRole('link', { name: 'Tilbake til oversikt' }).click();
    await expect(page).toHaveURL(/\/guide$/, NAV);

    await expect(cards.nth(0)).toContainText('100% fullført');
    await expect(cards.nth(1)).toHaveAttribute('data-state', 'open');
    await expect(page.getByRole('link', { name: 'Finn din lønnsomme nisje' })).toHaveAttribute('href', '/guide/lessons/niche');
    await expect(page.getByText('435 XP').first()).toBeVisible();
    const achievements = page.getByTestId('achievement');
    await expect(achievements.filter({ hasText: 'Første steg' })).toHaveAttribute('data-unlocked', 'true');
    await expect(achievements.filter({ hasText: 'Modul mester' })).toHaveAttribute('data-unlocked', 'true');
    await expect(achievements.filter({ hasText: '7 dagers streak' })).toHaveAttribute('data-unlocked', 'false');
  });

  test('paying never takes anything away: after Premium, module 1 still counts as finished and module 2 stays open', async ({
    page,
    email,
    mailTo,
  }) => {
    test.slow(); // four /premium steps and the guide
    await signIn(page, email, mailTo);
    // A free user finishes module 1 (its two free lessons): module 2 opens.
    const saved = await page.request.post('/api/guide/progress', {
      data: {
        moduleId: 'mindset',
        completedSections: ['mindset-quick-win', 'mindset-deep-dive', 'mindset-quiz'],
        completionPercentage: 100,
      },
    });
    expect(saved.ok()).toBe(true);
    await page.goto('/guide');
    const cards = page.getByTestId('module-card');
    await expect(cards.nth(1)).toHaveAttribute('data-state', 'open');
    await expect(page.getByText(/Moduler fullført:\s*1 av \d+/)).toBeVisible();

    // Buys Premium the way a user does: through /premium's four steps.
    await page.goto('/premium');
    await page.getByRole('button', { name: 'Oppgrader nå' }).click();
    await page.getByRole('button', { name: 'Se priser' }).click();
    await page.getByRole('button', { name: 'Fullfør oppgradering' }).click();
    await confirmAndPay(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Velkommen til Premium! 🎉' })).toBeVisible();

    // Module 1's Master Class is now available and undone (3 of 4), yet nothing closes.
    await page.goto('/guide');
    await expect(cards.nth(0)).toContainText('75% fullført');
    await expect(cards.nth(1)).toHaveAttribute('data-state', 'open');
    await expect(page.getByText(/Moduler fullført:\s*1 av \d+/)).toBeVisible();
    await page.goto('/guide/lessons/niche');
    await expect(page.getByRole('heading', { level: 1, name: 'Finn din lønnsomme nisje' })).toBeVisible();
    await expect(page.getByText('Modulen er låst')).toHaveCount(0);
  });

  test('a premium card leads to /premium, and so does a premium module address', async ({ page, email, mailTo }) => {
    await signIn(page, email, mailTo);
    await expect(card(page, 'Salg uten selgere')).toContainText('Krever Premium');
    await page.getByRole('link', { name: 'Salg uten selgere' }).click();
    await expect(page).toHaveURL(/\/premium$/, NAV);
    await page.goto('/guide/lessons/sales');
    await expect(page).toHaveURL(/\/premium$/, NAV);
  });

  test('a premium lesson: "Premium påkrevd", no content, and the way to upgrade', async ({ page, email, mailTo }) => {
    await signIn(page, email, mailTo);
    await page.goto('/guide/lessons/mindset');
    await page.getByTestId('lesson-item').filter({ hasText: 'Master Class' }).click();
    await expect(toast(page)).toContainText('Premium påkrevd');
    await expect(toast(page)).toContainText('Oppgrader til premium for å få tilgang til denne leksjonen');
    await expect(page.getByText('Premium-leksjon', { exact: true })).toBeVisible();
    const upgrade = page.getByRole('link', { name: 'Oppgrader til Premium' });
    await expect(upgrade).toHaveAttribute('href', '/premium');
    // The red toast is about the lesson's way to upgrade: it never lies over it (on a phone it comes at the top).
    await expect(upgrade).toBeInViewport();
    const [toastBox, buttonBox] = [(await toast(page).boundingBox())!, (await upgrade.boundingBox())!];
    const overlaps =
      toastBox.x < buttonBox.x + buttonBox.width &&
      buttonBox.x < toastBox.x + toastBox.width &&
      toastBox.y < buttonBox.y + buttonBox.height &&
      buttonBox.y < toastBox.y + toastBox.height;
    expect(overlaps, `toast ${JSON.stringify(toastBox)} over the button ${JSON.stringify(buttonBox)}`).toBe(false);
    await page.screenshot({ path: test.info().outputPath('premium-lesson-toast.png') });
    await expect(page.getByRole('button', { name: 'Marker som fullført' })).toHaveCount(0);
    await expect(page.getByText('Del 1: Tidsrevisjon')).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test('a premium user reads premium lessons and sees the badge', async ({ page, email, mailTo, db }) => {
    await signIn(page, email, mailTo);
    const endsAt = Date.now() + 30 * 24 * 60 * 60 * 1000 - 60_000;
    await db.run(
      sql`UPDATE users SET is_premium = 1, premium_plan = 'yearly', premium_end_date = ${endsAt} WHERE email = ${email}`,
    );
    await page.reload();
    await expect(page.getByTestId('premium-badge')).toHaveText('Premium årlig · 30 dager igjen');
    // A buyer opens every module, not only the next in order (DESIGN.md, module locking).
    await expect(card(page, 'Salg uten selgere')).toHaveAttribute('data-state', 'open');

    await page.goto('/guide/lessons/mindset');
    await expect(page.getByTestId('module-count')).toHaveText('0 av 4 tilgjengelige leksjoner fullført');
    await page.getByTestId('lesson-item').filter({ hasText: 'Master Class' }).click();
    await expect(page.getByRole('heading', { name: 'Del 1: Tidsrevisjon (15 minutter)' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ressurser', exact: true })).toBeVisible();
    await expect(page.getByText('Premium-leksjon', { exact: true })).toHaveCount(0);
  });

  test('an unknown module: "Modul ikke funnet" and the way back; a locked one says so', async ({ page, email, mailTo }) => {
    await signIn(page, email, mailTo);
    await page.goto('/guide/lessons/finnes-ikke');
    await expect(page.getByRole('heading', { name: 'Modul ikke funnet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tilbake til oversikt' })).toHaveAttribute('href', '/guide');
    await expectNoA11yViolations(page);
    await page.goto('/guide/module/niche');
    await expect(page).toHaveURL(/\/guide\/lessons\/niche$/, NAV);
    await expect(page.getByRole('heading', { name: 'Modulen er låst' })).toBeVisible();
    await page.getByRole('link', { name: 'Tilbake til oversikt' }).click();
    await expect(page).toHaveURL(/\/guide$/, NAV);
  });

  test('a visitor is sent to login and, signed in, comes back to the module', async ({ page, email, mailTo }) => {
    await page.goto('/guide/lessons/mindset');
    await expect(page).toHaveURL(/\/guide\/login\?redirect=%2Fguide%2Flessons%2Fmindset$/, NAV);
    await page.getByLabel('E-postadresse').fill(email);
    await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
    await expect(page.getByRole('heading', { name: 'Innloggingslenke sendt!' })).toBeVisible();
    await page.goto((await mailTo(email)).link!);
    await expect(page).toHaveURL(/\/guide\/lessons\/mindset$/, NAV);
    await expect(page.getByRole('heading', { level: 1, name: 'Soloprenør-tankesettet' })).toBeVisible();
  });

  test('logging out returns to the front page with "Logget ut"', async ({ page, email, mailTo }) => {
    await signIn(page, email, mailTo);
    await page.getByRole('button', { name: 'Logg ut' }).click();
    await expect(page).toHaveURL(/\/$/, NAV);
    await expect(toast(page)).toContainText('Logget ut');
    await expect(toast(page)).toContainText('Du har blitt logget ut');
    await page.goto('/guide');
    await expect(page).toHaveURL(/\/guide\/login\?redirect=%2Fguide$/, NAV);
  });
});

test.describe('signing in', () => {
  test('verification: no token, a bad token (taken out of the address bar), and the way to the code form', async ({ page }) => {
    await page.goto('/guide/auth');
    await expect(page.getByText('Ingen token funnet')).toBeVisible();

    await page.goto('/guide/auth?token=ugyldig-token');
    await expect(page.getByRole('heading', { name: 'Innloggingsfeil' })).toBeVisible();
    await expect(page.getByText('Innloggingslenken er ugyldig eller allerede brukt.')).toBeVisible();
    await expect(page).toHaveURL(/\/guide\/auth$/, NAV);
    await expect(page.getByRole('link', { name: 'Prøv på nytt' })).toHaveAttribute('href', '/guide/login');
    await expectNoA11yViolations(page);

    await page.getByRole('link', { name: 'Logg inn med koden fra e-posten' }).click();
    await expect(page.getByLabel('Sekssifret kode fra e-posten')).toBeVisible();
  });

  test('verification falls back to "Kunne ikke verifisere token" when the server cannot be reached', async ({ page }) => {
    await page.route('**/api/auth/verify?**', (route) => route.abort());
    await page.goto('/guide/auth?token=noe');
    await expect(page.getByRole('heading', { name: 'Innloggingsfeil' })).toBeVisible();
    await expect(page.getByText('Kunne ikke verifisere token')).toBeVisible();
  });

  test('the code from the e-mail, typed on the login page, signs in on this device', async ({ page, email, mailTo }) => {
    await page.request.post('/api/auth/magic-link', { data: { email } });
    const { code } = await mailTo(email);
    await page.goto('/guide/login');
    await page.getByRole('button', { name: 'Har du fått en kode på e-post?' }).click();
    await expect(page.getByLabel('E-postadresse')).toBeFocused();
    await expectNoA11yViolations(page);
    await page.getByLabel('E-postadresse').fill(email);
    await page.getByLabel('Sekssifret kode fra e-posten').fill(code!);
    await page.getByRole('button', { name: 'Logg inn med kode' }).click();
    await expect(page).toHaveURL(/\/guide$/, NAV);
    await expect(toast(page)).toContainText('✅ Innlogget');
  });
});
