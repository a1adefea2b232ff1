import { asc, eq, notLike } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailQueue, payments, priceHistory, receipts, subscriptionEvents, subscriptions, users } from '#db/schema';
import { DAY } from '#shared/time';
import { expectConsoleError } from '#support/console-guard';
import { expectApiError } from '#support/errors';
import {
  checkoutCompleted,
  signedStripeEvent,
  stripeInvoice as invoice,
  type FakeStripeSubscription,
  type StripeTestEvent,
} from '#support/fake-stripe';
import { stripeTestApp } from '#support/stripe-app';
import { runPriceChanges } from '#worker/jobs/price-changes';
import { runRenewals } from '#worker/jobs/renewals';

const { t, stripe, deliver: post } = stripeTestApp();

/** Delivers `event` as Stripe would; it is accepted. */
async function deliver(event: StripeTestEvent) {
  expect((await post(event)).status).toBe(200);
}

/** sub_kari as Stripe has it now (what the webhook reads back). */
const atStripe = (state: Omit<FakeStripeSubscription, 'id'>) =>
  stripe.subscriptions.set('sub_kari', { id: 'sub_kari', ...state });

/** Checkout in subscription mode, completed and paid as Stripe reports it: sub_kari, first invoice in_first. */
async function subscribed(plan: 'monthly' | 'yearly' = 'monthly') {
  const { sessionToken, user } = await t.signIn('kari@example.no');
  const price = plan === 'yearly' ? 1995 : 399;
  expect((await t.as(sessionToken).premium.upgrade.$post({ json: { plan, price, withdrawalConsent: true } })).status).toBe(200);
  const [payment] = await t.db.select().from(payments);
  atStripe({ status: 'active', cancel_at_period_end: false, unit_amount: price * 100 });
  await deliver(
    checkoutCompleted('evt_completed', payment!, { mode: 'subscription', subscription: 'sub_kari', invoice: 'in_first' }),
  );
  return { sessionToken, user, payment: payment! };
}

/** `subscribed`, a month on, and Stripe could not collect the renewal (invoice in_second). */
async function pastDue() {
  const subscriber = await subscribed();
  t.clock.advance(30 * DAY);
  await deliver({
    id: 'evt_failed',
    type: 'invoice.payment_failed',
    object: invoice('in_second', 'subscription_cycle', { start: 0, end: 0 }),
  });
  return subscriber;
}
const history = async () => (await t.db.select().from(subscriptionEvents).orderBy(asc(subscriptionEvents.id))).map((e) => e.kind);
const sub = async () => (await t.db.select().from(subscriptions))[0]!;
/** The subscription's mails (sign-in links go through the same queue). */
const subjects = async () =>
  (await t.db.select().from(mailQueue).where(notLike(mailQueue.dedupeKey, 'sign-in:%')).orderBy(asc(mailQueue.id))).map(
    (m) => m.subject,
  );

describe('Stripe subscriptions, from the webhooks', () => {
  it('starts the subscription when the checkout is paid: Stripe’s id, the invoice as the payment’s ref, receipt nr. 1', async () => {
    const { user } = await subscribed();
    expect(await sub()).toMatchObject({ userId: user.id, provider: 'stripe', providerRef: 'sub_kari', status: 'active' });
    expect((await t.db.select().from(payments))[0]).toMatchObject({
      status: 'paid',
      providerRef: 'in_first',
      subscriptionId: (await sub()).id,
    });
    expect(await t.db.select({ n: receipts.number, total: receipts.totalOre }).from(receipts)).toEqual([{ n: 1, total: 39900 }]);
    expect(await subjects()).toEqual(['Kvittering nr. 1 fra Soloprenør']);
  });

  it('records a renewal from invoice.paid once, however often delivered, and extends Premium to the invoice’s period end', async () => {
    const { user } = await subscribed();
    const start = Date.UTC(2026, 11, 21, 9);
    const end = Date.UTC(2027, 0, 21, 9);
    t.clock.advance(30 * DAY);
    const renewal = {
      id: 'evt_renewal',
      type: 'invoice.paid',
      object: invoice('in_second', 'subscription_cycle', { start, end }),
    };
    await deliver(renewal);
    await deliver(renewal);
    await deliver({ ...renewal, id: 'evt_renewal_again' });
    // The first invoice's own invoice.paid is the checkout's payment: not a renewal.
    await deliver({
      id: 'evt_first',
      type: 'invoice.paid',
      object: invoice('in_first', 'subscription_create', { start: 0, end: start }),
    });
    expect(
      await t.db.select({ ref: payments.providerRef, amount: payments.amount }).from(payments).orderBy(asc(payments.createdAt)),
    ).toEqual([
      { ref: 'in_first', amount: 39900 },
      { ref: 'in_second', amount: 39900 },
    ]);
    expect(await sub()).toMatchObject({ currentPeriodEnd: new Date(end), status: 'active' });
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.premiumEndDate).toEqual(new Date(end));
    expect(await subjects()).toEqual(['Kvittering nr. 1 fra Soloprenør', 'Kvittering nr. 2 fra Soloprenør']);
    expect(await history()).toEqual(['started', 'renewed']);
  });

  it('a failed renewal makes it past due with the dunning mail; Stripe ending it expires Premium with the notice', async () => {
    const { user } = await pastDue();
    expect(await sub()).toMatchObject({ status: 'past_due' });
    expect(await subjects()).toContain('Vi fikk ikke trukket betalingen for Premium');
    atStripe({ status: 'canceled', cancel_at_period_end: false, unit_amount: 39900 });
    await deliver({
      id: 'evt_deleted',
      type: 'customer.subscription.deleted',
      object: { id: 'sub_kari', object: 'subscription', status: 'canceled' },
    });
    expect(await sub()).toMatchObject({ status: 'expired' });
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.premiumEndDate).toEqual(new Date(t.clock.now()));
    expect(await subjects()).toContain('Premium-abonnementet ditt er avsluttet');
    expect(await history()).toEqual(['started', 'renewal_failed', 'expired']);
  });

  it('follows a cancellation made on Stripe’s side (customer.subscription.updated)', async () => {
    await subscribed();
    const updated = (cancel: boolean, id: string) => ({
      id,
      type: 'customer.subscription.updated',
      object: { id: 'sub_kari', object: 'subscription', status: 'active', cancel_at_period_end: cancel },
    });
    atStripe({ status: 'active', cancel_at_period_end: true, unit_amount: 39900 });
    await deliver(updated(true, 'evt_u1'));
    expect(await sub()).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    atStripe({ status: 'active', cancel_at_period_end: false, unit_amount: 39900 });
    await deliver(updated(false, 'evt_u2'));
    expect(await sub()).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(await history()).toEqual(['started', 'canceled', 'resumed']);
  });
});

describe('cancel, resume and refund through Stripe', () => {
  it('tells Stripe to cancel at the period end and to resume', async () => {
    const { sessionToken } = await subscribed();
    stripe.requests.length = 0;
    expect((await t.as(sessionToken).account.subscription.cancel.$post()).status).toBe(200);
    expect((await t.as(sessionToken).account.subscription.resume.$post()).status).toBe(200);
    expect(stripe.requests.map((r) => [r.method, r.path, r.form.get('cancel_at_period_end')])).toEqual([
      ['POST', '/v1/subscriptions/sub_kari', 'true'],
      ['POST', '/v1/subscriptions/sub_kari', 'false'],
    ]);
  });

  it('undoes the cancellation and answers 502 when Stripe cannot be reached', async () => {
    const { sessionToken } = await subscribed();
    stripe.failWith(500);
    const logged = expectConsoleError();
    await expectApiError(await t.as(sessionToken).account.subscription.cancel.$post(), 502, 'payment_unavailable');
    expect(await sub()).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(await history()).toEqual(['started']);
    expect(logged).toHaveLength(1);
  });

  it('refunds the invoice’s payment intent, cancels the Stripe subscription, and issues a credit note', async () => {
    const { payment, user } = await subscribed('yearly');
    const admin = await t.signIn('admin@soloprenor.no');
    stripe.requests.length = 0;
    t.roundTrips.reset();
    const res = await t.as(admin.sessionToken).admin.payments[':id'].refund.$post({ param: { id: payment.id }, json: {} });
    expect(t.roundTrips.count).toBeLessThanOrEqual(2);
    expect(res.status).toBe(200);
    expect(
      stripe.requests.map((r) => [r.method, r.path.split('?')[0], r.form.get('payment_intent'), r.form.get('amount')]),
    ).toEqual([
      ['GET', '/v1/invoice_payments', null, null],
      ['POST', '/v1/refunds', 'pi_in_first', '199500'],
      ['GET', '/v1/subscriptions/sub_kari', null, null],
      ['DELETE', '/v1/subscriptions/sub_kari', null, null],
    ]);
    expect(await sub()).toMatchObject({ status: 'expired' });
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.premiumEndDate).toEqual(new Date(t.clock.now()));
    expect(await t.db.select().from(receipts).orderBy(asc(receipts.number))).toMatchObject([
      { number: 1, kind: 'receipt', totalOre: 199500, vatOre: 39900 },
      { number: 2, kind: 'credit_note', totalOre: -199500, vatOre: -39900, creditsNumber: 1 },
    ]);
    expect((await t.db.select().from(payments))[0]).toMatchObject({ status: 'refunded' });
  });
});

describe('the renewals job and Stripe', () => {
  it('charges nothing and leaves a past-due Stripe subscription to Stripe, which may still collect', async () => {
    const { user } = await pastDue();
    t.clock.advance(10 * DAY);
    stripe.requests.length = 0;
    expect(await runRenewals(t.deps, t.clock.now())).toMatchObject({ renewed: 0, failed: 0, expired: 0 });
    expect(stripe.requests).toEqual([]);
    expect(await sub()).toMatchObject({ status: 'past_due' });
    // Stripe's later retry succeeds: the subscription is active again and Premium runs on.
    const start = Date.UTC(2026, 11, 21, 9);
    const end = Date.UTC(2027, 0, 21, 9);
    await deliver({ id: 'evt_late', type: 'invoice.paid', object: invoice('in_second', 'subscription_cycle', { start, end }) });
    expect(await sub()).toMatchObject({ status: 'active', currentPeriodEnd: new Date(end) });
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.premiumEndDate).toEqual(new Date(end));
  });
});

describe('refunds and disputes made at Stripe (the admin’s refund path)', () => {
  /** `subscribed`, with Stripe's charge for the first invoice (399 kr). */
  async function charged() {
    const subscriber = await subscribed();
    const charge = stripe.charge({ invoice: 'in_first', subscription: 'sub_kari', amount: 39900 });
    return { ...subscriber, charge };
  }
  const creditNotes = async () =>
    (await t.db.select().from(receipts).where(eq(receipts.kind, 'credit_note')).orderBy(asc(receipts.number))).map((r) => [
      r.number,
      r.totalOre,
      r.creditsNumber,
    ]);

  it('charge.refunded takes the refunded total from Stripe’s charge, not the event: partial, then full; each once', async () => {
    const { user, charge } = await charged();
    // The event's body is stale (it says nothing was refunded); Stripe's charge says 100 kr.
    stripe.refundInDashboard('in_first', 10000);
    await deliver({ id: 'evt_refund_1', type: 'charge.refunded', object: charge });
    expect((await t.db.select().from(payments))[0]).toMatchObject({ status: 'paid', refundedOre: 10000 });
    expect(await creditNotes()).toEqual([[2, -10000, 1]]);
    expect(await sub()).toMatchObject({ status: 'active' });
    // The same event again, and an older event after it: nothing more.
    await deliver({ id: 'evt_refund_1', type: 'charge.refunded', object: charge });
    await deliver({ id: 'evt_refund_0', type: 'charge.refunded', object: charge });
    expect(await creditNotes()).toEqual([[2, -10000, 1]]);

    stripe.refundInDashboard('in_first', 29900);
    stripe.requests.length = 0;
    await deliver({ id: 'evt_refund_2', type: 'charge.refunded', object: charge });
    expect(await creditNotes()).toEqual([
      [2, -10000, 1],
      [3, -29900, 1],
    ]);
    expect((await t.db.select().from(payments))[0]).toMatchObject({ status: 'refunded', refundedOre: 39900 });
    expect(await sub()).toMatchObject({ status: 'expired' });
    expect(await history()).toEqual(['started', 'refunded']);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.premiumEndDate).toEqual(new Date(t.clock.now()));
    // Nothing left: the subscription is ended at Stripe too, so it charges no more.
    expect(stripe.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toContain('DELETE /v1/subscriptions/sub_kari');
    expect(await subjects()).toEqual([
      'Kvittering nr. 1 fra Soloprenør',
      'Kreditnota nr. 2: 100,00 kr tilbake fra Soloprenør',
      'Kreditnota nr. 3: 299,00 kr tilbake fra Soloprenør',
    ]);
    const [, , last] = await t.db
      .select()
      .from(mailQueue)
      .where(notLike(mailQueue.dedupeKey, 'sign-in:%'))
      .orderBy(asc(mailQueue.id));
    expect(last!.text).toContain('vanligvis innen 5–10 virkedager');
  });

  it('the admin’s partial refund and Stripe’s webhook for it record one refund, whichever comes first', async () => {
    const { charge } = await charged();
    const admin = await t.signIn('admin@soloprenor.no');
    const res = await t.as(admin.sessionToken).admin.payments[':id'].refund.$post({
      param: { id: (await t.db.select().from(payments))[0]!.id },
      json: { amountOre: 5000 },
    });
    expect(res.status).toBe(200);
    expect(stripe.chargeOf('in_first')).toMatchObject({ refunded: 5000 });
    await deliver({ id: 'evt_after_admin', type: 'charge.refunded', object: charge });
    expect(await creditNotes()).toEqual([[2, -5000, 1]]);
    expect(await sub()).toMatchObject({ status: 'active' });
  });

  it('a dispute keeps Premium while open; lost ends it with a credit note for what was left; each event once', async () => {
    await charged();
    stripe.refundInDashboard('in_first', 9900);
    await deliver({ id: 'evt_r', type: 'charge.refunded', object: stripe.chargeOf('in_first')! });
    const opened = stripe.dispute('in_first', 'needs_response');
    await deliver({ id: 'evt_dispute_open', type: 'charge.dispute.created', object: opened });
    expect((await t.db.select().from(payments))[0]).toMatchObject({ disputeStatus: 'open', status: 'paid' });
    expect(await sub()).toMatchObject({ status: 'active' });

    const lost = stripe.dispute('in_first', 'lost');
    await deliver({ id: 'evt_dispute_closed', type: 'charge.dispute.closed', object: lost });
    await deliver({ id: 'evt_dispute_closed', type: 'charge.dispute.closed', object: lost });
    expect((await t.db.select().from(payments))[0]).toMatchObject({
      disputeStatus: 'lost',
      status: 'refunded',
      refundedOre: 39900,
    });
    expect(await creditNotes()).toEqual([
      [2, -9900, 1],
      [3, -30000, 1],
    ]);
    expect(await sub()).toMatchObject({ status: 'expired' });
    expect((await subjects()).at(-1)).toBe('Kreditnota nr. 3: 300,00 kr tilbake fra Soloprenør');
  });

  it('a dispute won changes nothing but its state; a Stripe that cannot be read answers 502 and the event comes again', async () => {
    await charged();
    stripe.dispute('in_first', 'needs_response');
    const won = stripe.dispute('in_first', 'won');
    stripe.failWith(500);
    const logged = expectConsoleError();
    const { body, signature } = await signedStripeEvent(
      { id: 'evt_won', type: 'charge.dispute.closed', object: won },
      { at: t.clock.now() },
    );
    const res = await t.app.request('/api/payments/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
    await expectApiError(res, 502, 'payment_unavailable');
    expect(logged.length).toBeLessThanOrEqual(1);
    stripe.failWith(null);
    await deliver({ id: 'evt_won', type: 'charge.dispute.closed', object: won });
    expect((await t.db.select().from(payments))[0]).toMatchObject({ disputeStatus: 'won', status: 'paid', refundedOre: 0 });
    expect(await creditNotes()).toEqual([]);
    expect(await sub()).toMatchObject({ status: 'active' });
  });
});

describe('a list price change reaching a Stripe subscriber', () => {
  it('keeps the agreed price for 30 days after the notice, then raises the price at Stripe and receipts the new one', async () => {
    await subscribed('monthly');
    const firstEnd = (await sub()).currentPeriodEnd.getTime();
    t.clock.advance(5 * DAY);
    await t.db.insert(priceHistory).values({ plan: 'monthly', amount: 449, effectiveFrom: new Date(t.clock.now()) });
    stripe.requests.length = 0;
    expect(await runPriceChanges(t.deps, t.clock.now())).toEqual({ noticed: 1, told: 0 });
    // The next renewal is under 30 days after the notice: it keeps 399 kr, and Stripe is not told yet.
    const secondEnd = Date.UTC(2027, 0, 21, 9);
    expect(await sub()).toMatchObject({ amountOre: 39900, nextAmountOre: 44900, nextAmountFrom: new Date(secondEnd) });
    expect(await subjects()).toContain('Ny pris på Soloprenør Premium');
    expect(stripe.requests).toEqual([]);

    // Stripe renews at the agreed price; then the next renewal is the changed one, and Stripe's price is raised.
    t.clock.advance(firstEnd - t.clock.now());
    await deliver({
      id: 'evt_renewal_1',
      type: 'invoice.paid',
      object: invoice('in_second', 'subscription_cycle', { start: firstEnd, end: secondEnd }, 39900),
    });
    expect(await runPriceChanges(t.deps, t.clock.now())).toEqual({ noticed: 0, told: 1 });
    expect(stripe.subscriptions.get('sub_kari')!.unit_amount).toBe(44900);
    expect(await runPriceChanges(t.deps, t.clock.now())).toEqual({ noticed: 0, told: 0 });

    t.clock.advance(secondEnd - t.clock.now());
    await deliver({
      id: 'evt_renewal_2',
      type: 'invoice.paid',
      object: invoice('in_third', 'subscription_cycle', { start: secondEnd, end: Date.UTC(2027, 1, 21, 9) }, 44900),
    });
    expect(await sub()).toMatchObject({ amountOre: 44900, nextAmountOre: null });
    expect(await t.db.select({ total: receipts.totalOre }).from(receipts).orderBy(asc(receipts.number))).toEqual([
      { total: 39900 },
      { total: 39900 },
      { total: 44900 },
    ]);
  });
});
