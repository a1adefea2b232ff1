import { describe, expect, it } from 'vitest';
import { coupons, payments, referrals, users } from '#db/schema';
import { REFERRAL_COUPON_CODE } from '#shared/referrals';
import { adminTestApp, expectAdminOnly } from '#support/admin-session';
import { expectApiError } from '#support/errors';
import { expectJson } from '#support/typed-body';

const ctx = adminTestApp();
const BASE = '/api/admin/referrals';
const api = () => ctx.s.api.admin.referrals;

/** Kari referred Ola, whose payment went through; and one turned down. */
async function ledger() {
  const { t } = ctx;
  await t.db.insert(users).values([
    { id: 'kari', email: 'kari@example.no' },
    { id: 'ola', email: 'ola@example.no' },
  ]);
  await t.db.insert(payments).values([
    { id: 'p1', userId: 'ola', plan: 'monthly', amount: 29900, provider: 'test', status: 'paid', paidAt: new Date(1) },
    { id: 'p2', userId: 'kari', plan: 'monthly', amount: 29900, provider: 'test', status: 'paid', paidAt: new Date(1) },
  ]);
  await t.db.insert(referrals).values([
    {
      id: 'r1',
      referrerId: 'kari',
      friendId: 'ola',
      paymentId: 'p1',
      status: 'paid',
      paidAt: new Date(2),
      createdAt: new Date(2),
    },
    {
      id: 'r2',
      referrerId: 'kari',
      friendId: 'kari',
      paymentId: 'p2',
      status: 'rejected',
      rejectReason: 'own_address',
      rejectedAt: new Date(3),
      createdAt: new Date(1),
    },
  ]);
}

describe('GET /api/admin/referrals', () => {
  it('answers 401 without a session and 403 to a non-admin', async () => {
    await expectAdminOnly(ctx.t, ctx.s.user.sessionToken, [['GET', BASE]]);
  });

  it('lists who referred whom, the status, the reason and when, newest first', async () => {
    await ledger();
    const { referrals: rows, discountCode } = await expectJson(api().$get({ query: {} }));
    expect(discountCode).toBe('missing');
    expect(rows).toMatchObject([
      {
        id: 'r1',
        referrer: { id: 'kari', email: 'kari@example.no' },
        friend: { id: 'ola', email: 'ola@example.no' },
        status: 'paid',
        rejectReason: null,
      },
      { id: 'r2', status: 'rejected', rejectReason: 'own_address', rejectedAt: new Date(3).toISOString() },
    ]);
  });

  it("says whether the friends' discount code is on", async () => {
    await ctx.t.db
      .insert(coupons)
      .values({ id: 'verv', code: REFERRAL_COUPON_CODE, percentOff: 20, plans: 'both', active: false });
    expect((await expectJson(api().$get({ query: {} }))).discountCode).toBe('inactive');
    await ctx.t.db.update(coupons).set({ active: true });
    expect((await expectJson(api().$get({ query: {} }))).discountCode).toBe('active');
  });

  it('filters by status and by member', async () => {
    await ledger();
    expect((await expectJson(api().$get({ query: { status: 'rejected' } }))).referrals.map((r) => r.id)).toEqual(['r2']);
    expect((await expectJson(api().$get({ query: { referrerId: 'kari' } }))).referrals).toHaveLength(2);
  });

  it('answers 400 to an unknown status and 404 to an unknown member', async () => {
    await expectApiError(await ctx.s.asAdmin(`${BASE}?status=kanskje`), 400, 'validation_error');
    await expectApiError(await api().$get({ query: { referrerId: 'finnes-ikke' } }), 404, 'not_found');
  });
});
