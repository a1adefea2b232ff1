import { and, asc, eq, lte, notLike } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailQueue, payments, receipts, subscriptionEvents, subscriptions, users } from '#db/schema';
import { DAY } from '#shared/time';
import { appPerTest, createTestApp, type TestApp } from '#support/app';
import { expectApiError } from '#support/errors';
import { expectJson } from '#support/typed-body';
import { RENEWALS_PER_RUN, runRenewals } from '#worker/jobs/renewals';
import { renewalFailedStatements } from './index';
import type { BatchItem } from 'drizzle-orm/batch';

const t = appPerTest({ seed: true });

/** Signs in and buys `plan` with the test provider, as the confirm step does. */
async function subscribe(app: TestApp, email: string, plan: 'monthly' | 'yearly' = 'yearly') {
  const signed = await app.signIn(email);
  const price = plan === 'yearly' ? 1995 : 399;
  const res = await app.as(signed.sessionToken).premium.upgrade.$post({ json: { plan, price, withdrawalConsent: true } });
  expect(res.status).toBe(200);
  return signed;
}

/** The account's typed routes as `token`'s user (a visitor without one), on `app`. */
const account = (token?: string, app: TestApp = t) => (token ? app.as(token) : app.api).account;
/** The subscription's mails to `to` (sign-in links go through the same queue). */
const mails = (app: TestApp, to: string) =>
  app.db
    .select()
    .from(mailQueue)
    .where(and(eq(mailQueue.to, to), notLike(mailQueue.dedupeKey, 'sign-in:%')))
    .orderBy(asc(mailQueue.id));
const history = async (app: TestApp) =>
  (await app.db.select().from(subscriptionEvents).orderBy(asc(subscriptionEvents.id))).map((e) => `${e.kind}:${e.status}`);
const userRow = async (app: TestApp, id: string) => (await app.db.select().from(users).where(eq(users.id, id)))[0]!;
const renew = (app: TestApp) => runRenewals(app.deps, app.clock.now());

describe('POST /api/premium/upgrade starts a subscription', () => {
  it('records the subscription, its history, the consent, a numbered receipt and the receipt mail', async () => {
    const { user, sessionToken } = await subscribe(t, 'kari@example.no');
    const [sub] = await t.db.select().from(subscriptions);
    expect(sub).toMatchObject({
      userId: user.id,
      plan: 'yearly',
      status: 'active',
      provider: 'test',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date('2027-11-21T09:00:00.000Z'),
    });
    expect(await history(t)).toEqual(['started:active']);
    expect((await t.db.select().from(payments))[0]).toMatchObject({ subscriptionId: sub!.id, amount: 199500 });
    expect(await t.db.select().from(receipts)).toMatchObject([
      {
        number: 1,
        kind: 'receipt',
        totalOre: 199500,
        vatOre: 39900,
        description: 'Soloprenør Premium – årsabonnement',
        sellerName: 'Soloprenør AS',
        sellerOrgNumber: '931 482 675',
        periodStart: new Date('2026-11-21T09:00:00.000Z'),
        periodEnd: new Date('2027-11-21T09:00:00.000Z'),
      },
    ]);
    const [mail] = await mails(t, 'kari@example.no');
    expect(mail).toMatchObject({
      kind: 'transactional',
      subject: 'Kvittering nr. 1 fra Soloprenør',
      dedupeKey: `receipt:${sub!.id}`,
    });
    expect(mail!.text).toMatch(/1\s995,00 kr/);
    expect(mail!.text).toContain('Herav MVA 25 %: 399,00 kr');
    expect(mail!.text).toContain('/guide/kvittering?nr=1');
    expect(mail!.html).toContain('Kvittering nr. 1');

    const got = await expectJson(await account(sessionToken).subscription.$get());
    expect(got).toEqual({
      subscription: {
        plan: 'yearly',
        status: 'active',
        currentPeriodEnd: '2027-11-21T09:00:00.000Z',
        cancelAtPeriodEnd: false,
        provider: 'test',
        canResume: true,
        amountOre: 199500,
      },
    });
  });

  it('refuses an upgrade without the withdrawal-right consent (400), charging and recording nothing', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    for (const consent of [undefined, false]) {
      const res = await t
        .as(sessionToken)
        .premium.upgrade.$post({ json: { plan: 'yearly', price: 1995, withdrawalConsent: consent } });
      await expectApiError(res, 400, 'consent_required', 'Kryss av for at du vil ha tilgang med en gang før du betaler.');
    }
    // A consent the client's types refuse, sent as it is.
    await expectApiError(
      await t.request('/api/premium/upgrade', {
        token: sessionToken,
        json: { plan: 'yearly', price: 1995, withdrawalConsent: 'ja' },
      }),
      400,
      'validation_error',
    );
    expect(await t.db.select().from(payments)).toEqual([]);
    expect(await t.db.select().from(subscriptions)).toEqual([]);
  });
});

describe('GET /api/account/subscription', () => {
  it('is null without a subscription, and 401 without a session', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    t.roundTrips.reset();
    expect(await expectJson(await account(sessionToken).subscription.$get())).toEqual({ subscription: null });
    expect(t.roundTrips.count).toBeLessThanOrEqual(2);
    await expectApiError(await account().subscription.$get(), 401, 'unauthenticated');
  });
});

describe('cancel and resume', () => {
  it('cancels at the period end (Premium kept until then), resumes, and records each change', async () => {
    const { user, sessionToken } = await subscribe(t, 'kari@example.no');
    t.roundTrips.reset();
    const canceled = await expectJson(await account(sessionToken).subscription.cancel.$post());
    expect(t.roundTrips.count).toBeLessThanOrEqual(2);
    expect(canceled.subscription).toMatchObject({
      status: 'canceled',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: '2027-11-21T09:00:00.000Z',
    });
    expect((await userRow(t, user.id)).premiumEndDate).toEqual(new Date('2027-11-21T09:00:00.000Z'));
    await expectApiError(await account(sessionToken).subscription.cancel.$post(), 409, 'subscription_not_cancelable');

    const resumed = await expectJson(await account(sessionToken).subscription.resume.$post());
    expect(resumed.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    await expectApiError(await account(sessionToken).subscription.resume.$post(), 409, 'subscription_not_resumable');
    expect(await history(t)).toEqual(['started:active', 'canceled:canceled', 'resumed:active']);
  });

  it('ends a cancelled subscription at its period end, with the notice mail, and renews nothing', async () => {
    const { user, sessionToken } = await subscribe(t, 'kari@example.no', 'monthly');
    await account(sessionToken).subscription.cancel.$post();
    t.clock.advance(30 * DAY + 1);
    expect(await renew(t)).toMatchObject({ renewed: 0, expired: 1 });
    expect((await t.db.select().from(subscriptions))[0]).toMatchObject({ status: 'expired' });
    expect(await t.db.select().from(payments)).toHaveLength(1);
    expect((await mails(t, 'kari@example.no')).map((m) => m.subject)).toContain('Premium-abonnementet ditt er avsluttet');
    expect((await userRow(t, user.id)).premiumEndDate!.getTime()).toBeLessThanOrEqual(t.clock.now());
    // A month later the old session has lapsed; a new one sees the ended subscription.
    const again = await t.signIn('kari@example.no');
    await expectApiError(await account(again.sessionToken).subscription.resume.$post(), 404, 'no_subscription');
    expect((await expectJson(await account(again.sessionToken).subscription.$get())).subscription).toMatchObject({
      status: 'expired',
    });
  });

  it('answers 401 without a session and 404 to a user with no subscription', async () => {
    await expectApiError(await account().subscription.cancel.$post(), 401, 'unauthenticated');
    await expectApiError(await account().subscription.resume.$post(), 401, 'unauthenticated');
    const { sessionToken } = await t.signIn('kari@example.no');
    await expectApiError(await account(sessionToken).subscription.cancel.$post(), 404, 'no_subscription');
  });
});

describe('renewals (the test provider, through the renewals job)', () => {
  it('renews a monthly subscription at its period end: a new payment, receipt nr. 2, Premium extended', async () => {
    const { user } = await subscribe(t, 'kari@example.no', 'monthly');
    expect(await renew(t)).toMatchObject({ renewed: 0 });
    t.clock.advance(30 * DAY);
    expect(await renew(t)).toMatchObject({ renewed: 1, failed: 0 });
    expect(await renew(t)).toMatchObject({ renewed: 0 });
    const [sub] = await t.db.select().from(subscriptions);
    expect(sub).toMatchObject({ status: 'active', currentPeriodEnd: new Date('2027-01-21T09:00:00.000Z') });
    expect((await userRow(t, user.id)).premiumEndDate).toEqual(new Date('2027-01-21T09:00:00.000Z'));
    expect((await t.db.select().from(receipts)).map((r) => [r.number, r.totalOre, r.periodEnd.toISOString()])).toEqual([
      [1, 39900, '2026-12-21T09:00:00.000Z'],
      [2, 39900, '2027-01-21T09:00:00.000Z'],
    ]);
    expect((await mails(t, 'kari@example.no')).map((m) => m.subject)).toEqual([
      'Kvittering nr. 1 fra Soloprenør',
      'Kvittering nr. 2 fra Soloprenør',
    ]);
    expect(await history(t)).toEqual(['started:active', 'renewed:active']);
  });

  it(`charges at most ${RENEWALS_PER_RUN} per run, the longest due first, and the next run the rest`, async () => {
    const now = t.clock.now();
    const count = RENEWALS_PER_RUN + 2;
    const ids = Array.from({ length: count }, (_, i) => `mange-${String(i).padStart(3, '0')}`);
    await t.db.insert(users).values(ids.map((id) => ({ id, email: `${id}@example.no`, isPremium: true })));
    // Due an hour apart, the first the longest ago.
    await t.db.insert(subscriptions).values(
      ids.map((id, i) => ({
        id,
        userId: id,
        plan: 'monthly' as const,
        provider: 'test' as const,
        providerRef: `ref-${id}`,
        status: 'active' as const,
        amountOre: 39900,
        currentPeriodStart: new Date(now - 30 * DAY),
        currentPeriodEnd: new Date(now - (count - i) * 3_600_000),
        updatedAt: new Date(now),
      })),
    );
    expect(await renew(t)).toMatchObject({ renewed: RENEWALS_PER_RUN });
    const stillDue = await t.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(lte(subscriptions.currentPeriodEnd, new Date(now)));
    expect(stillDue.map((r) => r.id).sort()).toEqual(ids.slice(-2));
    expect(await renew(t)).toMatchObject({ renewed: 2 });
    expect(await renew(t)).toMatchObject({ renewed: 0 });
  });

  it('reminds RENEWAL_REMINDER_DAYS before a yearly renewal, once', async () => {
    await subscribe(t, 'kari@example.no', 'yearly');
    t.clock.advance(365 * DAY - 8 * DAY);
    expect(await renew(t)).toMatchObject({ reminded: 0 });
    t.clock.advance(2 * DAY);
    await renew(t);
    await renew(t);
    const reminders = (await mails(t, 'kari@example.no')).filter((m) => m.subject === 'Årsabonnementet ditt fornyes snart');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain('21. november 2027');
    expect(reminders[0]!.text).toMatch(/1\s995,00 kr/);
  });

  it('a failed renewal makes it past due with the dunning mail, keeps Premium through the grace period, then ends it', async () => {
    const failing = await createTestApp({ seed: true, env: { TEST_PAYMENTS_FAIL_RENEWALS: 'true' } });
    try {
      const { user } = await subscribe(failing, 'kari@example.no', 'monthly');
      failing.clock.advance(30 * DAY);
      expect(await renew(failing)).toMatchObject({ renewed: 0, failed: 1 });
      expect((await failing.db.select().from(subscriptions))[0]).toMatchObject({ status: 'past_due' });
      const dunning = (await mails(failing, 'kari@example.no')).find(
        (m) => m.subject === 'Vi fikk ikke trukket betalingen for Premium',
      );
      expect(dunning?.text).toContain('Oppdater betalingskortet ditt');
      expect(dunning?.text).toContain('28. desember 2026');
      // Premium is kept through the grace period; retried daily, one dunning mail.
      failing.clock.advance(DAY);
      expect(await renew(failing)).toMatchObject({ failed: 1 });
      const { sessionToken: fresh } = await failing.signIn('kari@example.no');
      const me = await expectJson(await failing.as(fresh).auth.me.$get());
      expect(me.user.isPremium).toBe(true);
      failing.clock.advance(6 * DAY);
      expect(await renew(failing)).toMatchObject({ expired: 1 });
      expect((await failing.db.select().from(subscriptions))[0]).toMatchObject({ status: 'expired' });
      expect((await userRow(failing, user.id)).premiumEndDate!.getTime()).toBe(failing.clock.now());
      const subjects = (await mails(failing, 'kari@example.no')).map((m) => m.subject);
      expect(subjects.filter((s) => s.startsWith('Vi fikk ikke'))).toHaveLength(1);
      expect(subjects).toContain('Premium-abonnementet ditt er avsluttet');
      expect(await history(failing)).toEqual(['started:active', 'renewal_failed:past_due', 'expired:expired']);
      expect(await failing.db.select().from(payments)).toHaveLength(1);
    } finally {
      failing.close();
    }
  });
});

describe('state changes and their mails go together', () => {
  it('a failure decided on a stale read (another run renewed meanwhile) changes nothing and mails nothing', async () => {
    await subscribe(t, 'kari@example.no', 'monthly');
    t.clock.advance(30 * DAY);
    const [stale] = await t.db.select().from(subscriptions);
    await renew(t); // renewed: the period moved on
    await t.db.batch(
      renewalFailedStatements(t.deps, { sub: stale!, email: 'kari@example.no', amountOre: 39900, now: t.clock.now() }) as [
        BatchItem<'sqlite'>,
      ],
    );
    expect((await t.db.select().from(subscriptions))[0]).toMatchObject({ status: 'active' });
    expect((await mails(t, 'kari@example.no')).map((m) => m.subject)).not.toContain(
      'Vi fikk ikke trukket betalingen for Premium',
    );
    expect(await history(t)).toEqual(['started:active', 'renewed:active']);
  });
});

describe('receipts', () => {
  it('numbers receipts without gaps however many pay at once', async () => {
    const buyers = await Promise.all(Array.from({ length: 8 }, (_, i) => t.signIn(`kunde${i}@example.no`)));
    const answers = await Promise.all(
      buyers.map((b) =>
        t.as(b.sessionToken).premium.upgrade.$post({ json: { plan: 'monthly', price: 399, withdrawalConsent: true } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    const numbers = (await t.db.select({ n: receipts.number }).from(receipts)).map((r) => r.n).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('lists the user’s own receipts and shows one; another’s is 404, a bad number 400, no session 401', async () => {
    const kari = await subscribe(t, 'kari@example.no', 'monthly');
    const ola = await subscribe(t, 'ola@example.no', 'yearly');
    t.roundTrips.reset();
    const list = await expectJson(await account(kari.sessionToken).receipts.$get());
    expect(t.roundTrips.count).toBeLessThanOrEqual(2);
    expect(list).toEqual({
      receipts: [
        {
          number: 1,
          kind: 'receipt',
          date: '2026-11-21T09:00:00.000Z',
          description: 'Soloprenør Premium – månedsabonnement',
          totalNok: 399,
          vatNok: 79.8,
        },
      ],
    });
    const one = await expectJson(await account(ola.sessionToken).receipts[':number'].$get({ param: { number: '2' } }));
    expect(one.receipt).toMatchObject({
      number: 2,
      plan: 'yearly',
      totalOre: 199500,
      vatOre: 39900,
      seller: { name: 'Soloprenør AS', orgNumber: '931 482 675', address: 'Strandkaien 2, 5013 Bergen' },
      buyer: { email: 'ola@example.no' },
    });
    await expectApiError(
      await account(kari.sessionToken).receipts[':number'].$get({ param: { number: '2' } }),
      404,
      'not_found',
      'Fant ikke kvitteringen.',
    );
    const receipt = (number: string, token?: string) => account(token).receipts[':number'].$get({ param: { number } });
    await expectApiError(await receipt('99', kari.sessionToken), 404, 'not_found');
    await expectApiError(await receipt('abc', kari.sessionToken), 400, 'validation_error', /Ugyldig kvitteringsnummer/);
    await expectApiError(await account().receipts.$get(), 401, 'unauthenticated');
    await expectApiError(await receipt('1'), 401, 'unauthenticated');
  });

  it('keeps receipts, without the user, when the account is erased', async () => {
    const kari = await subscribe(t, 'kari@example.no');
    expect((await account(kari.sessionToken).$delete()).status).toBe(200);
    expect(await t.db.select().from(receipts)).toHaveLength(1);
    expect((await t.db.select().from(payments))[0]).toMatchObject({ userId: null });
    expect((await t.db.select().from(subscriptions))[0]).toMatchObject({ userId: null });
  });
});
