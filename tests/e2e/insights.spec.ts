import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Db } from '#db';
import { insightCounts, insightSources, insightSubscriptions } from '#db/schema';
import { FUNNEL_METRICS } from '#db/schema/insights';
import { expect, expectAccessible, test } from './fixtures';
import { signInAs } from './sessions';

// Three charts, axe twice and a download on a shared machine.
test.describe.configure({ timeout: 90_000 });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The e2e server's clock is the real one: the figures are laid out behind it. */
const NOW = Date.now();

/**
 * A funnel and subscriptions to draw, written into Innsikt's own tables (what the triggers keep,
 * tested in routes.test.ts) so no other test's users, leads or revenue change. Idempotent: both
 * widths run it, and a key already there is left alone.
 */
async function seedInsights(db: Db) {
  const counts = Array.from({ length: 20 }, (_, w) =>
    FUNNEL_METRICS.map((metric, step) => {
      const n = Math.round((400 + w * 35) / 3 ** step) + ((w * 7 + step) % 5);
      const hour = Math.floor((NOW - (w + 1) * 7 * DAY) / HOUR);
      return [
        { scope: 0, utmSource: '', metric, hour, n },
        { scope: 1, utmSource: 'nyhetsbrev', metric, hour, n: Math.ceil(n / 3) },
      ];
    }).flat(),
  ).flat();
  await db.insert(insightCounts).values(counts).onConflictDoNothing();
  await db.insert(insightSources).values({ utmSource: 'nyhetsbrev' }).onConflictDoNothing();
  await db
    .insert(insightSubscriptions)
    .values(
      Array.from({ length: 60 }, (_, i) => {
        const startedAt = NOW - (i % 15) * 30 * DAY - (i % 7) * DAY - HOUR;
        const lived = ((i * 37) % 11) + 1;
        return {
          subscriptionId: `e2e-innsikt-${i}`,
          startedAt,
          endedAt: i % 3 === 0 && startedAt + lived * 30 * DAY < NOW ? startedAt + lived * 30 * DAY : null,
          monthlyOre: i % 4 === 0 ? 39900 : 16625,
        };
      }),
    )
    .onConflictDoNothing();
}

const shot = (page: Page) =>
  page.screenshot({ path: `docs/screenshots/growth/innsikt-${page.viewportSize()!.width}.png`, fullPage: true });

test.describe('admin: Innsikt', () => {
  test('draws the funnel, subscriptions and cohorts as charts with tables, filters by UTM source and downloads CSV', async ({
    page,
    db,
  }, testInfo) => {
    test.slow();
    await seedInsights(db);
    await signInAs(page, db, `admin-${testInfo.project.name}@soloprenor.no`, 'owner');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Oversikt' })).toBeVisible();
    const menu = page.getByRole('button', { name: 'Meny' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Innsikt' }).click();
    await expect(page).toHaveURL(/\/admin#innsikt$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Innsikt' })).toBeVisible();

    const funnel = page.getByTestId('insights-funnel');
    const subscriptions = page.getByTestId('insights-subscriptions');
    const cohorts = page.getByTestId('insights-cohorts');
    for (const name of ['Besøk', 'Leads', 'Bekreftet', 'Første leksjon', 'Premium'])
      await expect(funnel.getByRole('img', { name, exact: true })).toBeVisible();
    await expect(subscriptions.getByRole('img', { name: 'MRR' })).toBeVisible();
    await expect(subscriptions.getByRole('img', { name: 'Nye og avsluttede' })).toBeVisible();
    await expect(cohorts.getByRole('img', { name: 'Hvor mange som blir værende' })).toBeVisible();
    await expectAccessible(page);
    await shot(page);

    // The table behind the funnel, shown: 26 weeks, the seeded week before this one among them.
    await funnel.getByRole('button', { name: 'Vis tabell' }).click();
    const table = funnel.getByRole('table', { name: 'Trakten per uke' });
    await expect(table).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(26);
    await expect(funnel.getByRole('button', { name: 'Skjul tabell' })).toHaveAttribute('aria-expanded', 'true');

    // One UTM source: the leads that came from it first.
    await funnel.getByLabel('UTM-kilde').selectOption('nyhetsbrev');
    await expect(funnel).toContainText('for UTM-kilden «nyhetsbrev»');
    await expectAccessible(page);

    // Each chart as CSV, for Norwegian Excel by default.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      subscriptions.getByRole('button', { name: 'Last ned CSV: Abonnementer per måned' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('abonnementer.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Måned;MRR (kr);Nye;Avsluttet;Frafall (%)');
    expect(lines).toHaveLength(14); // header, 12 months, and the empty string after the last CRLF

    await page.getByLabel('Filformat').selectOption({ label: 'Standard CSV (komma, RFC 4180)' });
    const [standard] = await Promise.all([
      page.waitForEvent('download'),
      cohorts.getByRole('button', { name: 'Last ned CSV: Hvor mange som blir værende' }).click(),
    ]);
    const rfc = readFileSync((await standard.path())!, 'utf8');
    expect(rfc.startsWith('Kjøpsmåned,Kjøpere,1 mnd,2 mnd,')).toBe(true);
  });

  test('a chart that cannot load says so and offers to try again, while the others still show', async ({
    page,
    db,
  }, testInfo) => {
    let fail = true;
    await page.route('**/api/admin/insights/cohorts', (route) =>
      fail
        ? route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Midlertidig utilgjengelig' } } })
        : route.continue(),
    );
    await signInAs(page, db, `admin-${testInfo.project.name}@soloprenor.no`, 'owner');
    await page.goto('/admin#innsikt');
    await expect(page.getByRole('alert')).toContainText('Kunne ikke laste tallene.');
    await expect(page.getByTestId('insights-funnel')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Prøv igjen' }).click();
    await expect(page.getByTestId('insights-cohorts')).toBeVisible();
    await expectAccessible(page);
  });
});
