/** At most one subscription per person, with Stripe: a second checkout is refused while one is open, and a second completion is paid back. */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, receipts, subscriptions } from '#db/schema';
import { MINUTE } from '#shared/time';
import { expectApiError } from '#support/errors';
import { checkoutCompleted } from '#support/fake-stripe';
import { stripeTestApp } from '#support/stripe-app';

const { t, stripe, deliver } = stripeTestApp();

const upgrade = (token: string) =>
  t.as(token).premium.upgrade.$post({ json: { plan: 'monthly', price: 399, withdrawalConsent: true } });

const paymentRows = () => t.db.select().from(payments).orderBy(asc(payments.createdAt));

describe('one subscription per person (Stripe)', () => {
  it('refuses a second checkout while the first is open (409, in Norwegian), closing the page it opened; later it may start again', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    expect((await upgrade(sessionToken)).status).toBe(200);
    const error = await expectApiError(await upgrade(sessionToken), 409, 'checkout_open');
    expect(error.message).toContain('Du har allerede en betaling på gang');
    expect(stripe.requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', '/v1/checkout/sessions'],
      ['POST', '/v1/checkout/sessions'],
      ['POST', '/v1/checkout/sessions/cs_test_2/expire'],
    ]);
    // The first page expires at Stripe when our window ends.
    expect(stripe.requests[0]!.form.get('expires_at')).toBe(String(Math.floor((t.clock.now() + 35 * MINUTE) / 1000)));
    expect(await paymentRows()).toHaveLength(1);
    t.clock.advance(36 * MINUTE);
    expect((await upgrade(sessionToken)).status).toBe(200);
    expect(await paymentRows()).toHaveLength(2);
  });

  it('pays back a second completion instead of starting a second subscription', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    await upgrade(sessionToken);
    t.clock.advance(36 * MINUTE);
    await upgrade(sessionToken);
    const [first, second] = await paymentRows();
    stripe.subscriptions.set('sub_a', { id: 'sub_a', status: 'active', cancel_at_period_end: false, unit_amount: 39900 });
    stripe.subscriptions.set('sub_b', { id: 'sub_b', status: 'active', cancel_at_period_end: false, unit_amount: 39900 });
    const completed = (id: string, payment: typeof first, sub: string) =>
      checkoutCompleted(id, payment!, { mode: 'subscription', subscription: sub, invoice: `in_${sub}` });
    expect((await deliver(completed('evt_a', first, 'sub_a'))).status).toBe(200);
    stripe.requests.length = 0;
    expect((await deliver(completed('evt_b', second, 'sub_b'))).status).toBe(200);
    expect(stripe.requests.map((r) => [r.method, r.path.split('?')[0], r.form.get('amount')])).toEqual([
      ['GET', '/v1/invoice_payments', null],
      ['POST', '/v1/refunds', '39900'],
      // Ended after the refund (provider.end reads it first: one ended at Stripe already stays so).
      ['GET', '/v1/subscriptions/sub_b', null],
      ['DELETE', '/v1/subscriptions/sub_b', null],
    ]);
    expect(await t.db.select({ ref: subscriptions.providerRef, status: subscriptions.status }).from(subscriptions)).toEqual([
      { ref: 'sub_a', status: 'active' },
    ]);
    expect((await t.db.select().from(payments).where(eq(payments.id, second!.id)))[0]).toMatchObject({
      status: 'refunded',
      providerRef: 'in_sub_b',
    });
    // The money came in and went back: a receipt and its credit note, as for any refund (bokføringsloven).
    expect(
      await t.db
        .select({ kind: receipts.kind, total: receipts.totalOre, payment: receipts.paymentId })
        .from(receipts)
        .orderBy(asc(receipts.number)),
    ).toEqual([
      { kind: 'receipt', total: 39900, payment: first!.id },
      { kind: 'receipt', total: 39900, payment: second!.id },
      { kind: 'credit_note', total: -39900, payment: second!.id },
    ]);
    // Delivered again: nothing more is paid back or started.
    stripe.requests.length = 0;
    expect((await deliver(completed('evt_b', second, 'sub_b'))).status).toBe(200);
    expect((await deliver(completed('evt_b2', second, 'sub_b'))).status).toBe(200);
    expect(stripe.requests).toEqual([]);
    expect(await t.db.select().from(subscriptions)).toHaveLength(1);
  });
});
