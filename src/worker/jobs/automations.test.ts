import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { automations, mailQueue, mailSuppressions, payments } from '#db/schema';
import type { AutomationKind } from '#shared/schemas/admin/automations';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#support/app';
import { DAY, HOUR, MINUTE } from '#shared/time';
import { defaultAutomationMails } from '#shared/copy/admin/automations';
import { ABANDONED_AFTER_MS, runAutomations } from './automations';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ seed: true, now: Date.now() });
});
afterEach(() => t.close());

const KARI = 'kari@example.no';

/** Signs `email` in; with `consent`, marketing consent granted in the profile. Its session token. */
async function member(email: string, consent = true) {
  const { sessionToken } = await t.signIn(email);
  if (consent) await t.as(sessionToken).account.consent.$put({ json: { marketing: true } });
  return sessionToken;
}

/** Switches `kind` on with its default mails (as the admin's PUT does), from now. */
const switchOn = (kind: AutomationKind) =>
  t.db
    .insert(automations)
    .values({ kind, enabled: true, enabledAt: new Date(t.clock.now()), mails: defaultAutomationMails[kind] });

const buy = (token: string) =>
  t.as(token).premium.upgrade.$post({ json: { plan: 'yearly', price: 1995, withdrawalConsent: true } });

const run = () => runAutomations(t.deps, t.clock.now());
/** The automation mails queued for `email`: subject and kind, in the order queued. */
const automationMail = async (email: string) =>
  t.db
    .select({ subject: mailQueue.subject, kind: mailQueue.kind, text: mailQueue.text, headers: mailQueue.headers })
    .from(mailQueue)
    .where(sql`${mailQueue.to} = ${email} AND ${mailQueue.dedupeKey} LIKE 'automation:%'`)
    .orderBy(mailQueue.id);
const subjects = async (email: string) => (await automationMail(email)).map((m) => m.subject);

const [WELCOME, TIPS] = defaultAutomationMails.onboarding.map((m) => m.subject);
const ABANDONED = defaultAutomationMails.abandoned_checkout[0]!.subject;
const WHY = defaultAutomationMails.cancellation[0]!.subject;

/** A checkout `email`'s user started (a first payment, still pending), `ago` ms before now. */
async function startedCheckout(token: string, ago: number) {
  const { user } = await (await t.as(token).account.$get()).json();
  const id = crypto.randomUUID();
  await t.db.insert(payments).values({
    id,
    userId: user.id,
    plan: 'monthly',
    amount: 39900,
    provider: 'stripe',
    providerRef: `cs_${id}`,
    status: 'pending',
    createdAt: new Date(t.clock.now() - ago),
  });
  return id;
}

describe('the automations job: after a purchase (onboarding)', () => {
  it('sends nothing while it is off, the default', async () => {
    await buy(await member(KARI));
    t.clock.advance(4 * DAY);
    expect(await run()).toEqual({ queued: 0, batches: 0 });
  });

  it('sends each mail once, its delay in days after the purchase, with the unsubscribe headers', async () => {
    await switchOn('onboarding');
    await buy(await member(KARI));
    await run();
    await run();
    expect(await subjects(KARI)).toEqual([WELCOME]);
    t.clock.advance(3 * DAY - HOUR);
    await run();
    expect(await subjects(KARI)).toEqual([WELCOME]);
    t.clock.advance(HOUR);
    await run();
    expect(await subjects(KARI)).toEqual([WELCOME, TIPS]);
    const [mail] = await automationMail(KARI);
    expect(mail).toMatchObject({ kind: 'marketing', headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
    expect(mail!.text).toContain(`${TEST_ORIGIN}/guide`);
  });

  it('needs marketing consent when it is sent: none without it, the series goes on once it is given', async () => {
    await switchOn('onboarding');
    const kari = await member(KARI, false);
    await buy(kari);
    await run();
    expect(await subjects(KARI)).toEqual([]);
    // Consent given later: the series goes on from there.
    await t.as(kari).account.consent.$put({ json: { marketing: true } });
    t.clock.advance(3 * DAY);
    await run();
    expect(await subjects(KARI)).toEqual([WELCOME, TIPS]);
  });

  it('leaves out a suppressed address and purchases from before it was switched on', async () => {
    await buy(await member(KARI));
    await buy(await member('ola@example.no'));
    t.clock.advance(MINUTE);
    await switchOn('onboarding');
    await t.db.insert(mailSuppressions).values({ email: 'per@example.no', reason: 'bounce' });
    await buy(await member('per@example.no'));
    t.clock.advance(4 * DAY);
    expect(await run()).toEqual({ queued: 0, batches: 0 });
  });
});

describe('the automations job: a checkout left unpaid', () => {
  it('mails once, an hour after the checkout started, only with marketing consent', async () => {
    await switchOn('abandoned_checkout');
    const kari = await member(KARI);
    const ola = await member('ola@example.no', false);
    await startedCheckout(kari, 0);
    await startedCheckout(ola, 0);
    t.clock.advance(ABANDONED_AFTER_MS - MINUTE);
    await run();
    expect(await subjects(KARI)).toEqual([]);
    t.clock.advance(MINUTE);
    await run();
    await run();
    expect(await subjects(KARI)).toEqual([ABANDONED]);
    expect(await subjects('ola@example.no')).toEqual([]);
    expect((await automationMail(KARI))[0]!.text).toContain(`${TEST_ORIGIN}/priser`);
  });

  it('sends nothing to one who paid meanwhile', async () => {
    await switchOn('abandoned_checkout');
    const kari = await member(KARI);
    await startedCheckout(kari, 10 * MINUTE);
    await buy(kari);
    t.clock.advance(2 * HOUR);
    await run();
    expect(await subjects(KARI)).toEqual([]);
  });

  it('counts only the latest of several checkouts, and none older than a day', async () => {
    await switchOn('abandoned_checkout');
    const kari = await member(KARI);
    await startedCheckout(kari, 0);
    t.clock.advance(5 * MINUTE);
    await startedCheckout(kari, 0);
    t.clock.advance(2 * DAY);
    await run();
    expect(await subjects(KARI)).toEqual([]);
    t.clock.advance(-2 * DAY + 2 * HOUR);
    await run();
    expect(await subjects(KARI)).toEqual([ABANDONED]);
  });
});

describe('the automations job: after a cancellation', () => {
  it('asks why once, with a signed one-click link per reason, only with consent', async () => {
    await switchOn('cancellation');
    const kari = await member(KARI);
    const ola = await member('ola@example.no', false);
    for (const token of [kari, ola]) {
      await buy(token);
      await t.as(token).account.subscription.cancel.$post();
    }
    await run();
    await run();
    expect(await subjects(KARI)).toEqual([WHY]);
    expect(await subjects('ola@example.no')).toEqual([]);
    const text = (await automationMail(KARI))[0]!.text;
    const links = [...text.matchAll(/\((http[^)]+\/oppsigelse\?token=([^&]+)&reason=(\w+))\)/g)];
    expect(links.map((l) => l[3])).toEqual(['price', 'time', 'content', 'done', 'other']);
    expect(new Set(links.map((l) => l[2])).size).toBe(1);
    // The link's token records the reason without a session.
    const res = await t.api['cancellation-reason'].$post({ json: { token: decodeURIComponent(links[0]![2]!), reason: 'time' } });
    expect(await res.json()).toEqual({ recorded: true, reason: 'time' });
  });

  it('sends nothing for a cancellation taken back before the run', async () => {
    await switchOn('cancellation');
    const kari = await member(KARI);
    await buy(kari);
    await t.as(kari).account.subscription.cancel.$post();
    await t.as(kari).account.subscription.resume.$post();
    await run();
    expect(await subjects(KARI)).toEqual([]);
  });
});
