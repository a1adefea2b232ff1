import { eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, mailQueue, payments, receipts, subscriptions } from '#db/schema';
import type { CheckoutRequest } from '#shared/schemas/premium/checkout';
import { DAY } from '#shared/time';
import { appPerTest } from '#support/app';
import { countOnlyTheRoute } from '#support/budget';
import { expectApiError } from '#support/errors';
import { expectJson } from '#support/typed-body';
import { runRenewals } from '#worker/jobs/renewals';

const t = appPerTest({ seed: true });
// Mail is delivered after the answer, in production over SMTP or HTTP: not the route's round trips.
beforeEach(() => countOnlyTheRoute(t));

type CouponRow = typeof coupons.$inferInsert;
/** A code straight in the database (the admin's routes have their own tests). */
const coupon = (row: Partial<CouponRow> = {}) =>
  t.db.insert(coupons).values({ id: crypto.randomUUID(), code: 'VAR20', percentOff: 20, plans: 'both', periods: 1, ...row });
const checkout = (json: Partial<CheckoutRequest>) =>
  t.api.checkout.$post({
    json: { email: 'ny@example.no', plan: 'monthly', withdrawalConsent: true, ...json } as CheckoutRequest,
  });
const preview = (code: string, plan: 'monthly' | 'yearly' = 'monthly') => t.api.checkout.coupon.$post({ json: { code, plan } });

describe('POST /api/checkout/coupon (the apply step)', () => {
  it('shows the list price, the saving, the price now and the renewal after, case-insensitively', async () => {
    await coupon({ periods: 3 });
    expect(await expectJson(preview(' var20 '))).toEqual({
      coupon: {
        code: 'VAR20',
        plan: 'monthly',
        listPrice: 399,
        price: 319,
        saving: 80,
        periods: 3,
        renewalPrice: 399,
        newMembersOnly: false,
      },
    });
  });

  it('answers 400 with its own message to an unknown, switched-off, not-yet-valid, expired or wrong-plan code, and to none', async () => {
    const now = t.clock.now();
    await coupon({ code: 'AV', active: false });
    await coupon({ code: 'SNART', startsAt: new Date(now + DAY) });
    await coupon({ code: 'UTE', endsAt: new Date(now - 1) });
    await coupon({ code: 'AAR', plans: 'yearly' });
    await expectApiError(await preview('FINNESIKKE'), 400, 'coupon_unknown');
    await expectApiError(await preview('av'), 400, 'coupon_inactive');
    await expectApiError(await preview('snart'), 400, 'coupon_not_started');
    await expectApiError(await preview('ute'), 400, 'coupon_expired');
    await expectApiError(await preview('aar', 'monthly'), 400, 'coupon_wrong_plan');
    await expectApiError(
      await t.request('/api/checkout/coupon', { json: { code: '', plan: 'monthly' } }),
      400,
      'validation_error',
    );
    // The fake clock reaches the start date: the code works from then on.
    t.clock.advance(DAY);
    expect((await expectJson(preview('snart'))).coupon.price).toBe(319);
  });
});

describe('POST /api/checkout with a code (test provider: paid at once)', () => {
  it('charges the code’s price within two round trips, records one redemption and prints the code on the receipt', async () => {
    await coupon({ amountOffOre: 10000, percentOff: null, code: 'HUNDRE' });
    t.roundTrips.reset();
    const res = await checkout({ code: 'hundre', price: 299 });
    expect(t.roundTrips.count).toBeLessThanOrEqual(2);
    expect(await expectJson(res)).toMatchObject({ status: 'paid' });
    const [payment] = await t.db.select().from(payments);
    expect(payment).toMatchObject({ amount: 29900, status: 'paid' });
    expect(await t.db.select().from(couponRedemptions)).toMatchObject([
      { paymentId: payment!.id, listOre: 39900, amountOre: 29900, periods: 1 },
    ]);
    const [receipt] = await t.db.select().from(receipts);
    // The ledger equals the money: the receipt's total is the charge, the code and saving beside it.
    expect(receipt).toMatchObject({ totalOre: 29900, couponCode: 'HUNDRE', discountOre: 10000 });
    // One period only: the renewal is at the list price.
    expect((await t.db.select().from(subscriptions))[0]).toMatchObject({ amountOre: 39900, discountedRenewals: 0 });
  });

  it('refuses a price other than the code’s (409) and a wrong-plan code (400), recording nothing', async () => {
    await coupon({ plans: 'yearly' });
    await expectApiError(await checkout({ code: 'VAR20', plan: 'yearly', price: 1995 }), 409, 'price_mismatch');
    await expectApiError(await checkout({ code: 'VAR20', plan: 'monthly' }), 400, 'coupon_wrong_plan');
    expect(await t.db.select().from(payments)).toEqual([]);
  });

  it('charges the discount for N periods, then the list price, and says so on each receipt', async () => {
    await coupon({ periods: 2 });
    await expectJson(checkout({ code: 'VAR20', price: 319 }));
    expect((await t.db.select().from(subscriptions))[0]).toMatchObject({ discountedRenewals: 1, discountedAmountOre: 31900 });
    for (let i = 0; i < 2; i++) {
      t.clock.advance(32 * DAY);
      await runRenewals(t.deps, t.clock.now());
    }
    const all = await t.db
      .select({ total: receipts.totalOre, code: receipts.couponCode, off: receipts.discountOre })
      .from(receipts)
      .orderBy(receipts.number);
    expect(all).toEqual([
      { total: 31900, code: 'VAR20', off: 8000 },
      { total: 31900, code: 'VAR20', off: 8000 },
      { total: 39900, code: null, off: null },
    ]);
    const paid = await t.db.select({ amount: payments.amount }).from(payments).orderBy(payments.createdAt);
    expect(paid.map((p) => p.amount)).toEqual([31900, 31900, 39900]);
    // The mails say the same: the code and its discount while it applies, then nothing.
    const mails = await t.db
      .select({ text: mailQueue.text, html: mailQueue.html })
      .from(mailQueue)
      .where(like(mailQueue.dedupeKey, 'receipt:%'))
      .orderBy(mailQueue.id);
    const line = 'Rabattkode VAR20: 80,00 kr i rabatt på ordinær pris.';
    expect(mails.map((m) => [m.text.includes(line), m.html.includes(line)])).toEqual([
      [true, true],
      [true, true],
      [false, false],
    ]);
    expect(mails.some((m) => /\{\{/.test(m.text + m.html))).toBe(false);
  });

  it('counts against the limit atomically: two parallel checkouts for the last use, one wins', async () => {
    await coupon({ maxRedemptions: 1 });
    const results = await Promise.all([
      checkout({ email: 'a@example.no', code: 'VAR20', price: 319 }),
      checkout({ email: 'b@example.no', code: 'VAR20', price: 319 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = results.find((r) => r.status === 400)!;
    await expectApiError(refused, 400, 'coupon_used_up');
    expect(await t.db.select().from(couponRedemptions)).toHaveLength(1);
    await expectApiError(await preview('VAR20'), 400, 'coupon_used_up');
  });

  it('is one use per person, and a new-members-only code refuses someone who has had a subscription', async () => {
    await coupon({ periods: 1 });
    await coupon({ code: 'VELKOMMEN', newMembersOnly: true });
    await expectJson(checkout({ code: 'VAR20', price: 319 }));
    // Premium over: the same person tries again.
    t.clock.advance(60 * DAY);
    await t.db.update(subscriptions).set({ status: 'expired' });
    await expectApiError(await checkout({ code: 'VAR20', price: 319 }), 400, 'coupon_already_used');
    await expectApiError(await checkout({ code: 'VELKOMMEN', price: 319 }), 400, 'coupon_new_members_only');
    // Someone new may use both.
    await expectJson(checkout({ email: 'annen@example.no', code: 'VELKOMMEN', price: 319 }));
  });
});

describe('POST /api/premium/upgrade with a code', () => {
  it('charges the code’s price within two round trips; an unknown code is 400 and nothing is charged', async () => {
    await coupon();
    const { sessionToken } = await t.signIn('kari@example.no');
    await expectApiError(
      await t
        .as(sessionToken)
        .premium.upgrade.$post({ json: { plan: 'yearly', price: '1596', code: 'nei', withdrawalConsent: true } }),
      400,
      'coupon_unknown',
    );
    t.roundTrips.reset();
    const res = await t
      .as(sessionToken)
      .premium.upgrade.$post({ json: { plan: 'yearly', price: '1596', code: 'var20', withdrawalConsent: true } });
    expect(t.roundTrips.count).toBeLessThanOrEqual(2);
    expect(await expectJson(res)).toEqual({ status: 'paid' });
    expect((await t.db.select().from(payments))[0]).toMatchObject({ amount: 159600 });
    expect((await t.db.select().from(receipts))[0]).toMatchObject({ totalOre: 159600, couponCode: 'VAR20', discountOre: 39900 });
    const [row] = await t.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, (await t.db.select().from(coupons))[0]!.id));
    expect(row).toBeDefined();
  });
});
