import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAuditLog, mailQueue, payments, receipts, subscriptions } from '#db/schema';
import { DAY } from '#shared/time';
import { adminTestApp, expectAdminOnly } from '#support/admin-session';
import type { AdminBillingResponse } from '#shared/schemas/subscriptions';
import { expectApiError } from '#support/errors';

const ctx = adminTestApp();

describe('POST /api/admin/payments/{id}/refund (test provider)', () => {
  it('refunds within the window: credit note, Premium ended, notice, audit row; a second refund is 409', async () => {
    const { t, s } = ctx;
    await t.request('/api/premium/upgrade', {
      token: s.user.sessionToken,
      json: { plan: 'monthly', price: 399, withdrawalConsent: true },
    });
    const [payment] = await t.db.select().from(payments);
    const res = await s.asAdmin(`/api/admin/payments/${payment!.id}/refund`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Betalingen er refundert, og Premium er avsluttet.' });
    expect(
      (await t.db.select().from(receipts).orderBy(asc(receipts.number))).map((r) => [r.number, r.kind, r.totalOre, r.vatOre]),
    ).toEqual([
      [1, 'receipt', 39900, 7980],
      [2, 'credit_note', -39900, -7980],
    ]);
    expect((await t.db.select().from(subscriptions))[0]).toMatchObject({ status: 'expired' });
    const me = (await (await t.request('/api/auth/me', { token: s.user.sessionToken })).json()) as {
      user: { isPremium: boolean };
    };
    expect(me.user.isPremium).toBe(false);
    expect((await t.db.select().from(adminAuditLog)).map((a) => a.action)).toContain('payment.refund');
    expect((await t.db.select().from(mailQueue)).map((m) => m.subject)).toContain('Premium-abonnementet ditt er avsluttet');
    await expectApiError(
      await s.asAdmin(`/api/admin/payments/${payment!.id}/refund`, { method: 'POST' }),
      409,
      'refund_not_allowed',
    );
  });

  it('refuses after the guarantee window (409), an unknown payment (404), a user (403) and no session (401)', async () => {
    const { t, s } = ctx;
    await t.request('/api/premium/upgrade', {
      token: s.user.sessionToken,
      json: { plan: 'yearly', price: 1995, withdrawalConsent: true },
    });
    const [payment] = await t.db.select().from(payments);
    const path = `/api/admin/payments/${payment!.id}/refund`;
    await expectAdminOnly(t, s.user.sessionToken, [['POST', path]]);
    await expectApiError(
      await s.asAdmin('/api/admin/payments/ukjent/refund', { method: 'POST' }),
      404,
      'not_found',
      'Fant ikke betalingen.',
    );
    // Paid 31 days ago: past the terms' 30-day money-back guarantee.
    await t.db.update(payments).set({ paidAt: new Date(t.clock.now() - 31 * DAY) });
    await expectApiError(await s.asAdmin(path, { method: 'POST' }), 409, 'refund_not_allowed');
    expect(await t.db.select().from(receipts)).toHaveLength(1);
  });
});

describe('GET /api/admin/payments?user= (the user card)', () => {
  it('shows the user’s subscription and payments with receipt numbers and what may be refunded', async () => {
    const { t, s } = ctx;
    await t.request('/api/premium/upgrade', {
      token: s.user.sessionToken,
      json: { plan: 'yearly', price: 1995, withdrawalConsent: true },
    });
    const userId = s.user.user.id;
    const res = await s.asAdmin(`/api/admin/payments?user=${userId}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as AdminBillingResponse;
    expect(body.subscription).toMatchObject({ plan: 'yearly', status: 'active', cancelAtPeriodEnd: false, provider: 'test' });
    expect(body.payments).toEqual([
      expect.objectContaining({ plan: 'yearly', amountNok: 1995, status: 'paid', receiptNumber: 1, refundable: true }),
    ]);
    const none = (await (await s.asAdmin(`/api/admin/payments?user=${s.admin.user.id}`)).json()) as AdminBillingResponse;
    expect(none).toEqual({ subscription: null, payments: [] });
  });

  it('answers 400 without a user, 404 for an unknown one, 401 and 403 to others', async () => {
    const { t, s } = ctx;
    await expectApiError(await s.asAdmin('/api/admin/payments'), 400, 'validation_error');
    await expectApiError(await s.asAdmin('/api/admin/payments?user=ukjent'), 404, 'not_found', 'Fant ikke brukeren.');
    await expectAdminOnly(t, s.user.sessionToken, [['GET', `/api/admin/payments?user=${s.user.user.id}`]]);
  });
});
