/**
 * A free trial through Stripe, faked at its HTTP boundary (docs/decisions/0060-free-trial.md): the
 * Checkout Session asks for the trial, its completion with nothing to pay starts the trial (the
 * subscription read back from Stripe, `trialing`), and the invoice at the trial's end is the first
 * payment, with the only receipt.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, receipts, siteSettings, subscriptionEvents, subscriptions } from '#db/schema';
import { DAY } from '#shared/time';
import { checkoutCompleted, stripeInvoice as invoice } from '#support/fake-stripe';
import { stripeTestApp } from '#support/stripe-app';

const { t, stripe, deliver } = stripeTestApp();

describe('a free trial with Stripe', () => {
  it('opens the session with trial_period_days, starts the trial on completion without payment, and records the first invoice at its end', async () => {
    await t.db
      .insert(siteSettings)
      .values({ id: 1, trialDays: 7 })
      .onConflictDoUpdate({ target: siteSettings.id, set: { trialDays: 7 } });
    const { sessionToken, user } = await t.signIn('kari@example.no');
    const res = await t
      .as(sessionToken)
      .premium.upgrade.$post({ json: { plan: 'monthly', price: 399, trialDays: 7, withdrawalConsent: true } });
    expect(res.status).toBe(200);
    const session = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(session.form.get('subscription_data[trial_period_days]')).toBe('7');
    expect(session.form.get('subscription_data[trial_settings][end_behavior][missing_payment_method]')).toBe('cancel');
    expect(session.form.get('payment_method_collection')).toBe('always');
    // No discount: the first charge is the list price.
    expect(stripe.requests.some((r) => r.path === '/v1/coupons')).toBe(false);

    const [payment] = await t.db.select().from(payments);
    stripe.subscriptions.set('sub_kari', { id: 'sub_kari', status: 'trialing', cancel_at_period_end: false, unit_amount: 39900 });
    const completed = checkoutCompleted('evt_completed', payment!, {
      mode: 'subscription',
      payment_status: 'no_payment_required',
      subscription: 'sub_kari',
      invoice: 'in_zero',
    });
    expect((await deliver(completed)).status).toBe(200);
    expect((await deliver(completed)).status).toBe(200);
    const start = t.clock.now();
    const end = start + 7 * DAY;
    const [sub] = await t.db.select().from(subscriptions);
    expect(sub).toMatchObject({ status: 'trialing', providerRef: 'sub_kari', amountOre: 39900 });
    expect(sub!.trialEndsAt!.getTime()).toBe(end);
    expect((await t.db.select().from(payments))[0]).toMatchObject({ status: 'trial', amount: 0 });
    // Stripe's 0 kr invoice at the start is no payment.
    await deliver({ id: 'evt_zero', type: 'invoice.paid', object: invoice('in_zero', 'subscription_create', { start, end }, 0) });
    expect(await t.db.select().from(receipts)).toEqual([]);

    t.clock.advance(7 * DAY);
    const next = end + 31 * DAY;
    await deliver({
      id: 'evt_first',
      type: 'invoice.paid',
      object: invoice('in_first', 'subscription_cycle', { start: end, end: next }, 39900),
    });
    expect((await t.db.select().from(subscriptions))[0]).toMatchObject({ status: 'active', currentPeriodEnd: new Date(next) });
    const paid = await t.db.select().from(payments).where(eq(payments.status, 'paid'));
    expect(paid.map((p) => [p.providerRef, p.amount, p.userId])).toEqual([['in_first', 39900, user.id]]);
    expect((await t.db.select().from(receipts)).map((r) => r.totalOre)).toEqual([39900]);
    expect((await t.db.select().from(subscriptionEvents).orderBy(asc(subscriptionEvents.id))).map((e) => e.kind)).toEqual([
      'trial_started',
      'renewed',
    ]);
  });
});
