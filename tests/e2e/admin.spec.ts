import { gamification } from '#shared/copy/guide';
import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { lessonCompletions, mailQueue, streaks, users } from '#db/schema';
import type { Db } from '#db';
import { expect, expectNoA11yViolations, test, toast } from './fixtures';
import { signInAs } from './sessions';

/** The e2e server's ADMIN_EMAILS holds one admin per project (tests/e2e/server.ts). */
const adminEmail = (project: string) => `admin-${project}@soloprenor.no`;

/** A user with progress to act on, named uniquely for the test. */
async function seedTarget(db: Db, email: string) {
  const id = crypto.randomUUID();
  const firstName = `Testbruker ${id.slice(0, 6)}`;
  await db.insert(users).values({ id, email, firstName, phone: '+47 400 00 000' });
  await db.insert(lessonCompletions).values({ userId: id, lessonId: 'mindset-quick-win', moduleId: 'mindset' });
  await db.insert(streaks).values({ userId: id, currentStreak: 4, longestStreak: 4, lastActiveDay: '2026-01-01' });
  return { id, email, firstName };
}

/** Opens a sidebar section the way the visitor would: on a phone through the menu first. */
async function openSection(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Meny' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name }).click();
}

test.describe('admin', () => {
  test('signs in through the outbox: link request, "Sjekk e-posten din!", retry, and lands on the dashboard', async ({
    page,
    db,
    email,
    mailTo,
  }) => {
    test.slow(); // two accessibility scans and a full sign-in on a shared machine
    // An admin of its own: auth.spec.ts signs admin-{project}@ in through the outbox too, and two
    // tests reading the newest mail of one address would race for it. The role on the account is
    // what the server checks (ADMIN_EMAILS only sets it).
    const admin = email.replace(/^e2e-/, 'e2e-admin-');
    await db.insert(users).values({ id: crypto.randomUUID(), email: admin, role: 'owner' });
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Admin-innlogging' })).toBeVisible();
    // The production build has no quick-login buttons.
    await expect(page.getByRole('button', { name: /^Bruk / })).toHaveCount(0);
    const field = page.getByLabel('E-postadresse');
    await expect(field).toHaveAttribute('type', 'email');
    await expect(field).toHaveAttribute('required', '');
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
    await expect(page.getByText('Skriv inn e-postadressen din')).toBeVisible();

    await field.fill(email);
    await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
    await expect(page.getByRole('heading', { name: 'Sjekk e-posten din!' })).toBeVisible();
    await expect(page.getByText('Lenken er gyldig i 15 minutter.')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Prøv igjen med annen e-post' }).click();
    await expect(field).toHaveValue('');
    await expect(field).toBeFocused();

    await field.fill(admin);
    await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
    await expect(page.getByText(admin)).toBeVisible();
    await page.goto((await mailTo(admin)).link!);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Oversikt' })).toBeVisible();

    // Signed in, the login page sends the admin on.
    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('a failed link request shows the server message, or "Kunne ikke sende e-post"', async ({ page, email }) => {
    await page.route('/api/auth/magic-link', (route) => route.abort());
    await page.goto('/admin/login');
    await page.getByLabel('E-postadresse').fill(email);
    await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
    await expect(toast(page)).toContainText('Feil');
    await expect(toast(page)).toContainText('Kunne ikke sende e-post');
  });

  test('anyone but an admin sees "Ingen tilgang", and the API refuses them', async ({ page, db, email }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Ingen tilgang' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Logg inn som admin' })).toHaveAttribute('href', '/admin/login');

    await signInAs(page, db, email);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Ingen tilgang' })).toBeVisible();
    await expect(page.getByText('Du må ha en rolle i admin for å se denne siden.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tilbake til guiden' })).toHaveAttribute('href', '/guide');
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    expect((await page.request.get('/api/admin/dashboard')).status()).toBe(403);
    expect((await page.request.get('/api/admin/users')).status()).toBe(403);
  });

  test('Oversikt: the key figures and recent activity', async ({ page, db }, testInfo) => {
    await signInAs(page, db, adminEmail(testInfo.project.name), 'owner');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Oversikt', level: 1 })).toBeVisible();
    for (const label of ['Brukere totalt', 'Premium-brukere', 'Moduler', 'MRR'])
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByText(/aktive siste 7 dager/)).toBeVisible();
    await expect(page.getByText(/% av alle brukere/)).toBeVisible();
    await expect(page.getByText(/med Premium-innhold/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nylig aktivitet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kampanjer', includeHidden: true })).toHaveAttribute('href', '/admin/campaigns');
    await expectNoA11yViolations(page);
  });

  test('Oversikt: mail the queue gave up on, recipient masked, with its subject and error', async ({ page, db }, testInfo) => {
    const subject = `Kvittering ${testInfo.project.name} ${Date.now()}`;
    await db.insert(mailQueue).values({
      dedupeKey: `e2e-failed:${subject}`,
      kind: 'transactional',
      to: `kunde-${testInfo.project.name}@example.no`,
      subject,
      text: 'Takk',
      html: '<p>Takk</p>',
      status: 'failed',
      attempts: 31,
      lastError: '550 Mailbox unavailable',
      nextAttemptAt: new Date(),
    });
    await signInAs(page, db, adminEmail(testInfo.project.name), 'owner');
    await page.goto('/admin');
    const card = page.getByRole('region', { name: 'E-post som ikke kom fram' });
    await expect(card).toBeVisible();
    await expect(card).toContainText(/\d+ e-post(er)? har feilet/);
    const row = card.getByRole('row').filter({ hasText: subject });
    await expect(row).toContainText('k***@example.no');
    await expect(row).toContainText('550 Mailbox unavailable');
    await expect(card).not.toContainText(`kunde-${testInfo.project.name}`);
    await expectNoA11yViolations(page);
  });

  const SECTIONS: { name: string; hash: string; check: (page: Page) => Promise<void> }[] = [
    {
      name: 'Brukere',
      hash: 'brukere',
      check: async (page) => {
        await expect(page.getByLabel('Søk etter e-post eller navn')).toBeVisible();
        await expect(page.getByTestId('user-card').first()).toBeVisible();
      },
    },
    {
      name: 'Innhold',
      hash: 'innhold',
      check: async (page) => expect(page.getByRole('heading', { name: 'Moduler' })).toBeVisible(),
    },
    {
      name: 'Gamification',
      hash: 'gamification',
      check: async (page) => {
        // The spec's points, under the labels the guide uses for them.
        const label = gamification.rules;
        const rules = [
          [label.daily_login, 10],
          [label.lesson_completed, 25],
          [label.module_completed, 100],
          [label.streak_day, 15],
          ['Første steg', 50],
          ['7 dagers streak', 100],
          ['Modul mester', 200],
        ] as const;
        for (const [rule, xp] of rules)
          await expect(page.getByRole('listitem').filter({ hasText: rule })).toContainText(`${xp} XP`);
      },
    },
    {
      name: 'Inntekter',
      hash: 'inntekter',
      check: async (page) => {
        await expect(page.getByText('MRR', { exact: true })).toBeVisible();
        await expect(page.getByRole('heading', { name: /Ingen betalinger ennå|Betalt og refundert per måned/ })).toBeVisible();
      },
    },
  ];
  for (const section of SECTIONS) {
    test(`${section.name}: opened from the sidebar, heading focused, accessible`, async ({ page, db }, testInfo) => {
      await signInAs(page, db, adminEmail(testInfo.project.name), 'owner');
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Oversikt', level: 1 })).toBeVisible();
      await openSection(page, section.name);
      await expect(page).toHaveURL(new RegExp(`/admin#${section.hash}$`));
      await expect(page.getByRole('heading', { name: section.name, level: 1 })).toBeFocused();
      await section.check(page);
      await expectNoA11yViolations(page);
    });
  }

  test('sections follow back and forward, and work by keyboard alone', async ({ page, db }, testInfo) => {
    await signInAs(page, db, adminEmail(testInfo.project.name), 'owner');
    await page.goto('/admin#gamification');
    await expect(page.getByRole('heading', { name: 'Gamification', level: 1 })).toBeVisible();
    await openSection(page, 'Inntekter');
    await expect(page.getByRole('heading', { name: 'Inntekter', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Gamification', level: 1 })).toBeVisible();

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Oversikt', level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Hopp til innholdet' })).toBeFocused();
    const menu = page.getByRole('button', { name: 'Meny' });
    if (await menu.isVisible()) {
      await menu.focus();
      await page.keyboard.press('Enter');
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
    }
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Brukere' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Brukere', level: 1 })).toBeFocused();
  });

  /** Signs in as this project's admin, seeds a user (with `premium`, a yearly plan to 25 November 2027) and finds them in the list. */
  async function openTarget(page: Page, db: Db, email: string, project: string, premium = false) {
    await signInAs(page, db, adminEmail(project), 'owner');
    const target = await seedTarget(db, email);
    if (premium) {
      await db
        .update(users)
        .set({ isPremium: true, premiumPlan: 'yearly', premiumEndDate: new Date('2027-11-25T12:00:00Z') })
        .where(eq(users.id, target.id));
    }
    await page.goto('/admin#brukere');
    const search = page.getByLabel('Søk etter e-post eller navn');
    // Two characters wait for a third (the search index finds nothing shorter); the hint says so.
    await search.fill(email.slice(0, 2));
    await expect(search).toHaveAccessibleDescription('Skriv minst tre tegn.');
    await search.fill(email);
    await expect(search).not.toHaveAccessibleDescription('Skriv minst tre tegn.');
    const card = page.getByTestId('user-card').filter({ hasText: email });
    await expect(card).toHaveCount(1);
    await expect(page.getByText('1 bruker', { exact: true })).toBeVisible();
    return { target, card };
  }

  test('toggles premium and edits a user in an accessible dialog', async ({ page, db, email }, testInfo) => {
    test.slow();
    const { target, card } = await openTarget(page, db, email, testInfo.project.name);

    // Toggle premium.
    const premium = card.getByRole('switch', { name: `Premium ${target.firstName}` });
    await expect(premium).toHaveAttribute('aria-checked', 'false');
    await premium.click();
    await expect(toast(page)).toContainText('Status oppdatert');
    await expect(premium).toHaveAttribute('aria-checked', 'true');
    await expect(card.getByText('Premium', { exact: true })).toBeVisible();

    // Edit: a bad address is explained beside the field; Escape closes and focus returns.
    const edit = card.getByRole('button', { name: `Rediger ${target.firstName}` });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Rediger bruker' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Premium')).toBeChecked();
    await expectNoA11yViolations(page);
    await dialog.getByLabel('E-post').fill('ikke-en-adresse');
    await dialog.getByRole('button', { name: 'Lagre endringer' }).click();
    await expect(dialog.getByText('Ugyldig epostadresse')).toBeVisible();
    await expect(dialog.getByLabel('E-post')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();

    await edit.click();
    const newName = `${target.firstName} Endret`;
    await dialog.getByLabel('Navn').fill(newName);
    await dialog.getByLabel('Telefon').fill('+47 911 22 333');
    await dialog.getByLabel('Nivå').selectOption('expert');
    await dialog.getByLabel('Onboarding fullført').check();
    await dialog.getByLabel('Notater (kun synlig for admin)').fill('Ringte om faktura');
    await dialog.getByRole('button', { name: 'Lagre endringer' }).click();
    await expect(toast(page)).toContainText('Bruker oppdatert');
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Onboarded', { exact: true })).toBeVisible();
    const [saved] = await db.select().from(users).where(eq(users.id, target.id));
    expect(saved).toMatchObject({
      firstName: newName,
      phone: '+47 911 22 333',
      depthLevel: 'expert',
      onboardingCompleted: true,
      adminNotes: 'Ringte om faktura',
      isPremium: true,
    });
  });

  test('asks before taking Premium away, naming whether the user paid; granting needs no question', async ({
    page,
    db,
    email,
  }, testInfo) => {
    const { target, card } = await openTarget(page, db, email, testInfo.project.name, true);
    const premium = card.getByRole('switch', { name: `Premium ${target.firstName}` });
    await expect(premium).toHaveAttribute('aria-checked', 'true');
    const isPremium = async () => (await db.select().from(users).where(eq(users.id, target.id)))[0]!.isPremium;

    // A paying user: the question says so; Avbryt keeps Premium.
    await premium.click();
    const confirm = page.getByRole('dialog', { name: 'Ta bort Premium?' });
    await expect(confirm).toContainText(
      `${target.firstName} har betalt for Premium (årlig, til 25. november 2027). Vil du likevel ta bort Premium?`,
    );
    await expectNoA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('remove-paid-premium.png') });
    await confirm.getByRole('button', { name: 'Avbryt' }).click();
    await expect(confirm).toBeHidden();
    await expect(premium).toBeFocused();
    await expect(premium).toHaveAttribute('aria-checked', 'true');
    expect(await isPremium()).toBe(true);

    // Confirming takes it away.
    await premium.click();
    await confirm.getByRole('button', { name: 'Ta bort Premium' }).click();
    await expect(toast(page)).toContainText('Status oppdatert');
    await expect(confirm).toBeHidden();
    await expect(premium).toHaveAttribute('aria-checked', 'false');
    await expect.poll(isPremium).toBe(false);

    // Granting is one click; taking admin-granted Premium away asks more gently.
    await premium.click();
    await expect(premium).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(isPremium).toBe(true);
    await premium.click();
    await expect(confirm).toContainText(`${target.firstName} fikk Premium av en admin, ikke ved betaling.`);
    await confirm.getByRole('button', { name: 'Avbryt' }).click();
    await expect(premium).toHaveAttribute('aria-checked', 'true');
  });

  test('the edit dialog asks before unticking Premium too, and saves it only with the dialog', async ({
    page,
    db,
    email,
  }, testInfo) => {
    const { target, card } = await openTarget(page, db, email, testInfo.project.name, true);
    await card.getByRole('button', { name: `Rediger ${target.firstName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Rediger bruker' });
    const premium = dialog.getByLabel('Premium');
    await expect(premium).toBeChecked();
    const isPremium = async () => (await db.select().from(users).where(eq(users.id, target.id)))[0]!.isPremium;

    // The same question as the list's switch; Avbryt keeps the box ticked.
    await premium.click();
    const confirm = page.getByRole('dialog', { name: 'Ta bort Premium?' });
    await expect(confirm).toContainText(`${target.firstName} har betalt for Premium (årlig, til 25. november 2027).`);
    await expectNoA11yViolations(page);
    await confirm.getByRole('button', { name: 'Avbryt' }).click();
    await expect(confirm).toBeHidden();
    await expect(premium).toBeChecked();
    await expect(premium).toBeFocused();

    // Confirmed, the box is unticked; only saving the dialog takes Premium away.
    await premium.click();
    await confirm.getByRole('button', { name: 'Ta bort Premium' }).click();
    await expect(confirm).toBeHidden();
    await expect(premium).not.toBeChecked();
    expect(await isPremium()).toBe(true);
    await dialog.getByRole('button', { name: 'Lagre endringer' }).click();
    await expect(toast(page)).toContainText('Bruker oppdatert');
    await expect.poll(isPremium).toBe(false);
  });

  test("resets progress after the spec's question and sends a new sign-in link", async ({
    page,
    db,
    email,
    mailTo,
  }, testInfo) => {
    const { target, card } = await openTarget(page, db, email, testInfo.project.name);
    const newName = target.firstName;
    await card.getByRole('button', { name: `Nullstill fremgang ${newName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Nullstill fremgang?' });
    await expect(confirm).toContainText(`Er du sikker på at du vil nullstille fremgangen for ${newName}?`);
    await expectNoA11yViolations(page);
    await confirm.getByRole('button', { name: 'Nullstill' }).click();
    await expect(toast(page)).toContainText('Fremgang nullstilt');
    await expect
      .poll(async () => (await db.select().from(lessonCompletions).where(eq(lessonCompletions.userId, target.id))).length)
      .toBe(0);
    expect(await db.select().from(streaks).where(eq(streaks.userId, target.id))).toEqual([]);

    // A new sign-in link, naming the recipient.
    await card.getByRole('button', { name: `Send ny innloggingslenke ${newName}` }).click();
    await expect(toast(page)).toContainText('Innloggingslenke sendt');
    await expect(toast(page)).toContainText(email);
    expect((await mailTo(email)).link).toContain('/guide/auth?token=');
  });

  test("exports a user as a JSON download and deletes them after the spec's warning", async ({ page, db, email }, testInfo) => {
    const { target, card } = await openTarget(page, db, email, testInfo.project.name);
    const newName = target.firstName;
    // Export as a JSON download.
    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: `Eksporter data ${newName}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^user-data-${target.id}-\\d{13}\\.json$`));
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(exported.userId).toBe(target.id);
    expect(exported.tables.users[0]).toMatchObject({ email, firstName: newName });
    expect(exported.tables.lesson_completions).toHaveLength(1);
    expect(JSON.stringify(exported)).not.toMatch(/tokenHash|codeHash/);
    await expect(toast(page)).toContainText('Data eksportert');

    // Delete, after the spec's warning; Cancel first changes nothing.
    const remove = card.getByRole('button', { name: `Slett ${newName}` });
    await remove.click();
    const warning = page.getByRole('dialog', { name: 'Slett bruker?' });
    await expect(warning).toContainText(`Dette vil permanent slette brukeren ${newName} (${email}) og all tilhørende data.`);
    await warning.getByRole('button', { name: 'Avbryt' }).click();
    await expect(remove).toBeFocused();
    await remove.click();
    await warning.getByRole('button', { name: 'Slett bruker' }).click();
    await expect(toast(page)).toContainText('Bruker slettet');
    await expect(page.getByText('Ingen brukere funnet.')).toBeVisible();
    expect(await db.select().from(users).where(eq(users.id, target.id))).toEqual([]);
  });

  test("failures say what failed, in the spec's words", async ({ page, db, email }, testInfo) => {
    const { target, card } = await openTarget(page, db, email, testInfo.project.name);
    await page.route(/\/api\/admin\/users\/[^/?]+(\/.*)?$/, (route) => route.abort());

    await card.getByRole('button', { name: `Eksporter data ${target.firstName}` }).click();
    await expect(toast(page)).toContainText('Kunne ikke eksportere brukerdata.');
    await card.getByRole('button', { name: `Send ny innloggingslenke ${target.firstName}` }).click();
    await expect(toast(page)).toContainText('Kunne ikke sende innloggingslenke.');
    await card.getByRole('switch', { name: `Premium ${target.firstName}` }).click();
    await expect(toast(page)).toContainText('Kunne ikke oppdatere bruker.');
    // A confirmation that fails stays open with the reason inside, to try again or back out.
    const reset = card.getByRole('button', { name: `Nullstill fremgang ${target.firstName}` });
    await reset.click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: 'Nullstill' }).click();
    await expect(toast(page)).toContainText('Kunne ikke nullstille fremgang.');
    await expect(confirm.getByRole('alert')).toHaveText('Kunne ikke nullstille fremgang.');
    await expect(confirm.getByRole('button', { name: 'Nullstill' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Avbryt' }).click();
    await expect(reset).toBeFocused();
    await card.getByRole('button', { name: `Slett ${target.firstName}` }).click();
    await confirm.getByRole('button', { name: 'Slett bruker' }).click();
    await expect(toast(page)).toContainText('Feil');
    await expect(toast(page)).toContainText('Kunne ikke slette bruker.');
    await expect(confirm.getByRole('alert')).toHaveText('Kunne ikke slette bruker.');
    expect(await db.select().from(users).where(eq(users.id, target.id))).toHaveLength(1);
  });

  test('the sidebar is a menu on a phone and always there on a desktop', async ({ page, db }, testInfo) => {
    await signInAs(page, db, adminEmail(testInfo.project.name), 'owner');
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const menu = page.getByRole('button', { name: 'Meny' });
    if (testInfo.project.name !== 'phone') {
      await expect(nav).toBeVisible();
      await expect(menu).toBeHidden();
      return;
    }
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(nav).toBeVisible();
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.click();
    await nav.getByRole('link', { name: 'Brukere' }).click();
    await expect(nav).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Brukere', level: 1 })).toBeVisible();
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await menu.click();
    await page.getByRole('button', { name: 'Logg ut' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
