import { describe, expect, it } from 'vitest';
import type { CouponInput } from '#shared/schemas/admin/coupons';
import { adminTestApp, auditRows, expectAdminOnly } from '#support/admin-session';
import { expectApiError } from '#support/errors';
import { expectJson } from '#support/typed-body';

const ctx = adminTestApp();
const BASE = '/api/admin/coupons';
const NEW: CouponInput = { code: 'Sommer25', percentOff: 25, plans: ['monthly', 'yearly'], periods: 3, maxRedemptions: 50 };

const api = () => ctx.s.api.admin.coupons;
const create = (json: CouponInput) => api().$post({ json });

describe('/api/admin/coupons', () => {
  it('answers 401 without a session and 403 to a non-admin, on every route', async () => {
    await expectAdminOnly(ctx.t, ctx.s.user.sessionToken, [
      ['GET', BASE],
      ['POST', BASE, NEW],
      ['PATCH', `${BASE}/x`, { active: false }],
    ]);
    expect((await expectJson(api().$get())).coupons).toEqual([]);
  });

  it('creates a code in capitals (201), lists it with its uses and revenue, and logs it', async () => {
    const res = await create(NEW);
    expect(res.status).toBe(201);
    const { coupon } = await res.json();
    expect(coupon).toMatchObject({
      code: 'SOMMER25',
      percentOff: 25,
      amountOffNok: null,
      plans: ['monthly', 'yearly'],
      periods: 3,
      maxRedemptions: 50,
      newMembersOnly: false,
      active: true,
      redemptions: 0,
      revenueOre: 0,
    });
    expect((await expectJson(api().$get())).coupons).toEqual([coupon]);
    expect((await auditRows(ctx.t))[0]).toMatchObject({ action: 'coupon.create', targetId: coupon.id });
  });

  it('refuses a code taken in another case (409) and bad input (400)', async () => {
    await create(NEW);
    await expectApiError(await create({ ...NEW, code: 'sommer25' }), 409, 'conflict');
    await expectApiError(await create({ ...NEW, amountOffNok: 100 }), 400, 'validation_error');
    await expectApiError(await create({ ...NEW, percentOff: 100 }), 400, 'validation_error');
    await expectApiError(await create({ ...NEW, code: 'ÆØÅ kode' }), 400, 'validation_error');
    await expectApiError(await create({ ...NEW, plans: [] }), 400, 'validation_error');
    await expectApiError(
      await create({ ...NEW, startsAt: '2026-12-10T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }),
      400,
      'validation_error',
    );
  });

  it('changes the limits and switches a code off; an unknown id is 404', async () => {
    const { coupon } = await (await create({ code: 'HUNDRE', amountOffNok: 100, plans: ['yearly'] })).json();
    const res = await api()[':id'].$patch({
      param: { id: coupon.id },
      json: { active: false, endsAt: '2027-01-01T00:00:00.000Z' },
    });
    expect((await expectJson(res)).coupon).toMatchObject({
      active: false,
      endsAt: '2027-01-01T00:00:00.000Z',
      amountOffNok: 100,
    });
    await expectApiError(await api()[':id'].$patch({ param: { id: 'finnes-ikke' }, json: { active: false } }), 404, 'not_found');
    await expectApiError(
      await api()[':id'].$patch({ param: { id: coupon.id }, json: { maxRedemptions: 0 } }),
      400,
      'validation_error',
    );
  });
});
