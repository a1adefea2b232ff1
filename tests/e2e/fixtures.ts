import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { openDatabase } from '#db/node';
import type { Db } from '#db';
import { latestMail } from '#support/outbox';
import { PATHS } from '#shared/paths';
import { apiOf } from './api';
import { E2E } from './env';

type Fixtures = {
  /** A fresh address per test, so tests never share accounts, leads or rate limits. */
  email: string;
  /** The e2e server's database (the same file it writes), for reading the outbox and checking rows. */
  db: Db;
  /** Waits for the newest e-mail to an address and returns it with the parsed link. */
  mailTo: (email: string) => Promise<NonNullable<Awaited<ReturnType<typeof latestMail>>>>;
};

let counter = 0;
export const test = base.extend<Fixtures>({
  extraHTTPHeaders: async ({}, use, testInfo) => {
    // A network (/24) of its own per test: sign-in mail is limited per network as well as per address.
    const n = (testInfo.workerIndex * 997 + ++counter) % 250;
    // Each test its own /24 network (per-network mail limits); `origin`: what the browser sends with
    // its own writes, for the writes a test makes with `page.request` (which carries the page's
    // cookies but, unlike the browser, no Origin).
    await use({ 'x-forwarded-for': `198.18.${n + 1}.1`, origin: E2E.baseUrl });
  },
  email: async ({}, use, testInfo) => {
    await use(`e2e-${testInfo.project.name}-${testInfo.workerIndex}-${Date.now()}-${++counter}@example.no`);
  },
  db: async ({}, use) => {
    const { client, db } = await openDatabase(`file:${E2E.dbFile}`);
    await use(db);
    client.close();
  },
  mailTo: async ({ db }, use) => {
    await use(async (email) => {
      let mail: Awaited<ReturnType<typeof latestMail>> = null;
      await expect
        .poll(async () => {
          mail = await latestMail(db, email);
          return mail;
        })
        .not.toBeNull();
      return mail!;
    });
  },
});

export type MailTo = Fixtures['mailTo'];

/**
 * Signs the page's browser in through the outbox, as a user who opened the e-mail would be
 * (asked for a link, then the link's token verified); returns the user's id.
 */
export async function signInThroughMail(page: Page, email: string, mailTo: MailTo): Promise<string> {
  expect((await page.request.post('/api/auth/magic-link', { data: { email } })).ok()).toBe(true);
  const { token } = await mailTo(email);
  const res = await apiOf(page.request).auth.verify.$get({ query: { token: token! } });
  expect(res.status).toBe(200);
  if (!res.ok) throw new Error(`verify: ${res.status}`);
  return (await res.json()).user.id;
}

/** Through the signed-in upgrade wizard to its last step, "Nesten ferdig!" (plan and price as offered). */
export async function toConfirmStep(page: Page) {
  await page.goto(PATHS.premium);
  await page.getByRole('button', { name: 'Oppgrader nå' }).click();
  await page.getByRole('button', { name: 'Se priser' }).click();
  await page.getByRole('button', { name: 'Fullfør oppgradering' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nesten ferdig!' })).toBeVisible();
}

/** The confirm step's payment, as a buyer makes it: the withdrawal-right consent, then the button. */
export async function confirmAndPay(page: Page) {
  await page.getByRole('checkbox', { name: /angreretten dermed går tapt/ }).check();
  await page.getByRole('button', { name: 'Bekreft og betal' }).click();
}

/** Asserts axe finds no WCAG 2.2 A/AA violations on the page as it is now. */
export async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The toast on screen (the toaster shows one at a time). */
export const toast = (page: Page) => page.getByTestId('toast');

/**
 * axe over the screen as it rests: the toast, which lies over the content for 5 s, closed (or,
 * behind an open modal where it cannot be reached, waited out), and scrolled to the top — axe
 * counts a button passing under the phone's sticky header as an undersized target.
 */
export async function expectAccessible(page: Page) {
  if ((await toast(page).count()) > 0 && (await page.locator('dialog[open]').count()) === 0) {
    await page.getByRole('button', { name: 'Lukk varsel' }).click();
  }
  await expect(toast(page)).toHaveCount(0, { timeout: 10_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoA11yViolations(page);
}

export { expect };
