import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentEvents, payments, users } from '#db/schema';
import { MINUTE } from '#shared/time';
import { createTestApp, TEST_ORIGIN } from '#support/app';
import { expectConsoleError } from '#support/console-guard';
import { expectApiError } from '#support/errors';
import {
  checkoutCompleted,
  checkoutSession,
  signedStripeEvent,
  STRIPE_TEST_KEYS,
  type StripeTestEvent,
} from '#support/fake-stripe';
import { stripeTestApp } from '#support/stripe-app';

const { t, stripe } = stripeTestApp();

/** Signs in and starts a Stripe checkout; returns the session, our payment and the Checkout page. */
async function checkout(email = 'kari@example.no', plan: 'monthly' | 'yearly' = 'yearly') {
  const { sessionToken, user } = await t.signIn(email);
  const res = await t
    .as(sessionToken)
    .premium.upgrade.$post({ json: { plan, price: plan === 'yearly' ? '1995' : '399', withdrawalConsent: true } });
  expect(res.status).toBe(200);
  const body = await res.json();
  const [payment] = await t.db.select().from(payments).where(eq(payments.userId, user.id));
  return { sessionToken, user, body, payment: payment! };
}

/** Posts a signed event as Stripe would (optionally signed with another secret, or altered after signing). */
async function post(event: StripeTestEvent, opts: { secret?: string; tamper?: boolean } = {}) {
  const { body, signature } = await signedStripeEvent(event, { at: t.clock.now(), secret: opts.secret });
  // The raw body as signed, sent as it is (the signature covers its bytes); the answer is typed.
  return t.api.payments[':provider'].webhook.$post(
    { param: { provider: 'stripe' } },
    {
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      init: { body: opts.tamper ? body.replace('"paid"', '"paid" ') : body },
    },
  );
}

/** `post`, asserting the round-trip budget (no session: the webhook's own two at most). */
async function deliver(event: StripeTestEvent, opts: { secret?: string; tamper?: boolean } = {}) {
  t.roundTrips.reset();
  const res = await post(event, opts);
  expect(t.roundTrips.count).toBeLessThanOrEqual(2);
  return res;
}

/** `deliver`s a Checkout Session event about `payment` (`extra`: how its session differs from a paid one). */
const deliverSession = (id: string, type: string, ...about: Parameters<typeof checkoutSession>) =>
  deliver({ id, type, object: checkoutSession(...about) });

const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;

describe('upgrade with Stripe', () => {
  it('creates a Checkout Session for the server price and sends the browser there; the user stays free until paid', async () => {
    const { body, payment, user } = await checkout();
    expect(body).toEqual({ status: 'redirect', url: 'https://checkout.stripe.com/c/pay/cs_test_1', paymentId: payment.id });

    expect(stripe.requests).toHaveLength(1);
    const req = stripe.requests[0]!;
    expect(req.path).toBe('/v1/checkout/sessions');
    expect(req.headers.authorization).toBe(`Bearer ${STRIPE_TEST_KEYS.secretKey}`);
    expect(req.headers['idempotency-key']).toBe(payment.id);
    expect(Object.fromEntries(req.form)).toMatchObject({
      mode: 'subscription',
      client_reference_id: payment.id,
      customer_email: 'kari@example.no',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'nok',
      'line_items[0][price_data][unit_amount]': '199500',
      'line_items[0][price_data][recurring][interval]': 'year',
      'line_items[0][price_data][product_data][name]': 'Soloprenør Premium årlig',
      'metadata[paymentId]': payment.id,
      'subscription_data[metadata][subscriptionId]': payment.id,
      success_url: `${TEST_ORIGIN}/premium?status=success&payment=${payment.id}`,
      cancel_url: `${TEST_ORIGIN}/premium?status=cancel&plan=yearly`,
    });

    expect(payment).toMatchObject({
      status: 'pending',
      provider: 'stripe',
      providerRef: 'cs_test_1',
      amount: 199500,
      withdrawalConsentAt: new Date(t.clock.now()),
      plan: 'yearly',
      paidAt: null,
    });
    expect((await userRow(user.id)).isPremium).toBe(false);
  });

  it('stays within two round trips', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    t.roundTrips.reset();
    await t.as(sessionToken).premium.upgrade.$post({ json: { plan: 'monthly', price: '399', withdrawalConsent: true } });
    expect(t.roundTrips.count).toBeLessThanOrEqual(2);
    expect(stripe.requests[0]!.form.get('line_items[0][price_data][unit_amount]')).toBe('39900');
  });

  it('answers 502 and records a failed attempt when Stripe refuses', async () => {
    stripe.failWith(500);
    const logged = expectConsoleError();
    const { sessionToken, user } = await t.signIn('kari@example.no');
    await expectApiError(
      await t.as(sessionToken).premium.upgrade.$post({ json: { plan: 'yearly', price: '1995', withdrawalConsent: true } }),
      502,
      'payment_unavailable',
    );
    expect(await t.db.select().from(payments)).toMatchObject([{ userId: user.id, status: 'failed', provider: 'stripe' }]);
    expect(logged).toHaveLength(1);
  });
});

describe('POST /api/payments/stripe/webhook', () => {
  it('grants Premium when the signed completion arrives, exactly once when delivered twice', async () => {
    const { payment, user, sessionToken } = await checkout();
    t.clock.advance(5 * MINUTE);
    const event = checkoutCompleted('evt_paid_1', payment);

    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    const paidAt = new Date(t.clock.now());
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'paid', paidAt });
    const granted = await userRow(user.id);
    expect(granted).toMatchObject({
      isPremium: true,
      premiumPlan: 'yearly',
      premiumEndDate: new Date(Date.UTC(2027, 10, 21, 9, 5)),
    });

    t.clock.advance(MINUTE);
    const again = await deliver(event);
    expect(again.status).toBe(200);
    expect(await userRow(user.id)).toEqual(granted);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'paid', paidAt });
    expect(await t.db.select().from(paymentEvents)).toHaveLength(1);

    const me = await (await t.as(sessionToken).auth.me.$get()).json();
    expect(me.user.isPremium).toBe(true);
  });

  it('grants once when the same event arrives twice at the same moment', async () => {
    const { payment, user } = await checkout();
    const event = checkoutCompleted('evt_race', payment);
    const results = await Promise.all([post(event), post(event)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect((await userRow(user.id)).premiumEndDate).toEqual(new Date('2027-11-21T09:00:00.000Z'));
  });

  it('answers 400 to a bad signature and grants nothing', async () => {
    const { payment, user } = await checkout();
    const event = checkoutCompleted('evt_forged', payment);
    await expectApiError(await deliver(event, { secret: 'whsec_someone_else' }), 400, 'invalid_signature');
    await expectApiError(await deliver(event, { tamper: true }), 400, 'invalid_signature');
    const res = await t.app.request('/api/payments/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await expectApiError(res, 400, 'invalid_signature');

    expect((await userRow(user.id)).isPremium).toBe(false);
    expect((await paymentRow(payment.id)).status).toBe('pending');
    expect(await t.db.select().from(paymentEvents)).toEqual([]);
  });

  it('refuses a correctly signed but stale delivery (replay)', async () => {
    const { payment, user } = await checkout();
    const { body, signature } = await signedStripeEvent(checkoutCompleted('evt_old', payment), {
      at: t.clock.now() - 10 * MINUTE,
    });
    const res = await t.app.request('/api/payments/stripe/webhook', {
      method: 'POST',
      headers: { 'stripe-signature': signature },
      body,
    });
    await expectApiError(res, 400, 'invalid_signature');
    expect((await userRow(user.id)).isPremium).toBe(false);
  });

  it('leaves the user free and records the attempt when the session expires', async () => {
    const { payment, user } = await checkout();
    const res = await deliverSession('evt_exp', 'checkout.session.expired', payment, {
      payment_status: 'unpaid',
      status: 'expired',
    });
    expect(res.status).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'expired', paidAt: null });
    expect((await userRow(user.id)).isPremium).toBe(false);
    expect(await t.db.select().from(paymentEvents)).toMatchObject([{ eventId: 'evt_exp', provider: 'stripe' }]);
  });

  it('records a failed payment, and still grants when the buyer then pays in the same session', async () => {
    const { payment, user } = await checkout();
    await deliverSession('evt_failed', 'checkout.session.async_payment_failed', payment, { payment_status: 'unpaid' });
    expect((await paymentRow(payment.id)).status).toBe('failed');
    expect((await userRow(user.id)).isPremium).toBe(false);

    await deliverSession('evt_paid', 'checkout.session.completed', payment);
    expect((await paymentRow(payment.id)).status).toBe('paid');
    expect((await userRow(user.id)).isPremium).toBe(true);
  });

  it('records an asynchronous payment failure; an unpaid completion grants nothing', async () => {
    const { payment, user } = await checkout();
    await deliverSession('evt_unpaid', 'checkout.session.completed', payment, { payment_status: 'unpaid' });
    expect((await paymentRow(payment.id)).status).toBe('pending');
    await deliverSession('evt_async_failed', 'checkout.session.async_payment_failed', payment, { payment_status: 'unpaid' });
    expect((await paymentRow(payment.id)).status).toBe('failed');
    expect((await userRow(user.id)).isPremium).toBe(false);
  });

  it('never turns a paid payment into an expired one', async () => {
    const { payment, user } = await checkout();
    await deliverSession('evt_paid', 'checkout.session.completed', payment);
    await deliverSession('evt_exp_late', 'checkout.session.expired', payment, { payment_status: 'unpaid' });
    expect((await paymentRow(payment.id)).status).toBe('paid');
    expect((await userRow(user.id)).isPremium).toBe(true);
  });

  it('answers 200 to events it does not use; 409 to a checkout it does not know yet, recording nothing, so Stripe retries', async () => {
    const { user } = await checkout();
    expect(
      (await deliver({ id: 'evt_other', type: 'customer.created', object: { id: 'cus_1', object: 'customer' } })).status,
    ).toBe(200);
    const res = await deliverSession('evt_foreign', 'checkout.session.completed', { id: 'not-ours', providerRef: 'cs_x' });
    await expectApiError(res, 409, 'webhook_target_unknown');
    expect((await userRow(user.id)).isPremium).toBe(false);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_foreign'))).toEqual([]);
  });

  it('answers 404 for a provider that is not in use', async () => {
    for (const name of ['test', 'vipps']) {
      const res = await t.app.request(`/api/payments/${name}/webhook`, { method: 'POST', body: '{}' });
      await expectApiError(res, 404, 'not_found');
    }
  });
});

describe('webhook with the test provider', () => {
  it('has no webhook: 404', async () => {
    const local = await createTestApp();
    try {
      await expectApiError(
        await local.app.request('/api/payments/test/webhook', { method: 'POST', body: '{}' }),
        404,
        'not_found',
      );
      await expectApiError(
        await local.app.request('/api/payments/stripe/webhook', { method: 'POST', body: '{}' }),
        404,
        'not_found',
      );
    } finally {
      local.close();
    }
  });
});
