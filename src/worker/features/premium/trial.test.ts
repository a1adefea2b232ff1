/**
 * The free trial with the test provider and the fake clock (docs/decisions/0060-free-trial.md):
 * a new member starts it at checkout without paying, is reminded 3 days before the first charge,
 * is charged the list price when it ends (a receipt only then), may cancel during it for nothing,
 * and gets only one.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { mailQueue, payments, receipts, siteSettings, subscriptionEvents, subscriptions, users } from '#db/schema';
import { DAY } from '#shared/time';
import { appPerTest } from '#support/app';
import { countOnlyTheRoute } from '#support/budget';
import { budgetedClient } from '#support/budgeted-client';
import { expectApiError } from '#support/errors';
import { expectJson } from '#support/typed-body';
import { runRenewals } from '#worker/jobs/renewals';

const t = appPerTest({ seed: true });
// Mail is delivered after the answer, in production over SMTP or HTTP: not the route's round trips.
beforeEach(() => countOnlyTheRoute(t));
const setTrial = (trialDays: number) =>
  t.db.insert(siteSettings).values({ id: 1, trialDays }).onConflictDoUpdate({ target: siteSettings.id, set: { trialDays } });
beforeEach(() => setTrial(14));

const upgrade = (token: string, json: { plan?: 'monthly' | 'yearly'; price?: number; trialDays?: number; code?: string }) =>
  budgetedClient(t, token).premium.upgrade.$post({ json: { plan: 'monthly', price: 399, withdrawalConsent: true, ...json } });
const subOf = async (userId: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
const history = async () =>
  (await t.db.select().from(subscriptionEvents).orderBy(asc(subscriptionEvents.id))).map((e) => [e.kind, e.status]);
const subjectsTo = async (email: string) =>
  (
    await t.db
      .select({ subject: mailQueue.subject, text: mailQueue.text })
      .from(mailQueue)
      .where(eq(mailQueue.to, email))
      .orderBy(asc(mailQueue.id))
  ).filter((m) => !/innlogging|Logg inn|kode/i.test(m.subject));

async function startTrial(email = 'kari@example.no') {
  const { sessionToken, user } = await t.signIn(email);
  expect(await expectJson(await upgrade(sessionToken, { trialDays: 14 }))).toEqual({ status: 'paid' });
  return { sessionToken, user, start: t.clock.now(), end: t.clock.now() + 14 * DAY };
}

describe('a free trial at checkout', () => {
  it('is offered by GET /api/checkout and /api/premium/offer with the first charge’s date, and not when off', async () => {
    const now = t.clock.now();
    const trial = { days: 14, firstChargeAt: new Date(now + 14 * DAY).toISOString() };
    expect((await expectJson(budgetedClient(t).checkout.$get())).trial).toEqual(trial);
    const { sessionToken } = await t.signIn('ny@example.no');
    expect((await expectJson(await t.as(sessionToken).premium.offer.$get())).trial).toEqual(trial);
    await setTrial(0);
    expect((await expectJson(budgetedClient(t).checkout.$get())).trial).toBeNull();
    expect((await expectJson(await t.as(sessionToken).premium.offer.$get())).trial).toBeNull();
  });

  it('starts a trialing subscription with Premium to its end, no payment taken, no receipt, and a mail with the first charge', async () => {
    const { user, start, end } = await startTrial();
    expect(await subOf(user.id)).toMatchObject({ status: 'trialing', amountOre: 39900 });
    expect((await subOf(user.id))!.trialEndsAt!.getTime()).toBe(end);
    expect((await subOf(user.id))!.currentPeriodEnd.getTime()).toBe(end);
    const [payment] = await t.db.select().from(payments);
    expect(payment).toMatchObject({ status: 'trial', amount: 0, paidAt: null });
    expect(payment!.trialEndsAt!.getTime()).toBe(end);
    expect(await t.db.select().from(receipts)).toEqual([]);
    const [kari] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(kari).toMatchObject({ isPremium: true, premiumPlan: 'monthly' });
    expect(kari!.premiumEndDate!.getTime()).toBe(end);
    expect(await history()).toEqual([['trial_started', 'trialing']]);
    const [mail] = await subjectsTo('kari@example.no');
    expect(mail!.subject).toBe('Prøveperioden din har startet');
    expect(mail!.text).toContain('gratis i 14 dager. Første trekk er 399,00 kr 5. desember 2026');
    expect(start).toBeLessThan(end);
  });

  it('shows «trialing» on the account, reminds 3 days before, and charges the list price at its end, with a receipt', async () => {
    const { sessionToken, user, end } = await startTrial();
    const shown = await expectJson(await t.as(sessionToken).account.subscription.$get());
    expect(shown.subscription).toMatchObject({
      status: 'trialing',
      amountOre: 39900,
      currentPeriodEnd: new Date(end).toISOString(),
    });

    t.clock.advance(end - 3 * DAY - 1 - t.clock.now());
    await runRenewals(t.deps, t.clock.now());
    expect((await subjectsTo('kari@example.no')).map((m) => m.subject)).toEqual(['Prøveperioden din har startet']);
    t.clock.advance(1);
    await runRenewals(t.deps, t.clock.now());
    await runRenewals(t.deps, t.clock.now());
    const mails = await subjectsTo('kari@example.no');
    expect(mails.map((m) => m.subject)).toEqual(['Prøveperioden din har startet', 'Prøveperioden din slutter om 3 dager']);
    expect(mails[1]!.text).toContain('5. desember 2026 trekker vi 399,00 kr, og deretter hver måned');
    expect(await t.db.select().from(receipts)).toEqual([]);

    t.clock.advance(3 * DAY);
    await runRenewals(t.deps, t.clock.now());
    expect(await subOf(user.id)).toMatchObject({ status: 'active' });
    const paid = await t.db.select().from(payments).where(eq(payments.status, 'paid'));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amount: 39900 });
    expect(paid[0]!.periodStart!.getTime()).toBe(end);
    const [receipt] = await t.db.select().from(receipts);
    expect(receipt).toMatchObject({ totalOre: 39900, kind: 'receipt' });
    expect(await history()).toEqual([
      ['trial_started', 'trialing'],
      ['renewed', 'active'],
    ]);
  });

  it('costs nothing when cancelled during the trial: Premium to its end, then over, never charged', async () => {
    const { sessionToken, user, end } = await startTrial();
    const canceled = await expectJson(await t.as(sessionToken).account.subscription.cancel.$post());
    expect(canceled.subscription).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    // Undone while the trial runs: back in the trial, not "active".
    expect((await expectJson(await t.as(sessionToken).account.subscription.resume.$post())).subscription?.status).toBe(
      'trialing',
    );
    await t.as(sessionToken).account.subscription.cancel.$post();
    t.clock.advance(end - t.clock.now());
    await runRenewals(t.deps, t.clock.now());
    expect(await subOf(user.id)).toMatchObject({ status: 'expired' });
    expect(await t.db.select().from(payments).where(eq(payments.status, 'paid'))).toEqual([]);
    expect(await t.db.select().from(receipts)).toEqual([]);
    // Cancelled in the trial: no trial reminder either.
    expect((await subjectsTo('kari@example.no')).map((m) => m.subject)).not.toContain('Prøveperioden din slutter om 3 dager');
    expect(await history()).toEqual([
      ['trial_started', 'trialing'],
      ['canceled', 'canceled'],
      ['resumed', 'trialing'],
      ['canceled', 'canceled'],
      ['expired', 'expired'],
    ]);
  });

  it('is one per person: after a trial, or for someone who had Premium, 409 and nothing started', async () => {
    const { sessionToken, user, end } = await startTrial();
    await t.as(sessionToken).account.subscription.cancel.$post();
    t.clock.advance(end - t.clock.now());
    await runRenewals(t.deps, t.clock.now());
    await expectApiError(await upgrade(sessionToken, { trialDays: 14 }), 409, 'trial_unavailable', /aldri har hatt Premium/);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
    // Bought without the trial, it is charged at once as always.
    expect(await expectJson(await upgrade(sessionToken, {}))).toEqual({ status: 'paid' });

    const granted = await t.signIn('gitt@example.no');
    await t.db
      .update(users)
      .set({ premiumPlan: 'admin_granted', premiumEndDate: new Date(t.clock.now() - DAY) })
      .where(eq(users.id, granted.user.id));
    await expectApiError(await upgrade(granted.sessionToken, { trialDays: 14 }), 409, 'trial_unavailable');
    expect((await expectJson(await t.as(granted.sessionToken).premium.offer.$get())).trial).toBeNull();
  });

  it('refuses a trial the page showed but the admin changed (409), one with a code (400), a bad length or price (400/409)', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    await expectApiError(await upgrade(sessionToken, { trialDays: 7 }), 409, 'trial_changed', /last siden på nytt/);
    await setTrial(0);
    await expectApiError(await upgrade(sessionToken, { trialDays: 14 }), 409, 'trial_changed');
    await setTrial(14);
    await expectApiError(await upgrade(sessionToken, { trialDays: 14, code: 'VELKOMMEN' }), 400, 'trial_with_offer');
    await expectApiError(await upgrade(sessionToken, { trialDays: 14, price: 199 }), 409, 'price_mismatch');
    for (const trialDays of [0, 31]) await expectApiError(await upgrade(sessionToken, { trialDays }), 400, 'validation_error');
    expect(await t.db.select().from(subscriptions)).toEqual([]);
    expect(await t.db.select().from(payments).where(eq(payments.status, 'trial'))).toEqual([]);
  });

  it('starts from the pricing page for a new address (POST /api/checkout)', async () => {
    const res = await budgetedClient(t).checkout.$post({
      json: { email: 'ny@example.no', plan: 'yearly', withdrawalConsent: true, price: 1995, trialDays: 14 },
    });
    expect(await expectJson(res)).toEqual({ status: 'paid', signedIn: true });
    const [sub] = await t.db.select().from(subscriptions);
    expect(sub).toMatchObject({ status: 'trialing', plan: 'yearly', amountOre: 199500 });
    await expectApiError(
      await budgetedClient(t).checkout.$post({
        json: { email: 'ny@example.no', plan: 'yearly', withdrawalConsent: true, price: 1995, trialDays: 14 },
      }),
      409,
      'already_premium',
    );
  });
});
