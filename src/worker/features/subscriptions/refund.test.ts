import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAuditLog, mailQueue, payments, receipts, subscriptions } from '#db/schema';
import { DAY } from '#shared/time';
import { adminTestApp, expectAdminOnly } from '#support/admin-session';
import { expectApiError } from '#support/errors';
import { expectJson } from '#support/typed-body';

const ctx = adminTestApp();
/** The admin's typed billing routes. */
const billing = () => ctx.t.as(ctx.s.admin.sessionToken).admin.payments;
const refund = (id: string) => billing()[':id'].refund.$post({ param: { id } });
/** The user buys Premium with the test provider, which pays at once. */
const buy = (plan: 'monthly' | 'yearly') =>
  ctx.t
    .as(ctx.s.user.sessionToken)
    .premium.upgrade.$post({ json: { plan, price: plan === 'yearly' ? 1995 : 399, withdrawalConsent: true } });

describe('POST /api/admin/payments/{id}/refund (test provider)', () => {
  it('refunds within the window: credit note, Premium ended, notice, audit row; a second refund is 409', async () => {
    const { t, s } = ctx;
    await buy('monthly');
    const [payment] = await t.db.select().from(payments);
    const res = await refund(payment!.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Betalingen er refundert, og Premium er avsluttet.' });
    expect(
      (await t.db.select().from(receipts).orderBy(asc(receipts.number))).map((r) => [r.number, r.kind, r.totalOre, r.vatOre]),
    ).toEqual([
      [1, 'receipt', 39900, 7980],
      [2, 'credit_note', -39900, -7980],
    ]);
    expect((await t.db.select().from(subscriptions))[0]).toMatchObject({ status: 'expired' });
    const me = await (await t.as(s.user.sessionToken).auth.me.$get()).json();
    expect(me.user.isPremium).toBe(false);
    expect((await t.db.select().from(adminAuditLog)).map((a) => a.action)).toContain('payment.refund');
    expect((await t.db.select().from(mailQueue)).map((m) => m.subject)).toContain('Premium-abonnementet ditt er avsluttet');
    await expectApiError(await refund(payment!.id), 409, 'refund_not_allowed');
  });

  it('refuses after the guarantee window (409), an unknown payment (404), a user (403) and no session (401)', async () => {
    const { t, s } = ctx;
    await buy('yearly');
    const [payment] = await t.db.select().from(payments);
    const path = `/api/admin/payments/${payment!.id}/refund`;
    await expectAdminOnly(t, s.user.sessionToken, [['POST', path]]);
    await expectApiError(await refund('ukjent'), 404, 'not_found', 'Fant ikke betalingen.');
    // Paid 31 days ago: past the terms' 30-day money-back guarantee.
    await t.db.update(payments).set({ paidAt: new Date(t.clock.now() - 31 * DAY) });
    await expectApiError(await refund(payment!.id), 409, 'refund_not_allowed');
    expect(await t.db.select().from(receipts)).toHaveLength(1);
  });
});

describe('GET /api/admin/payments?user= (the user card)', () => {
  it('shows the user’s subscription and payments with receipt numbers and what may be refunded', async () => {
    const { s } = ctx;
    await buy('yearly');
    const body = await expectJson(await billing().$get({ query: { user: s.user.user.id } }));
    expect(body.subscription).toMatchObject({ plan: 'yearly', status: 'active', cancelAtPeriodEnd: false, provider: 'test' });
    expect(body.payments).toEqual([
      expect.objectContaining({ plan: 'yearly', amountNok: 1995, status: 'paid', receiptNumber: 1, refundable: true }),
    ]);
    const none = await expectJson(await billing().$get({ query: { user: s.admin.user.id } }));
    expect(none).toEqual({ subscription: null, payments: [] });
  });

  it('answers 400 without a user, 404 for an unknown one, 401 and 403 to others', async () => {
    const { t, s } = ctx;
    await expectApiError(await s.asAdmin('/api/admin/payments'), 400, 'validation_error');
    await expectApiError(await billing().$get({ query: { user: 'ukjent' } }), 404, 'not_found', 'Fant ikke brukeren.');
    await expectAdminOnly(t, s.user.sessionToken, [['GET', `/api/admin/payments?user=${s.user.user.id}`]]);
  });
});
