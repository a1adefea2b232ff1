import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Page, TestInfo } from '@playwright/test';
import type { Db } from '#db';
import { lessonCompletions, users } from '#db/schema';
import { FREE_LESSONS as FREE } from '#support/free-lessons';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { signInAs } from './sessions';
import { finishEverything } from './finish-everything';

/** The guide's way on in the browser (docs/decisions/0027-continue-search-certificate.md): continue where you left off, next/previous, search, the certificate. */
test.describe.configure({ timeout: 90_000 });

const shot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: `test-results/learner-shots/${name}-${info.project.name}.png`, fullPage: false });

async function completeLessons(db: Db, userId: string, modules: string[]) {
  await db
    .insert(lessonCompletions)
    .values(modules.flatMap((moduleId) => FREE[moduleId]!.map((lessonId) => ({ userId, lessonId, moduleId }))));
}

test('the continue card starts a new learner at the first lesson and then picks up where they left off', async ({
  page,
  db,
  email,
}, info) => {
  const user = await signInAs(page, db, email);
  await page.goto('/guide');
  const card = page.getByTestId('continue-card');
  await expect(card.getByRole('heading', { name: 'Start her' })).toBeVisible();
  await expect(card).toContainText('Modul 1: ');
  await expect(card).toContainText('Quick Win: Ansett din første AI-medarbeider');
  await expectNoA11yViolations(page);
  await shot(page, info, 'continue-new');

  await card.getByRole('link', { name: 'Start første leksjon: Quick Win: Ansett din første AI-medarbeider' }).click();
  await expect(page).toHaveURL(/\/guide\/lessons\/mindset\?leksjon=mindset-quick-win$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Quick Win: Ansett din første AI-medarbeider' })).toBeVisible();

  await db.insert(lessonCompletions).values({ userId: user.id, lessonId: 'mindset-quick-win', moduleId: 'mindset' });
  await page.goto('/guide');
  await expect(card.getByRole('heading', { name: 'Fortsett der du slapp' })).toBeVisible();
  await card.getByRole('link', { name: /^Fortsett: Deep Dive/ }).click();
  await expect(page).toHaveURL(/\?leksjon=mindset-deep-dive$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Deep Dive: Slik tenker en soloprenør' })).toBeFocused();
});

test('next and previous move through the module, show a premium lesson as locked, and cross into the next module', async ({
  page,
  db,
  email,
}, info) => {
  const user = await signInAs(page, db, email);
  await page.goto('/guide/lessons/mindset?leksjon=mindset-deep-dive');
  const nav = page.getByRole('navigation', { name: 'Forrige og neste leksjon' });
  const lessonTitle = page.locator('#lesson-title');
  await expect(lessonTitle).toHaveText('Deep Dive: Slik tenker en soloprenør');

  await nav.getByRole('button', { name: /^Neste\W+Master Class/ }).click();
  await expect(lessonTitle).toHaveText(/^Master Class/);
  await expect(page).toHaveURL(/\?leksjon=mindset-master-class$/);
  // Locked: the way to Premium, never the lesson's text.
  await expect(page.getByRole('link', { name: 'Oppgrader til Premium' })).toBeVisible();
  await expect(page.getByText('Denne Master Class-leksjonen er en arbeidsøkt')).toHaveCount(0);
  await expect(nav.getByRole('button', { name: /krever Premium/ })).toHaveCount(0);
  // The module ends with its quiz; after it, the next module is not open yet: it says so and leads nowhere.
  await nav.getByRole('button', { name: /^Neste\W+Quiz: Soloprenør-tankesettet/ }).click();
  await expect(lessonTitle).toHaveText('Quiz: Soloprenør-tankesettet');
  await expect(nav.getByTestId('lesson-nav-locked')).toContainText('låst til denne modulen er fullført');
  await expect(nav.getByRole('link')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await shot(page, info, 'lesson-nav-locked');

  await nav.getByRole('button', { name: /^Forrige\W+Master Class/ }).click();
  await nav.getByRole('button', { name: /^Forrige\W+Deep Dive/ }).click();
  await nav.getByRole('button', { name: /^Forrige\W+Quick Win/ }).click();
  await expect(lessonTitle).toHaveText('Quick Win: Ansett din første AI-medarbeider');
  await expect(nav.getByRole('button', { name: /^Forrige/ })).toHaveCount(0);

  // Once mindset is done, its last lesson leads on into niche.
  await completeLessons(db, user.id, ['mindset']);
  await page.goto('/guide/lessons/mindset?leksjon=mindset-quiz');
  const onward = nav.getByRole('link', { name: /^Neste modul\W.*Quick Win: Ti nisjeideer/ });
  await onward.scrollIntoViewIfNeeded();
  await shot(page, info, 'lesson-nav-next-module');
  await onward.click();
  await expect(page).toHaveURL(/\/guide\/lessons\/niche\?leksjon=niche-quick-win$/);
  await expect(lessonTitle).toHaveText('Quick Win: Ti nisjeideer på fem minutter');
  // Back into mindset: to its last lesson, the quiz.
  await expect(nav.getByRole('link', { name: /^Forrige modul\W.*Quiz: Soloprenør-tankesettet/ })).toHaveAttribute(
    'href',
    '/guide/lessons/mindset?leksjon=mindset-quiz',
  );
});

test('search works from the keyboard, announces the count and keeps locked text out', async ({ page, db, email }, info) => {
  await signInAs(page, db, email);
  await page.goto('/guide');
  const search = page.getByRole('searchbox', { name: 'Søk etter moduler og leksjoner' });
  await search.focus();
  await page.keyboard.type('n');
  await expect(page.getByText('Skriv minst 2 tegn for å søke.')).toBeVisible();
  await page.keyboard.type('isje');
  const status = page.getByTestId('guide-search').getByRole('status');
  await expect(status).toHaveText(/^\d+ treff for «nisje»$/);
  const results = page.getByTestId('search-result');
  await expect(results.first()).toBeVisible();
  await expect(results.filter({ hasText: 'Låst' }).first()).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, info, 'search');

  // Locked text is never found: the premium Master Class's own words.
  await search.fill('arbeidsøkt ikke bare lesing');
  await expect(status).toHaveText('Ingen treff for «arbeidsøkt ikke bare lesing»');

  await search.fill('ANSETT DIN FØRSTE');
  await expect(status).toHaveText('1 treff for «ANSETT DIN FØRSTE»');
  await page.keyboard.press('ArrowDown');
  await expect(results.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(search).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/guide\/lessons\/mindset\?leksjon=mindset-quick-win$/);
});

test('a learner who has finished everything downloads the certificate', async ({ page, db, email }, info) => {
  const user = await signInAs(page, db, email);
  await db.update(users).set({ firstName: 'Åse Ødegård' }).where(eq(users.id, user.id));
  await finishEverything(page, db, user.id);
  const card = page.getByTestId('certificate-card');
  await expect(card.getByRole('heading', { name: 'Du har fullført alt som er tilgjengelig' })).toBeVisible();
  await expect(page.getByTestId('continue-card')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await shot(page, info, 'certificate-card');

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Last ned kursbevis (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('kursbevis-soloprenor.pdf');
  expect((await readFile((await file.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
});

test('without a name on the profile, the certificate asks for one, saves it and downloads', async ({ page, db, email }, info) => {
  const user = await signInAs(page, db, email);
  await finishEverything(page, db, user.id);
  await page.getByRole('button', { name: 'Last ned kursbevis (PDF)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hvilket navn skal stå på kursbeviset?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Lagre og last ned' }).click();
  await expect(dialog.getByText('Skriv inn navnet ditt.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Navn' })).toBeFocused();
  await expectNoA11yViolations(page);
  await shot(page, info, 'certificate-name');

  await page.keyboard.type('Kari Nordmann');
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toBe('kursbevis-soloprenor.pdf');
  await expect(dialog).toHaveCount(0);
  const [saved] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, user.id));
  expect(saved!.firstName).toBe('Kari Nordmann');
});
