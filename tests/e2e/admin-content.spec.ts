import { eq } from 'drizzle-orm';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { openDatabase } from '#db/node';
import { lessonCompletions, users } from '#db/schema';
import { E2E } from './env';
import { expect, expectNoA11yViolations, test as base, toast, expectAccessible } from './fixtures';
import { apiOf } from './api';
import { signInAs } from './sessions';

/**
 * An admin of the worker's own gets a session once (straight in the database: the sign-in flow
 * is admin.spec's and auth.spec's, and their admins read the outbox) and every test reuses the
 * cookie; desktop and phone never share it.
 */
const test = base.extend<{ userRequest: APIRequestContext }, { adminState: string }>({
  adminState: [
    async ({ browser }, use, workerInfo) => {
      const file = workerInfo.project.outputDir + `/admin-state-${workerInfo.workerIndex}.json`;
      const { client, db } = await openDatabase(`file:${E2E.dbFile}`);
      const context = await browser.newContext({ baseURL: E2E.baseUrl });
      await signInAs(
        await context.newPage(),
        db,
        `admin-content-${workerInfo.project.name}-${workerInfo.workerIndex}@soloprenor.no`,
        'owner',
      );
      await context.storageState({ path: file });
      await context.close();
      client.close();
      await use(file);
    },
    { scope: 'worker' },
  ],
  storageState: ({ adminState }, use) => use(adminState),
  /** Requests as a fresh, signed-in, free user (a separate cookie jar). */
  userRequest: async ({ playwright, email, mailTo }, use) => {
    const request = await playwright.request.newContext({ baseURL: E2E.baseUrl });
    await request.post('/api/auth/magic-link', { data: { email } });
    const token = new URL((await mailTo(email)).link!).searchParams.get('token');
    expect((await request.get(`/api/auth/verify?token=${token}`)).ok()).toBe(true);
    await use(request);
    await request.dispose();
  },
});

// Whole admin flows with an axe scan per screen: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function adminModules(page: Page) {
  const res = await apiOf(page.request).admin.content.modules.$get();
  expect(res.ok).toBe(true);
  return (await res.json()).modules;
}

/** The guide's module list as the free user of `request` sees it. */
async function guideModules(request: APIRequestContext) {
  const res = await apiOf(request).guide.modules.$get({ query: {} });
  expect(res.ok).toBe(true);
  return (await res.json()).modules;
}

const moduleCard = (page: Page, title: string) =>
  page.getByTestId('module-card').filter({ has: page.getByRole('heading', { name: title }) });

/** The user of `request` (their cookie) on their guide overview. */
async function withUserPage(browser: Browser, request: APIRequestContext, use: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, storageState: await request.storageState() });
  const page = await context.newPage();
  await page.goto('/guide');
  await expect(page.getByRole('heading', { level: 1, name: /^Velkommen/ })).toBeVisible();
  await use(page);
  await context.close();
}

async function openContent(page: Page) {
  await page.goto('/admin#innhold');
  await expect(page.getByRole('heading', { level: 1, name: 'Innhold' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Moduler' })).toBeVisible();
}

async function createModule(page: Page, title: string) {
  await page.getByRole('button', { name: 'Ny modul' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ny modul' });
  await dialog.getByLabel('Tittel').fill(title);
  // A new module starts as a draft; these tests need one that users see.
  await dialog.getByLabel('Status').selectOption('published');
  await dialog.getByRole('button', { name: 'Lagre modul' }).click();
  await expect(toast(page)).toContainText('Modul opprettet');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

test.describe('admin: content manager', () => {
  test('creates a draft module and lesson with a live Markdown preview; users see them once published', async ({
    page,
    browser,
    userRequest,
  }) => {
    // The longest journey of the suite (three dialogs, a second tab, six axe scans): 1 min alone on a
    // loaded 2-core machine, so over 90 s when the whole suite shares it.
    test.slow();
    await openContent(page);
    await expectAccessible(page);

    const title = `Økonomi for soloprenører ${unique()}`;
    await page.getByRole('button', { name: 'Ny modul' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ny modul' });
    await expect(dialog.getByLabel('Ikon (emoji)')).toHaveValue('📚');
    await dialog.getByLabel('Tittel').fill(title);
    const id = title.toLowerCase().replaceAll('ø', 'o').replace(/\s+/g, '-');
    await expect(dialog.getByLabel('ID (brukes i adressen)')).toHaveValue(id);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Lagre modul' }).click();
    await expect(toast(page)).toContainText('Modul opprettet');
    const detail = page.getByRole('heading', { level: 2, name: title });
    await expect(detail).toBeFocused();

    await expect(page.getByText('Ingen leksjoner enda')).toBeVisible();
    await page.getByRole('button', { name: 'Ny leksjon' }).click();
    const lessonDialog = page.getByRole('dialog', { name: 'Ny leksjon' });
    await lessonDialog.getByLabel('Tittel').fill('Budsjett på en time');
    await lessonDialog
      .getByLabel('Innhold (Markdown)')
      .fill(
        '## Slik gjør du det\n\nSett opp **tre** poster.\n\n[Mal](https://example.no/mal) <script>alert(1)</script> [farlig](javascript:alert(1))',
      );
    const preview = lessonDialog.getByRole('region', { name: 'Forhåndsvisning' });
    await expect(preview.getByRole('heading', { level: 3, name: 'Slik gjør du det' })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('tre');
    await expect(preview.getByRole('link', { name: 'Mal' })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(preview.getByRole('link', { name: 'Mal' })).toHaveAttribute('target', '_blank');
    await expect(preview.getByText('<script>alert(1)</script>')).toBeVisible();
    await expect(preview.getByRole('link', { name: 'farlig' })).toHaveCount(0);
    await lessonDialog.getByLabel('Varighet i minutter').fill('15');
    await expect(lessonDialog.getByLabel('Status')).toHaveValue('draft');
    await lessonDialog.getByLabel('Status').selectOption('published');
    await lessonDialog.getByRole('button', { name: 'Legg til ressurs' }).click();
    await lessonDialog.getByRole('group', { name: 'Ressurs 1' }).getByLabel('Tittel').fill('Budsjettmal');
    await lessonDialog
      .getByRole('group', { name: 'Ressurs 1' })
      .getByLabel('Lenke (valgfri)')
      .fill('https://example.no/budsjett');
    await expectAccessible(page);
    await lessonDialog.getByRole('button', { name: 'Lagre leksjon' }).click();
    await expect(toast(page)).toContainText('Leksjon opprettet');
    await expect(page.getByRole('button', { name: 'Rediger Budsjett på en time' })).toBeVisible();

    const created = (await adminModules(page)).find((m) => m.id === id)!;
    expect(created).toMatchObject({ title, icon: '📚', color: 'from-gray-500 to-gray-600', isPremium: false });
    expect(created.lessons).toMatchObject([
      {
        title: 'Budsjett på en time',
        order: 1,
        type: 'text',
        isPremium: false,
        duration: 15,
        resources: [{ title: 'Budsjettmal', url: 'https://example.no/budsjett' }],
      },
    ]);
    expect(created.lessons[0]!.id).toMatch(new RegExp(`^${id}-lesson-\\d+$`));

    // Draft → publish: the draft module is the admin's alone until it is published.
    expect(created).toMatchObject({ status: 'draft', publishAt: null });
    await expect(page.getByRole('button', { name: new RegExp(title) }).getByText('Utkast')).toBeVisible();
    expect((await guideModules(userRequest)).find((m) => m.id === id)).toBeUndefined();
    expect((await userRequest.get(`/api/guide/modules/${id}`)).status()).toBe(404);
    // "Forhåndsvis som bruker": the admin sees the guide without the draft, and is told so.
    const [asUser] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: /Forhåndsvis som bruker/ }).click(),
    ]);
    await expect(asUser.getByRole('note')).toContainText('slik ser en gratisbruker guiden');
    await expect(asUser.getByRole('heading', { name: 'Soloprenør-tankesettet' })).toBeVisible();
    await expect(asUser.getByText(title)).toHaveCount(0);
    await expectNoA11yViolations(asUser);
    await asUser.close();
    await page
      .getByRole('button', { name: `Rediger ${title}` })
      .first()
      .click();
    const editDialog = page.getByRole('dialog', { name: 'Rediger modul' });
    await expect(editDialog.getByLabel('Status')).toHaveValue('draft');
    await editDialog.getByLabel('Status').selectOption('published');
    await expectAccessible(page);
    await editDialog.getByRole('button', { name: 'Lagre modul' }).click();
    await expect(toast(page)).toContainText('Modul oppdatert');
    await expect(page.getByRole('button', { name: new RegExp(title) }).getByText('Utkast')).toHaveCount(0);

    // The user's guide lists the new module with its lesson, after the seeded ones.
    const listed = (await guideModules(userRequest)).find((m) => m.id === id);
    expect(listed).toMatchObject({ title, isPremium: false, lessonCount: 1, availableLessonCount: 1 });
    expect(listed!.lessons).toMatchObject([{ title: 'Budsjett på en time', duration: 15, isLocked: false }]);
    await withUserPage(browser, userRequest, async (guide) => {
      await expect(moduleCard(guide, title)).toContainText('1 leksjon');
    });
  });

  test('premium and order in Innstillinger save at once; the statistics tab shows real figures', async ({
    page,
    browser,
    userRequest,
  }) => {
    await openContent(page);
    const title = `Premiumtest ${unique()}`;
    await createModule(page, title);

    await page.getByRole('tab', { name: 'Innstillinger' }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    const premium = page.getByRole('switch', { name: 'Premium-modul' });
    await expect(premium).toHaveAttribute('aria-checked', 'false');
    await premium.click();
    await expect(toast(page)).toContainText('Modul oppdatert');
    await expect(premium).toHaveAttribute('aria-checked', 'true');
    await expectAccessible(page);

    const order = page.getByLabel('Rekkefølge');
    await order.fill('2.5');
    await order.press('Enter');
    await expect(page.getByText('Rekkefølgen må være et helt tall')).toBeVisible();
    await expect(order).toHaveAttribute('aria-invalid', 'true');
    await order.fill('42');
    await order.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Lagret' })).toBeVisible();

    const module = (await adminModules(page)).find((m) => m.title === title)!;
    expect(module).toMatchObject({ isPremium: true, order: 42 });
    // A free user finds it locked behind Premium: the card leads to /premium, and the module itself is refused.
    expect((await guideModules(userRequest)).find((m) => m.id === module.id)).toMatchObject({
      isPremium: true,
      isPremiumRequired: true,
      unlocked: false,
    });
    const refused = await userRequest.get(`/api/guide/modules/${module.id}`);
    expect(refused.status()).toBe(403);
    await withUserPage(browser, userRequest, async (guide) => {
      await expect(moduleCard(guide, title)).toHaveAttribute('data-state', 'premium');
    });

    await page.getByRole('tab', { name: 'Statistikk' }).click();
    await expect(page.getByText('Ingen har startet denne modulen ennå.')).toBeVisible();
    await expect(page.getByText('Fullføringsgrad')).toBeVisible();
    await expectAccessible(page);
  });

  test('a form error shows beside its field and takes focus', async ({ page }) => {
    await openContent(page);
    await page.getByRole('button', { name: 'Ny leksjon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ny leksjon' });
    await dialog.getByLabel('Rekkefølge').fill('1.5');
    await dialog.getByRole('button', { name: 'Lagre leksjon' }).click();
    await expect(dialog.getByLabel('Tittel')).toBeFocused();
    await expect(dialog.getByText('Skriv inn en tittel')).toBeVisible();
    await expect(dialog.getByText('Rekkefølgen må være et helt tall')).toBeVisible();
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a failed save says "Feil ved lagring" and keeps the dialog open', async ({ page }) => {
    await page.route('**/api/admin/content/modules', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503, body: '' }) : route.fallback(),
    );
    await openContent(page);
    await page.getByRole('button', { name: 'Ny modul' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ny modul' });
    await dialog.getByLabel('Tittel').fill(`Feiler ${unique()}`);
    await dialog.getByRole('button', { name: 'Lagre modul' }).click();
    await expect(toast(page)).toContainText('Feil ved lagring');
    await expect(toast(page)).toContainText('Kunne ikke lagre modul. Prøv igjen.');
    await expect(dialog.getByRole('alert')).toHaveText('Kunne ikke lagre modul. Prøv igjen.');
    await expect(dialog.getByRole('button', { name: 'Lagre modul' })).toBeEnabled();
  });

  test('deleting asks first and names the learners whose progress goes', async ({ page, db, email }) => {
    await openContent(page);
    const title = `Slettes ${unique()}`;
    await createModule(page, title);
    await page.getByRole('button', { name: 'Ny leksjon' }).click();
    await page.getByRole('dialog', { name: 'Ny leksjon' }).getByLabel('Tittel').fill('Eneste leksjon');
    await page.getByRole('button', { name: 'Lagre leksjon' }).click();
    await expect(toast(page)).toContainText('Leksjon opprettet');

    // A learner has completed the lesson.
    const module = (await adminModules(page)).find((m) => m.title === title)!;
    const [learner] = await db
      .insert(users)
      .values({ id: `u-${unique()}`, email })
      .returning();
    await db.insert(lessonCompletions).values({ userId: learner!.id, lessonId: module.lessons[0]!.id, moduleId: module.id });

    await page.getByRole('button', { name: 'Slett Eneste leksjon' }).click();
    const confirmLesson = page.getByRole('dialog', { name: 'Slett leksjon?' });
    await expect(confirmLesson).toContainText('Leksjonen «Eneste leksjon» slettes permanent.');
    await page.getByRole('button', { name: 'Avbryt' }).click();
    await expect(confirmLesson).toBeHidden();
    await expect(page.getByRole('button', { name: 'Slett Eneste leksjon' })).toBeVisible();

    // The list refreshes every 30 s or after a change; reloading shows the completion at once.
    await page.reload();
    await page.getByRole('button', { name: `Slett ${title}` }).click();
    const confirmModule = page.getByRole('dialog', { name: 'Slett modul?' });
    await expect(confirmModule).toContainText(`Modulen «${title}» og 1 leksjon slettes permanent.`);
    await expect(confirmModule).toContainText(
      'Fremgangen til 1 deltaker som har fullført leksjoner i modulen, blir også slettet.',
    );
    await expectAccessible(page);
    await confirmModule.getByRole('button', { name: 'Slett' }).click();
    await expect(toast(page)).toContainText('Modul slettet');
    await expect(page.getByRole('button', { name: `Slett ${title}` })).toHaveCount(0);
    expect(await db.select().from(lessonCompletions).where(eq(lessonCompletions.moduleId, module.id))).toEqual([]);
  });
});

test.describe('admin: campaigns', () => {
  test('a non-admin gets "Ingen tilgang"', async ({ browser, email, mailTo }) => {
    const context = await browser.newContext({ baseURL: E2E.baseUrl });
    const page = await context.newPage();
    await page.request.post('/api/auth/magic-link', { data: { email } });
    await page.goto((await mailTo(email)).link!);
    await page.waitForURL(/\/guide$/);
    await page.goto('/admin/campaigns');
    await expect(page.getByRole('heading', { name: 'Ingen tilgang' })).toBeVisible();
    await expect(page.getByText('Du må ha en rolle i admin for å se denne siden.')).toBeVisible();
    await context.close();
  });

  test('the editor starts from the default draft, shows field errors, creates, previews and deletes', async ({ page }) => {
    await page.goto('/admin/campaigns');
    await expect(page.getByRole('heading', { level: 1, name: 'Premium Kampanjer' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tilbake til admin' })).toHaveAttribute('href', '/admin');
    for (const label of ['Aktive', 'Totalt', 'Med animasjoner', 'Med rabatt'])
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Ny kampanje' }).click();
    const dialog = page.getByRole('dialog', { name: 'Opprett ny kampanje' });
    await expect(dialog.getByLabel('Internt navn')).toHaveValue('Ny kampanje');
    await expect(dialog.getByLabel('Tittel (vises for brukeren)')).toHaveValue('👑 Premium-tilgang');
    await expect(dialog.getByLabel('Beskrivelse', { exact: true }).first()).toHaveValue('Få full tilgang til alle funksjoner');
    await expect(dialog.getByLabel('Ordinær pris')).toHaveValue('399');
    await expect(dialog.getByLabel('Periode')).toHaveValue('måned');
    await expect(dialog.getByLabel('Tekst på knappen (CTA)')).toHaveValue('Oppgrader nå');
    await expect(dialog.getByLabel('Animasjoner')).toBeChecked();
    await expect(dialog.getByLabel('Gamification')).not.toBeChecked();
    await expect(dialog.getByLabel('Aktiv', { exact: true })).not.toBeChecked();
    await expect(dialog.getByRole('group', { name: /^Funksjon \d$/ })).toHaveCount(2);
    await expect(dialog.getByLabel('Verdi')).toHaveAttribute('placeholder', /^F\.eks\. 50 eller \d{4}-12-31$/);
    await expectAccessible(page);

    const name = `Vårkampanje ${unique()}`;
    await dialog.getByLabel('Internt navn').fill(name);
    await dialog.getByLabel('Rabattert pris').fill('999');
    await dialog.getByLabel('Type', { exact: true }).selectOption('limited_spots');
    await dialog.getByLabel('Verdi').fill('50');
    await dialog.getByRole('button', { name: 'Lagre kampanje' }).click();
    await expect(dialog.getByText('Rabattert pris kan ikke være høyere enn ordinær pris')).toBeVisible();
    await expect(dialog.getByLabel('Rabattert pris')).toBeFocused();
    await dialog.getByLabel('Rabattert pris').fill('299');
    await dialog.getByRole('button', { name: 'Lagre kampanje' }).click();
    await expect(toast(page)).toContainText('Kampanje opprettet');
    await expect(dialog).toBeHidden();

    const card = page.getByRole('article', { name });
    await expect(card).toContainText('👑 Premium-tilgang');
    await expect(card).toContainText('299');
    await expect(card.locator('s')).toContainText('399');
    await expect(card).toContainText('NOK/måned');
    await expect(card).toContainText('Animert');
    await expect(card).not.toContainText('Aktiv');

    await card.getByRole('button', { name: `Preview ${name}` }).click();
    const preview = page.getByRole('dialog', { name: `Forhåndsvisning: ${name}` });
    await expect(preview.getByRole('heading', { name: '👑 Premium-tilgang' })).toBeVisible();
    await expect(preview).toContainText('Kun 50 plasser igjen!');
    await expect(preview).toContainText('Oppgrader nå');
    await expect(preview).toContainText('Spar 25 %');
    await expectAccessible(page);
    await preview.getByRole('button', { name: 'Lukk' }).first().click();

    await card.getByRole('button', { name: `Slett ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Slett kampanje?' });
    await expect(confirm).toContainText('Er du sikker på at du vil slette denne kampanjen?');
    await confirm.getByRole('button', { name: 'Slett' }).click();
    await expect(toast(page)).toContainText('Kampanje slettet');
    await expect(page.getByRole('article', { name })).toHaveCount(0);
  });

  test('loading, empty and failure states say so', async ({ page }) => {
    // The real list always holds the seeded campaign; these states are answered here instead.
    let answer: 'empty' | 'broken' = 'empty';
    await page.route('**/api/admin/campaigns', (route) => {
      if (route.request().method() === 'POST')
        return route.fulfill({
          status: 500,
          json: { error: { code: 'internal_error', message: 'Noe gikk galt på serveren. Prøv igjen.' } },
        });
      return answer === 'empty' ? route.fulfill({ json: { campaigns: [] } }) : route.fulfill({ status: 500, body: 'nede' });
    });
    await page.goto('/admin/campaigns');
    await expect(page.getByRole('heading', { name: 'Ingen kampanjer ennå' })).toBeVisible();
    await page.getByRole('button', { name: 'Opprett første kampanje' }).click();
    const dialog = page.getByRole('dialog', { name: 'Opprett ny kampanje' });
    await dialog.getByRole('button', { name: 'Lagre kampanje' }).click();
    await expect(toast(page)).toContainText('Feil');
    await expect(toast(page)).toContainText('Kunne ikke opprette kampanje.');
    await expect(dialog.getByRole('alert')).toHaveText('Kunne ikke opprette kampanje.');
    await dialog.getByRole('button', { name: 'Avbryt' }).click();

    answer = 'broken';
    await page.reload();
    await expect(page.getByText('Kunne ikke laste kampanjer')).toBeVisible();
    await page.getByRole('button', { name: 'Tilbake til admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});
