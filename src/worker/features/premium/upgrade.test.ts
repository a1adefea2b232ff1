import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns, payments, users } from '#db/schema';
import type { UpgradeRequest } from '#shared/schemas/premium';
import { DAY } from '#shared/time';
import { appPerTest, createTestApp } from '#support/app';
import { expectConsoleError } from '#support/console-guard';
import { expectApiError } from '#support/errors';
import { PaymentStartError } from '#worker/platform/payments/types';

const t = appPerTest({ seed: true });

/** An upgrade as the confirm step sends it: with the withdrawal-right consent unless the test says otherwise. */
const upgrade = (token: string | undefined, json: UpgradeRequest) =>
  (token ? t.as(token) : t.api).premium.upgrade.$post({ json: { withdrawalConsent: true, ...json } });
/** `upgrade` with a plan the client's types refuse, sent as it is. */
const upgradeRaw = (token: string | undefined, json: Record<string, unknown>) =>
  t.request('/api/premium/upgrade', { token, json: { withdrawalConsent: true, ...json } });
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const me = async (token: string) => (await (await t.as(token).auth.me.$get()).json()).user;
const offerFor = async (token: string) => (await t.as(token).premium.offer.$get()).json();

describe('POST /api/premium/upgrade (test provider)', () => {
  it('charges the server price, records the payment and grants a year, within two round trips', async () => {
    const { sessionToken, user } = await t.signIn('kari@example.no');
    t.roundTrips.reset();
    const res = await upgrade(sessionToken, { plan: 'yearly', price: '1995' });
    expect(t.roundTrips.count).toBeLessThanOrEqual(2);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'paid' });

    const [payment] = await t.db.select().from(payments);
    expect(payment).toMatchObject({
      userId: user.id,
      campaignId: 'default',
      plan: 'yearly',
      amount: 199500,
      withdrawalConsentAt: new Date(t.clock.now()),
      currency: 'NOK',
      status: 'paid',
      provider: 'test',
      providerRef: `test_${payment!.id}`,
      paidAt: new Date(t.clock.now()),
    });
    const row = await userRow(user.id);
    expect(row).toMatchObject({ isPremium: true, premiumPlan: 'yearly', premiumEndDate: new Date('2027-11-21T09:00:00.000Z') });
    expect(await me(sessionToken)).toMatchObject({
      isPremium: true,
      premiumSubscription: { plan: 'yearly', endDate: '2027-11-21T09:00:00.000Z' },
    });
  });

  it('grants one calendar month for the monthly plan, price given as a number', async () => {
    const { sessionToken, user } = await t.signIn('kari@example.no');
    const res = await upgrade(sessionToken, { plan: 'monthly', price: 399 });
    expect(res.status).toBe(200);
    expect((await t.db.select().from(payments))[0]).toMatchObject({ plan: 'monthly', amount: 39900 });
    expect((await userRow(user.id)).premiumEndDate).toEqual(new Date('2026-12-21T09:00:00.000Z'));
  });

  it('ends a month bought on 31 January on the last day of February', async () => {
    t.clock.advance(Date.UTC(2027, 0, 31, 9) - t.clock.now());
    const { sessionToken, user } = await t.signIn('kari@example.no');
    await upgrade(sessionToken, { plan: 'monthly', price: '399' });
    expect((await userRow(user.id)).premiumEndDate).toEqual(new Date('2027-02-28T09:00:00.000Z'));
  });

  it('answers 401 without a session, whatever the body', async () => {
    await expectApiError(await upgrade(undefined, { plan: 'yearly', price: '1995' }), 401, 'unauthenticated');
    await expectApiError(await upgradeRaw(undefined, { plan: 'lifetime' }), 401, 'unauthenticated');
    expect(await t.db.select().from(payments)).toEqual([]);
  });

  it('answers 400 to an unknown or missing plan', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    for (const plan of ['lifetime', 'admin_granted', '', 12, undefined]) {
      await expectApiError(
        await upgradeRaw(sessionToken, { plan, price: '1995' }),
        400,
        'validation_error',
        'Ukjent plan. Velg månedlig eller årlig.',
      );
    }
    expect(await t.db.select().from(payments)).toEqual([]);
  });

  it('answers 400 to a price that is not a whole number of kroner', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    for (const price of ['', 'gratis', '19.95', -1, 1995.5, null, undefined, ['1995']]) {
      await expectApiError(await upgrade(sessionToken, { plan: 'yearly', price }), 400, 'validation_error', 'Ugyldig pris');
    }
  });

  it('answers 400 to malformed JSON and 415 to a form post', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    for (const [contentType, body, status, code] of [
      ['application/json', '{"plan":', 400, 'invalid_json'],
      ['application/x-www-form-urlencoded', 'plan=yearly&price=1995', 415, 'unsupported_media_type'],
    ] as const) {
      const headers = { authorization: `Bearer ${sessionToken}`, 'content-type': contentType };
      await expectApiError(await t.app.request('/api/premium/upgrade', { method: 'POST', headers, body }), status, code);
    }
  });

  it('answers 409 to a price other than the server price, and charges nothing', async () => {
    const { sessionToken, user } = await t.signIn('kari@example.no');
    for (const [plan, price] of [
      ['yearly', '990'],
      ['yearly', '399'],
      ['monthly', '1995'],
      ['monthly', 0],
    ] as const) {
      await expectApiError(await upgrade(sessionToken, { plan, price }), 409, 'price_mismatch');
    }
    expect(await t.db.select().from(payments)).toEqual([]);
    expect((await userRow(user.id)).isPremium).toBe(false);
  });

  it('answers 409 to a user who already has Premium, however it was granted', async () => {
    const { sessionToken, user } = await t.signIn('kari@example.no');
    expect((await upgrade(sessionToken, { plan: 'monthly', price: '399' })).status).toBe(200);
    await expectApiError(
      await upgrade(sessionToken, { plan: 'yearly', price: '1995' }),
      409,
      'already_premium',
      'Du har allerede Premium.',
    );

    await t.db.update(users).set({ premiumPlan: 'admin_granted', premiumEndDate: null }).where(eq(users.id, user.id));
    await expectApiError(await upgrade(sessionToken, { plan: 'yearly', price: '1995' }), 409, 'already_premium');
    expect(await t.db.select().from(payments)).toHaveLength(1);
  });

  it('pays and grants once when the button is pressed twice at the same time', async () => {
    const { sessionToken, user } = await t.signIn('kari@example.no');
    const results = await Promise.all([
      upgrade(sessionToken, { plan: 'yearly', price: '1995' }),
      upgrade(sessionToken, { plan: 'yearly', price: '1995' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(payments)).toHaveLength(1);
    expect((await userRow(user.id)).premiumEndDate).toEqual(new Date('2027-11-21T09:00:00.000Z'));
  });

  it('refuses with 409 once a limited_spots campaign has no spots left', async () => {
    await t.db.update(campaigns).set({ urgencyType: 'limited_spots', urgencyValue: '1' }).where(eq(campaigns.id, 'default'));
    const first = await t.signIn('a@example.no');
    const second = await t.signIn('b@example.no');
    expect((await upgrade(first.sessionToken, { plan: 'yearly', price: '1995' })).status).toBe(200);
    const offer = await offerFor(second.sessionToken);
    expect(offer.spotsLeft).toBe(0);
    await expectApiError(
      await upgrade(second.sessionToken, { plan: 'yearly', price: '1995' }),
      409,
      'offer_sold_out',
      'Alle plassene i dette tilbudet er tatt.',
    );
    expect(await t.db.select().from(payments)).toHaveLength(1);
  });

  it('records the attempt as failed and answers 502 when the provider cannot start a payment', async () => {
    const down = await createTestApp({
      payments: {
        name: 'stripe',
        startSubscription: async () => {
          throw new PaymentStartError('connect ECONNREFUSED api.stripe.com');
        },
        cancel: async () => {},
        resume: async () => {},
        refund: async () => ({ ref: '' }),
        end: async () => {},
      },
    });
    const logged = expectConsoleError();
    try {
      const { sessionToken, user } = await down.signIn('kari@example.no');
      down.roundTrips.reset();
      const res = await down
        .as(sessionToken)
        .premium.upgrade.$post({ json: { plan: 'yearly', price: '1995', withdrawalConsent: true } });
      expect(down.roundTrips.count).toBeLessThanOrEqual(2);
      const error = await expectApiError(res, 502, 'payment_unavailable');
      expect(error.message).not.toContain('ECONNREFUSED');
      expect(await down.db.select().from(payments)).toMatchObject([
        { userId: user.id, status: 'failed', amount: 199500, provider: 'stripe' },
      ]);
      expect(logged.flat().join(' ')).toContain('ECONNREFUSED');
    } finally {
      down.close();
    }
  });

  it('PAYMENT_PROVIDER=none: 503 payments_unavailable in Norwegian, and nothing written, however often clicked', async () => {
    const none = await createTestApp({ env: { PAYMENT_PROVIDER: 'none' } });
    try {
      const { sessionToken, user } = await none.signIn('kari@example.no');
      for (let i = 0; i < 3; i++) {
        const error = await expectApiError(
          await none.as(sessionToken).premium.upgrade.$post({ json: { plan: 'yearly', price: '1995', withdrawalConsent: true } }),
          503,
          'payments_unavailable',
        );
        expect(error.message).toBe(
          'Betaling er ikke satt opp på denne siden ennå, så Premium kan ikke kjøpes akkurat nå. Ingenting er trukket.',
        );
      }
      expect(await none.db.select().from(payments)).toEqual([]);
      expect((await none.db.select().from(users).where(eq(users.id, user.id)))[0]!.isPremium).toBe(false);
    } finally {
      none.close();
    }
  });
});

describe('premium expiry', () => {
  it('ends at the end date by itself: not premium in /api/auth/me or the offer, and the user may buy again', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    await upgrade(sessionToken, { plan: 'monthly', price: '399' });
    expect((await me(sessionToken)).isPremium).toBe(true);

    t.clock.advance(30 * DAY - 1);
    expect((await me(sessionToken)).isPremium).toBe(true);
    t.clock.advance(1);
    expect((await me(sessionToken)).isPremium).toBe(false);
    const offer = await offerFor(sessionToken);
    expect(offer.isPremium).toBe(false);

    expect((await upgrade(sessionToken, { plan: 'yearly', price: '1995' })).status).toBe(200);
    expect(await me(sessionToken)).toMatchObject({
      isPremium: true,
      premiumSubscription: { plan: 'yearly', endDate: '2027-12-21T09:00:00.000Z' },
    });
  });
});
