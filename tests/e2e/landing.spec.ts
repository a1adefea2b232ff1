import { and, eq, sql } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { analyticsEvents, consentEvents, leads, mailQueue } from '#db/schema';
import type { Db } from '#db';
import { E2E } from './env';
import { expect, expectNoA11yViolations, signInThroughMail, test } from './fixtures';

const UTM_QUERY = '?utm_source=nyhetsbrev&utm_medium=epost&utm_campaign=host';
const SUCCESS_TEXT = 'Vi har sendt deg en innloggingslenke. Sjekk e-posten din.';

/**
 * Opens a landing URL. Its islands hydrate later, as a visitor's page does: the lead form and
 * the FAQ when they come into view, the sticky CTA on the first scroll, the toaster with the
 * first toast (or at once for ?confirmed=true).
 */
const openLanding = (page: Page, path = '/') => page.goto(path);

const islandOf = (page: Page, inner: string) => page.locator('astro-island', { has: page.locator(inner) });

/** Scrolls `inner` into view, as a visitor would, and waits until its island has hydrated. */
async function hydrated(page: Page, inner: string) {
  await page.locator(inner).first().scrollIntoViewIfNeeded();
  await expect(islandOf(page, inner)).not.toHaveAttribute('ssr');
}
const formReady = (page: Page) => hydrated(page, '#lead-form');

/** Collects the page's CSP violations from the start; read them with `page.evaluate('window.__csp')`. */
const watchCsp = (page: Page) =>
  page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective}: ${e.blockedURI} «${e.sample}»`),
    );
  });
const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

/** Scrolls instantly (the page scrolls smoothly otherwise) to a fraction of the scrollable height. */
async function scrollToFraction(page: Page, fraction: number) {
  await page.evaluate((f) => {
    const scrollable = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo({ top: Math.ceil(scrollable * f), behavior: 'instant' });
  }, fraction);
}

const scrollToY = (page: Page, y: number) => page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);

/** Scrolls through the whole page and back, so anything rendered on the way is there. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const step = window.innerHeight * 0.8;
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise(requestAnimationFrame);
    }
  });
  await scrollToY(page, 0);
}

const eventsOf = (db: Db, userId: string) =>
  db
    .select({ eventName: analyticsEvents.eventName, props: analyticsEvents.props })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.userId, userId))
    .orderBy(analyticsEvents.id);

const form = (page: Page) => {
  const root = page.locator('#lead-form');
  return {
    root,
    email: root.getByLabel('E-postadresse'),
    /** Required: vilkår and personvern. */
    consent: root.getByRole('checkbox', { name: 'Jeg godtar vilkårene og har lest personvernerklæringen.' }),
    /** Optional, unticked: e-mail with tips and offers. */
    marketing: root.getByRole('checkbox', { name: /Ja, jeg vil motta e-poster med tips, verktøy og tilbud/ }),
    submit: root.getByRole('button', { name: 'Send meg guiden' }),
  };
};

test.describe('landing page content', () => {
  test('header, hero, problem, solution and the calls to action', async ({ page }, testInfo) => {
    await openLanding(page);
    await expect(page).toHaveTitle('Soloprenør – Start alene. Bygg stort.');

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Soloprenør' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Kom i gang' })).toHaveAttribute('href', '#tilbud');
    const anchors = [
      ['Problemet', '#problem'],
      ['Løsningen', '#løsning'],
      ['FAQ', '#faq'],
    ] as const;
    if (testInfo.project.name === 'phone') {
      await expect(page.getByRole('navigation', { name: 'Hovedmeny' })).toBeHidden();
      await header.getByLabel('Meny', { exact: true }).click();
    }
    for (const [name, href] of anchors) {
      await expect(header.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }

    await expect(page.getByText('Gratis guide på norsk', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Soloprenør. Start alene. Bygg stort.');
    await expect(page.getByRole('link', { name: 'Få gratis guide', exact: true })).toHaveAttribute('href', '#tilbud');
    await expect(page.getByRole('link', { name: 'Allerede registrert? Gå til guide' })).toHaveAttribute('href', '/guide/login');
    await expect(page.getByRole('list', { name: 'Fordeler' }).getByRole('listitem')).toHaveText([
      /100% eierskap/,
      /Raske beslutninger/,
      /AI ansatte/,
    ]);

    const problem = page.locator('#problem');
    await expect(problem.getByRole('listitem')).toHaveCount(4);
    await expect(problem.getByRole('heading', { level: 3 })).toHaveText([
      'Høye lønnskostnader',
      'Dyr programvareutvikling',
      'Feil fokus',
      'Tidstyver',
    ]);

    const solution = page.getByRole('region', { name: 'Ansett AI i stedet for et helt team' });
    await expect(solution).toHaveAttribute('id', 'løsning');
    await expect(solution.getByRole('listitem')).toHaveCount(6);
    await expect(solution.getByRole('heading', { level: 3 })).toHaveText([
      'AI-selger',
      'AI-utvikler',
      'AI-markedsfører',
      'AI-kundeservice',
      'AI-analytiker',
      'AI-automatisering',
    ]);
    await expect(solution.getByRole('listitem').filter({ hasText: 'AI-selger' })).toContainText('3-5 selgere');
    await expect(solution.getByRole('listitem').filter({ hasText: 'AI-kundeservice' })).toContainText('24/7');
    await expect(solution.getByRole('listitem').filter({ hasText: 'AI-kundeservice' })).toContainText('80%');
    await expect(solution.getByRole('listitem').filter({ hasText: 'AI-automatisering' })).toContainText('40 timer');

    await expect(page.getByRole('link', { name: 'Få tilgang til guiden nå' })).toHaveAttribute('href', '#tilbud');

    const offer = page.locator('#tilbud');
    await expect(offer.getByRole('heading', { level: 2 })).toHaveText('Få Soloprenør-guiden gratis');
    await expect(offer.locator('form#lead-form')).toBeVisible();
    await expect(form(page).email).toHaveAttribute('type', 'email');
    await expect(form(page).consent).not.toBeChecked();
    await expect(offer.getByRole('link', { name: 'personvernerklæringen' })).toHaveAttribute('href', '/personvern');
    await expect(offer.getByRole('link', { name: 'vilkårene' })).toHaveAttribute('href', '/vilkar');
    await expect(form(page).marketing).not.toBeChecked();
  });

  test('FAQ: five questions in their categories, with the claims', async ({ page }) => {
    await openLanding(page);
    const faq = page.locator('#faq');
    await expect(faq.getByRole('heading', { level: 2 })).toHaveText('Spørsmål og svar');
    const items = faq.locator('details');
    await expect(items).toHaveCount(5);
    for (const item of await items.all()) await expect(item).toHaveAttribute('name', 'faq');
    const categories = ['teknisk', 'tid', 'verktøy', 'kostnader', 'idé'];
    for (const [i, category] of categories.entries()) {
      await expect(items.nth(i).locator('summary')).toContainText(category);
    }
    await expect(items.nth(3)).toContainText('300-1000 kroner');
    await expect(items.nth(3)).toContainText('50 000-100 000 kroner');
    await expect(items.nth(3)).toContainText('minst 95%');
    await expect(items.nth(1)).toContainText('10-15 timer i uken');
    // All closed to begin with.
    await expect(faq.locator('details[open]')).toHaveCount(0);
  });

  test('footer: shortcuts, legal links, contact details, social links and copyright', async ({ page }) => {
    await openLanding(page);
    const footer = page.getByRole('contentinfo');
    const shortcuts = footer.getByRole('navigation', { name: 'Snarveier' });
    for (const [name, href] of [
      ['Problemet', '/#problem'],
      ['Løsningen', '/#løsning'],
      ['FAQ', '/#faq'],
    ]) {
      await expect(shortcuts.getByRole('link', { name, exact: true })).toHaveAttribute('href', href!);
    }
    const legal = footer.getByRole('navigation', { name: 'Juridisk' });
    await expect(legal.getByRole('link', { name: 'Personvern' })).toHaveAttribute('href', '/personvern');
    await expect(legal.getByRole('link', { name: 'Vilkår' })).toHaveAttribute('href', '/vilkår');

    await expect(footer).toContainText('Bergen');
    await expect(footer.getByText(/^Org\.nr\. \d{3} \d{3} \d{3}$/)).toBeVisible();
    await expect(footer.getByRole('link', { name: 'hei@soloprenor.no' })).toHaveAttribute('href', 'mailto:hei@soloprenor.no');
    const social = footer.getByRole('list', { name: 'Sosiale medier' }).getByRole('link');
    await expect(social).toHaveText(['LinkedIn', 'Instagram', 'YouTube']);
    for (const link of await social.all()) await expect(link).toHaveAttribute('href', /^https:\/\//);
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });
});

test.describe('landing page navigation', () => {
  test('header anchors scroll their section into view below the sticky header', async ({ page }, testInfo) => {
    await openLanding(page);
    const header = page.getByRole('banner');
    const sections = [
      ['Løsningen', 'Ansett AI i stedet for et helt team', /#l%C3%B8sning$/],
      ['FAQ', 'Spørsmål og svar', /#faq$/],
      ['Problemet', 'Å starte bedrift har aldri vært dyrere – på den gamle måten', /#problem$/],
    ] as const;
    for (const [link, heading, url] of sections) {
      if (testInfo.project.name === 'phone') {
        const menu = header.locator('details');
        if (!(await menu.evaluate((d: HTMLDetailsElement) => d.open))) await header.getByLabel('Meny', { exact: true }).click();
      }
      await header.getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(url);
      const section = page.getByRole('region', { name: heading });
      await expect(section.getByRole('heading', { level: 2, name: heading })).toBeInViewport();
      // The section starts just below the sticky header, not under it: it was scrolled to.
      const headerBottom = (await header.boundingBox())!.height;
      const top = async () => (await section.boundingBox())!.y;
      await expect.poll(top).toBeGreaterThanOrEqual(headerBottom - 1);
      await expect.poll(top).toBeLessThan(page.viewportSize()!.height / 3);
    }
  });

  test('the header is opaque and takes its border once scrolled more than 10 px', async ({ page }) => {
    await openLanding(page);
    const header = page.getByRole('banner');
    const alpha = () =>
      header.evaluate((el) => {
        const m = /\/\s*([\d.]+)\)$|rgba\([^)]*,\s*([\d.]+)\)$/.exec(getComputedStyle(el).backgroundColor);
        return Number(m?.[1] ?? m?.[2] ?? 1);
      });
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    // Opaque from the start: no blur of the page beneath it (docs/decisions/0045-speed.md).
    expect(await alpha()).toBe(1);

    await scrollToY(page, 50);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(alpha).toBe(1);

    await scrollToY(page, 10);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await scrollToY(page, 11);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await scrollToY(page, 0);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await expect.poll(alpha).toBe(1);
  });

  test('"Kom i gang" scrolls to the form and focuses the e-mail input', async ({ page }) => {
    await openLanding(page);
    await page.getByRole('banner').getByRole('link', { name: 'Kom i gang' }).click();
    await expect(form(page).email).toBeFocused();
    await expect(form(page).email).toBeInViewport();
    await expect(page).toHaveURL(/#tilbud$/);
  });

  test('"Få tilgang til guiden nå" also leads to the form', async ({ page }) => {
    await openLanding(page);
    await page.getByRole('link', { name: 'Få tilgang til guiden nå' }).click();
    await expect(form(page).email).toBeFocused();
    await expect(form(page).email).toBeInViewport();
  });

  test('FAQ: only one question is open at a time', async ({ page }) => {
    await openLanding(page);
    const faq = page.locator('#faq');
    const first = faq.locator('details').nth(0);
    const second = faq.locator('details').nth(1);
    const firstAnswer = first.getByText('Nei. Guiden er skrevet for deg som ikke er utvikler.', { exact: false });
    const secondAnswer = second.getByText('Regn med 10-15 timer i uken', { exact: false });
    await expect(firstAnswer).toBeHidden();

    await first.locator('summary').click();
    await expect(firstAnswer).toBeVisible();
    await second.locator('summary').click();
    await expect(secondAnswer).toBeVisible();
    await expect(firstAnswer).toBeHidden();
    await expect(faq.locator('details[open]')).toHaveCount(1);

    await second.locator('summary').click();
    await expect(secondAnswer).toBeHidden();
    await expect(faq.locator('details[open]')).toHaveCount(0);
  });
});

test.describe('sticky call to action', () => {
  test('phone: appears from 25 % scroll and leads to the form', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the sticky CTA is for phones');
    await openLanding(page);
    const sticky = page.locator('#sticky-cta');
    const cta = sticky.getByRole('link', { name: 'Få gratis guiden' });
    await expect(sticky).toHaveAttribute('data-visible', 'false');
    await expect(cta).not.toBeInViewport();

    await scrollToFraction(page, 0.4);
    await expect(sticky).toHaveAttribute('data-visible', 'true');
    await expect(cta).toBeInViewport({ ratio: 1 });

    await scrollToFraction(page, 0.2);
    await expect(sticky).toHaveAttribute('data-visible', 'false');
    await expect(cta).not.toBeInViewport();

    await scrollToFraction(page, 0.25);
    await expect(sticky).toHaveAttribute('data-visible', 'true');
    await expect(cta).toBeInViewport({ ratio: 1 });

    await cta.click();
    await expect(form(page).email).toBeFocused();
    await expect(form(page).email).toBeInViewport();
  });

  test('hidden while the lead form is in view, on a phone and a wide screen alike', async ({ page }) => {
    await openLanding(page);
    const sticky = page.locator('#sticky-cta');
    await scrollToFraction(page, 0.4);
    await expect(sticky).toHaveAttribute('data-visible', 'true');
    await expect(sticky.getByRole('link', { name: 'Få gratis guiden' })).toBeInViewport({ ratio: 1 });

    // The bar would only cover the form it leads to (or the hero's own button at the top of the page).
    await page.locator('#lead-form').scrollIntoViewIfNeeded();
    await expect(sticky).toHaveAttribute('data-visible', 'false');
    await expect(sticky.getByRole('link', { name: 'Få gratis guiden' })).not.toBeInViewport();
    await scrollToFraction(page, 0.4);
    await expect(sticky).toHaveAttribute('data-visible', 'true');
    await scrollToFraction(page, 0);
    await expect(page.locator('#hero-cta')).toBeInViewport();
    await expect(sticky).toHaveAttribute('data-visible', 'false');
  });

  test('no founder section until an admin has named the founder, and no link to it', async ({ page }) => {
    await openLanding(page);
    await expect(page.getByTestId('founder')).toHaveCount(0);
    await expect(page.locator('#om-meg')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Om meg' })).toHaveCount(0);
    // The year is the build's, never a year in the past written in the copy.
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Soloprenør`);
    await expect(page.getByText(/NY I 20\d\d/)).toHaveCount(0);
  });
});

test.describe('lead form', () => {
  test('explains an empty form, a bad address and missing consent', async ({ page, email, db }) => {
    await openLanding(page);
    await formReady(page);
    const f = form(page);
    await f.submit.click();
    await expect(page.locator('#lead-form').getByText('Ugyldig epostadresse')).toBeVisible();
    await expect(page.locator('#lead-form').getByText('Du må samtykke for å fortsette')).toBeVisible();
    await expect(f.email).toHaveAttribute('aria-invalid', 'true');
    await expect(f.email).toBeFocused();

    await f.email.fill('ikke-en-adresse');
    await f.consent.check();
    await f.submit.click();
    await expect(page.locator('#lead-form').getByText('Ugyldig epostadresse')).toBeVisible();
    await expect(page.locator('#lead-form').getByText('Du må samtykke for å fortsette')).toHaveCount(0);
    await expect(f.email).toHaveAccessibleDescription('Ugyldig epostadresse');

    await f.email.fill(email);
    await f.consent.uncheck();
    await f.submit.click();
    await expect(page.locator('#lead-form').getByText('Du må samtykke for å fortsette')).toBeVisible();
    await expect(page.locator('#lead-form').getByText('Ugyldig epostadresse')).toHaveCount(0);
    await expect(f.consent).toBeFocused();
    await expect(f.consent).toHaveAccessibleDescription('Du må samtykke for å fortsette');

    // Nothing was sent, so nothing was stored.
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    expect(await db.select().from(leads).where(eq(leads.email, email))).toEqual([]);
  });

  test('with only the required box ticked: the guide’s link, the terms recorded, no marketing consent and no marketing mail', async ({
    page,
    email,
    db,
    mailTo,
  }) => {
    await openLanding(page);
    await formReady(page);
    const f = form(page);
    await expect(f.marketing).not.toBeChecked();
    await expect(f.marketing).toHaveAccessibleDescription(/Valgfritt/);
    await f.email.fill(email);
    await f.consent.check();
    await f.submit.click();
    await expect(page.getByTestId('lead-thanks')).toContainText(SUCCESS_TEXT);
    await expectNoA11yViolations(page);

    expect(await db.select({ action: consentEvents.action }).from(consentEvents).where(eq(consentEvents.email, email))).toEqual([
      { action: 'terms_accepted' },
    ]);
    const mail = await mailTo(email);
    expect(mail.subject).toBe('Din innloggingslenke til Soloprenør');
    expect(mail.text).not.toContain('påmeldingen din til e-poster med tips');
    // The link opens the guide; nothing but that mail went out, and none is waiting.
    await page.goto(mail.link!);
    await expect(page).toHaveURL(/\/guide/);
    const queued = await db.select({ kind: mailQueue.kind }).from(mailQueue).where(eq(mailQueue.to, email));
    expect(queued.every((m) => m.kind === 'transactional')).toBe(true);
  });

  test('a sign-up stores the lead with consent proof and UTM, mails the link and says thanks', async ({
    page,
    email,
    db,
    mailTo,
  }) => {
    await openLanding(page, `/${UTM_QUERY}`);
    await formReady(page);
    const f = form(page);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/lead', async (route) => {
      await held;
      await route.continue();
    });

    await f.email.fill(email);
    await f.consent.check();
    await f.marketing.check();
    const submittedAt = Date.now();
    await f.submit.click();
    const busy = page.locator('#lead-form').getByRole('button', { name: 'Registrerer...' });
    await expect(busy).toBeDisabled();
    release();

    // The thanks is in the form, and focus moves to it (not to the page's body).
    const thanks = page.getByTestId('lead-thanks');
    await expect(thanks).toContainText(SUCCESS_TEXT);
    await expect(thanks.getByRole('heading', { name: 'Takk for påmeldingen!' })).toBeFocused();
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await expect(f.email).toHaveValue('');
    await expect(f.consent).not.toBeChecked();
    await expect(f.marketing).not.toBeChecked();
    await expect(f.submit).toBeEnabled();
    const thankedAt = Date.now();

    const [lead] = await db.select().from(leads).where(eq(leads.email, email));
    expect(lead).toMatchObject({ source: 'landing_page', utmSource: 'nyhetsbrev', utmMedium: 'epost', utmCampaign: 'host' });
    // The terms accepted, and the marketing consent asked for, pending until the e-mailed link confirms it.
    const [terms, consent] = await db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.email, email))
      .orderBy(sql`rowid`);
    expect(terms).toMatchObject({ action: 'terms_accepted', textVersion: '2025-02-03', source: 'landing_page' });
    expect(consent).toMatchObject({ action: 'requested', textVersion: '2025-02-03', source: 'landing_page' });
    expect(consent!.createdAt.getTime()).toBeGreaterThanOrEqual(submittedAt);
    expect(consent!.createdAt.getTime()).toBeLessThanOrEqual(thankedAt);

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Din innloggingslenke til Soloprenør');
    expect(mail.link).toMatch(new RegExp(`^${E2E.baseUrl}/guide/auth\\?token=`));

    await expect
      .poll(() =>
        db
          .select({ id: analyticsEvents.id })
          .from(analyticsEvents)
          .where(and(eq(analyticsEvents.eventName, 'lead_submit'), eq(analyticsEvents.leadId, lead!.id))),
      )
      .toHaveLength(1);
  });

  test('a repeat sign-up is thanked the same and keeps one lead', async ({ page, email, db }) => {
    await openLanding(page);
    await formReady(page);
    const f = form(page);
    for (let i = 0; i < 2; i++) {
      await f.email.fill(email);
      await f.consent.check();
      await f.submit.click();
      await expect(page.getByRole('heading', { name: 'Takk for påmeldingen!' })).toBeFocused();
      await expect(f.email).toHaveValue('');
    }
    expect(await db.select().from(leads).where(eq(leads.email, email))).toHaveLength(1);
  });

  for (const [status, message] of [
    [500, 'Noe gikk galt på serveren. Prøv igjen.'],
    [429, 'For mange forsøk. Prøv igjen om 12 minutter.'],
  ] as const) {
    test(`a ${status} answer shows "Noe gikk galt" with the server's message and keeps the input`, async ({ page, email }) => {
      await page.route('**/api/lead', (route) =>
        route.fulfill({ status, json: { error: { code: status === 429 ? 'rate_limited' : 'internal_error', message } } }),
      );
      await openLanding(page);
      await formReady(page);
      const f = form(page);
      await f.email.fill(email);
      await f.consent.check();
      await f.submit.click();
      const toast = page.getByRole('alert');
      await expect(toast).toContainText('Noe gikk galt');
      await expect(toast).toContainText(message);
      await expect(f.email).toHaveValue(email);
      await expect(f.consent).toBeChecked();
      await expect(f.submit).toBeEnabled();
    });
  }

  test('a network failure shows the fallback message', async ({ page, email }) => {
    await page.route('**/api/lead', (route) => route.abort('connectionfailed'));
    await openLanding(page);
    await formReady(page);
    const f = form(page);
    await f.email.fill(email);
    await f.consent.check();
    await f.submit.click();
    await expect(page.getByRole('alert')).toContainText('Noe gikk galt');
    await expect(page.getByRole('alert')).toContainText('Kunne ikke registrere påmeldingen. Prøv igjen.');
  });

  test('without JavaScript the form posts, lands on /takk and stores the lead', async ({
    browser,
    extraHTTPHeaders,
    email,
    db,
  }, testInfo) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: E2E.baseUrl,
      viewport: testInfo.project.use.viewport,
      extraHTTPHeaders,
    });
    const page = await context.newPage();
    try {
      // A mistake first: the answer is a Norwegian page that leads back to the form.
      await page.goto(`/${UTM_QUERY}`);
      const f = form(page);
      await f.email.fill(email);
      await f.submit.click();
      await expect(page.getByRole('heading', { name: 'Noe gikk galt' })).toBeVisible();
      await expect(page.getByText('Du må samtykke for å fortsette')).toBeVisible();
      await page.getByRole('link', { name: 'Tilbake til skjemaet' }).click();
      await expect(page).toHaveURL(/\/#tilbud$/);

      await page.goto(`/${UTM_QUERY}`);
      await f.email.fill(email);
      await f.consent.check();
      await f.submit.click();
      await expect(page).toHaveURL(/\/takk$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Takk for påmeldingen!' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Tilbake til forsiden' })).toHaveAttribute('href', '/');

      const [lead] = await db.select().from(leads).where(eq(leads.email, email));
      expect(lead).toMatchObject({ source: 'landing_page', utmSource: 'nyhetsbrev', utmCampaign: 'host' });
      // Only the required box was ticked: the terms, no marketing request.
      expect(await db.select().from(consentEvents).where(eq(consentEvents.email, email))).toMatchObject([
        { action: 'terms_accepted' },
      ]);
    } finally {
      await context.close();
    }
  });
});

test.describe('toasts', () => {
  test('?confirmed=true says the e-mail is confirmed and is removed from the address', async ({ page }) => {
    await openLanding(page, '/?confirmed=true&utm_source=nyhetsbrev');
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('E-post bekreftet!');
    await expect(toast).toContainText('Guiden er sendt til deg');
    await expect(page).toHaveURL(`${E2E.baseUrl}/?utm_source=nyhetsbrev`);

    await page.goto('/?confirmed=true');
    await expect(page.getByTestId('toast')).toContainText('E-post bekreftet!');
    await expect(page).toHaveURL(`${E2E.baseUrl}/`);
  });

  test('no toast without the query', async ({ page }) => {
    await openLanding(page, '/?confirmed=false');
    await expect(page).toHaveURL(`${E2E.baseUrl}/?confirmed=false`);
    await expect(page.getByRole('region', { name: 'Varsler (F8)' })).toBeAttached();
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });

  test('a toast closes with its button; F8 focuses the toast region', async ({ page }) => {
    await openLanding(page, '/?confirmed=true');
    const toast = page.getByTestId('toast');
    await expect(toast).toBeVisible();
    await page.keyboard.press('F8');
    await expect(page.getByRole('region', { name: 'Varsler (F8)' })).toBeFocused();
    await toast.getByRole('button', { name: 'Lukk varsel' }).click();
    await expect(toast).toHaveCount(0);
  });

  test('a short drag leaves the toast, a swipe right dismisses it', async ({ page }) => {
    await page.route('**/api/lead', (route) =>
      route.fulfill({
        status: 500,
        json: { error: { code: 'internal_error', message: 'Noe gikk galt på serveren. Prøv igjen.' } },
      }),
    );
    await openLanding(page);
    await formReady(page);
    // Time stands still, so only the swipe can take the toast away.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    const f = form(page);
    await f.email.fill('swipe@example.no');
    await f.consent.check();
    await f.submit.click();
    const toast = page.getByTestId('toast');
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + 20;

    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y, { steps: 3 });
    await page.mouse.up();
    await expect(toast).toBeVisible();
    await expect(toast).toHaveCSS('transform', 'none');

    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 120, y, { steps: 6 });
    await page.mouse.up();
    await expect(toast).toHaveCount(0);
  });

  test('one toast at a time, each shown for 5 seconds', async ({ page, email }) => {
    const messages = ['Noe gikk galt på serveren. Prøv igjen.', 'For mange forsøk. Prøv igjen om 12 minutter.'];
    let calls = 0;
    await page.route('**/api/lead', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: messages[calls++ % 2] } } }),
    );
    await openLanding(page);
    await formReady(page);
    // From here on the page's timers run on a controlled clock that moves only when told to,
    // so a slow machine cannot eat into the 5 seconds being measured.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    const f = form(page);
    const toast = page.getByTestId('toast');
    await f.email.fill(email);
    await f.consent.check();
    await f.submit.click();
    await expect(toast).toContainText(messages[0]!);

    await page.clock.runFor(3_000);
    await f.submit.click();
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText(messages[1]!);
    await expect(page.getByText(messages[0]!)).toHaveCount(0);

    // The new toast has its own 5 seconds.
    await page.clock.runFor(4_900);
    await expect(toast).toContainText(messages[1]!);
    await page.clock.runFor(200);
    await expect(toast).toHaveCount(0);
  });
});

test.describe('analytics', () => {
  test('a hero click and an opened FAQ question are recorded', async ({ page, email, mailTo, db }) => {
    const userId = await signInThroughMail(page, email, mailTo);
    await openLanding(page);
    await page.getByRole('link', { name: 'Få gratis guide', exact: true }).click();
    await expect(form(page).email).toBeFocused();
    await expect.poll(() => eventsOf(db, userId)).toEqual([{ eventName: 'cta_hero_click', props: null }]);

    const question = 'Hvor mye tid må jeg sette av?';
    await hydrated(page, 'details[name=faq]');
    await page.locator('#faq summary').filter({ hasText: question }).click();
    await expect
      .poll(() => eventsOf(db, userId))
      .toEqual([
        { eventName: 'cta_hero_click', props: null },
        { eventName: 'faq_open', props: { question } },
      ]);

    await page.getByRole('link', { name: 'Få tilgang til guiden nå' }).click();
    await expect
      .poll(async () => (await eventsOf(db, userId)).map((e) => e.eventName))
      .toEqual(['cta_hero_click', 'faq_open', 'cta_mid_click']);
  });
});

test.describe('islands, only when needed', () => {
  test('no JavaScript file is fetched before the visitor scrolls; the first scroll brings the islands', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await watchCsp(page);
    await openLanding(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_000);
    expect(scripts).toEqual([]);
    // Lead form, FAQ, sticky CTA and toaster: all in the page, none hydrated.
    await expect(page.locator('astro-island[ssr]')).toHaveCount(4);

    await scrollToY(page, 50);
    await expect(islandOf(page, '#sticky-cta')).not.toHaveAttribute('ssr');
    expect(scripts.length).toBeGreaterThan(0);
    await formReady(page);
    await hydrated(page, 'details[name=faq]');
    // The toaster waits for a toast.
    await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('what a visitor types before the form hydrates stays, and the hydrated form sends it', async ({ page, email, db }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await openLanding(page);
    await page.getByRole('banner').getByRole('link', { name: 'Kom i gang' }).click();
    const f = form(page);
    await expect(f.email).toBeFocused();
    await f.consent.check();
    await f.email.click();
    await page.keyboard.type(email);
    // In view, but its code is held back: still the server's HTML.
    await expect(islandOf(page, '#lead-form')).toHaveAttribute('ssr');

    release();
    await expect(islandOf(page, '#lead-form')).not.toHaveAttribute('ssr');
    await expect(f.email).toHaveValue(email);
    await expect(f.email).toBeFocused();
    await expect(f.consent).toBeChecked();

    await f.submit.click();
    await expect(page.getByRole('heading', { name: 'Takk for påmeldingen!' })).toBeFocused();
    await expect(page).toHaveURL(/\/#tilbud$/);
    expect(await db.select().from(leads).where(eq(leads.email, email))).toHaveLength(1);
  });

  test('without JavaScript the FAQ still opens one question at a time', async ({ browser }, testInfo) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: E2E.baseUrl,
      viewport: testInfo.project.use.viewport,
    });
    const page = await context.newPage();
    try {
      await page.goto('/');
      const items = page.locator('#faq details');
      await items.nth(0).locator('summary').click();
      await expect(items.nth(0)).toHaveAttribute('open', '');
      await items.nth(2).locator('summary').click();
      await expect(items.nth(2)).toHaveAttribute('open', '');
      await expect(items.nth(0)).not.toHaveAttribute('open');
      await expect(page.locator('#faq details[open]')).toHaveCount(1);
    } finally {
      await context.close();
    }
  });
});

test.describe('accessibility', () => {
  test('no axe violations: at the top, scrolled with the FAQ open, and with each kind of toast', async ({
    page,
    email,
  }, testInfo) => {
    // Five full axe runs take longer than one default timeout on a busy two-core machine.
    test.slow();
    await watchCsp(page);
    await openLanding(page);
    await scrollThrough(page);
    await expect(islandOf(page, '#lead-form')).not.toHaveAttribute('ssr');
    await expect(islandOf(page, 'details[name=faq]')).not.toHaveAttribute('ssr');
    await expectNoA11yViolations(page);

    await page.locator('#faq summary').first().click();
    await expect(page.locator('#faq details[open]')).toHaveCount(1);
    await scrollToFraction(page, 0.5);
    await expect(page.getByRole('banner')).toHaveAttribute('data-scrolled', 'true');
    if (testInfo.project.name === 'phone') {
      await expect(page.locator('#sticky-cta').getByRole('link', { name: 'Få gratis guiden' })).toBeInViewport({ ratio: 1 });
    }
    await expectNoA11yViolations(page);

    if (testInfo.project.name === 'phone') {
      await page.getByLabel('Meny', { exact: true }).click();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Priser' })).toBeVisible();
      await expectNoA11yViolations(page);
    }

    // Both kinds of toast. axe needs running timers, so the clock is not paused here.
    await scrollToY(page, 0);
    await page.route('**/api/lead', (route) =>
      route.fulfill({
        status: 500,
        json: { error: { code: 'internal_error', message: 'Noe gikk galt på serveren. Prøv igjen.' } },
      }),
    );
    const f = form(page);
    await f.email.fill(email);
    await f.consent.check();
    await f.submit.click();
    await expect(page.getByRole('alert')).toContainText('Noe gikk galt');
    await expectNoA11yViolations(page);

    await page.unroute('**/api/lead');
    await f.submit.click();
    await expect(page.getByTestId('lead-thanks')).toContainText('Takk for påmeldingen!');
    await expectNoA11yViolations(page);
    // Everything that ran on the way was code the build hashed into the CSP.
    expect(await cspViolations(page)).toEqual([]);
  });
});
