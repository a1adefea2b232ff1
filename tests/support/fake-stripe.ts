import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { TestAppOptions } from '#support/app';
import { stripePaymentProvider } from '#worker/platform/payments/stripe';
import { hostedCheckout } from './fake-stripe-checkout';

export const STRIPE_TEST_KEYS = { secretKey: 'sk_test_soloprenor', webhookSecret: 'whsec_soloprenor_test' } as const;

type Captured = { method: string; path: string; headers: IncomingHttpHeaders; form: URLSearchParams };
/** A coupon as the fake holds it: Stripe takes `amount_off` off each invoice it covers. */
export type FakeStripeCoupon = {
  id: string;
  amount_off: number;
  duration: string | null;
  duration_in_months: number | null;
  max_redemptions: number;
};

/** A subscription as the fake holds it: what `GET /v1/subscriptions/{id}` answers. */
export type FakeStripeSubscription = {
  id: string;
  status: 'trialing' | 'active' | 'past_due' | 'canceled' | 'incomplete_expired';
  cancel_at_period_end: boolean;
  /** Øre: the price of its one item. */
  unit_amount: number;
};

/**
 * A loopback HTTP server standing in for api.stripe.com: it answers what our provider calls —
 * `POST /v1/checkout/sessions` (payment or subscription mode) and `…/{id}/expire`, `GET /v1/subscriptions/{id}`,
 * `POST /v1/subscriptions/{id}` (cancel_at_period_end), `DELETE /v1/subscriptions/{id}`,
 * `GET /v1/invoice_payments?invoice=`, `POST /v1/refunds`, `GET /v1/payment_intents/{id}` (its card's
 * fingerprint) and `POST /v1/customers/{id}/balance_transactions` (a credit) — as Stripe does, and keeps every
 * request, so tests see what the SDK sent without any network. It holds the subscriptions a
 * test puts in `subscriptions` (Stripe's truth, which the webhook reads back; an unknown one is
 * 404, as at Stripe). `failWith` makes the next answers an API error with that status.
 */
export async function startFakeStripe() {
  const requests: Captured[] = [];
  const subscriptions = new Map<string, FakeStripeSubscription>();
  /** Coupons made through `POST /v1/coupons` (amount off in øre), which a session's `discounts` names. */
  const coupons = new Map<string, FakeStripeCoupon>();
  /** The card fingerprint that paid each invoice (`GET /v1/payment_intents/pi_<invoice>`); unset: one card per invoice. */
  const cards = new Map<string, string>();
  /** Customer balance credits (`POST /v1/customers/{id}/balance_transactions`), by Idempotency-Key: a retry replays. */
  const credits = new Map<string, { id: string; customer: string; amount: number }>();
  let failWith: number | null = null;
  let n = 0;
  const money = chargesAndDisputes(subscriptions);
  const hosted = hostedCheckout(subscriptions, coupons, (event) => signedStripeEvent(event, { at: Date.now() }));
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      requests.push({ method: req.method!, path: req.url!, headers: req.headers, form });
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (failWith) return json(failWith, { error: { type: 'api_error', message: 'Stripe is having a bad day' } });
      const url = new URL(req.url!, 'http://stripe.test');
      if (hosted.answer(req, res, url) || money.answer(req, url, form, json)) return;
      const subscription = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname)?.[1];
      if (subscription) {
        const held = subscriptions.get(subscription);
        if (!held) {
          return json(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such subscription: '${subscription}'`,
            },
          });
        }
        if (req.method === 'POST' && form.has('cancel_at_period_end'))
          held.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
        if (req.method === 'POST' && form.has('items[0][price_data][unit_amount]'))
          held.unit_amount = Number(form.get('items[0][price_data][unit_amount]'));
        if (req.method === 'DELETE') Object.assign(held, { status: 'canceled', cancel_at_period_end: false });
        return json(200, subscriptionObject(held));
      }
      if (req.method === 'GET' && url.pathname === '/v1/invoice_payments') {
        const invoice = url.searchParams.get('invoice');
        return json(200, {
          object: 'list',
          url: '/v1/invoice_payments',
          has_more: false,
          data: [
            {
              id: `inpay_${invoice}`,
              object: 'invoice_payment',
              invoice,
              status: 'paid',
              payment: { type: 'payment_intent', payment_intent: `pi_${invoice}` },
            },
          ],
        });
      }
      const intent = /^\/v1\/payment_intents\/pi_([\w-]+)$/.exec(url.pathname)?.[1];
      if (intent && req.method === 'GET') {
        // The card that paid the invoice: its fingerprint is the test's (`cards`), else one card per invoice.
        const fingerprint = cards.get(intent) ?? `fp_${intent}`;
        return json(200, {
          id: `pi_${intent}`,
          object: 'payment_intent',
          status: 'succeeded',
          payment_method: {
            id: `pm_${intent}`,
            object: 'payment_method',
            type: 'card',
            card: { brand: 'visa', last4: '4242', fingerprint },
          },
        });
      }
      const customer = /^\/v1\/customers\/([\w-]+)\/balance_transactions$/.exec(url.pathname)?.[1];
      if (customer && req.method === 'POST') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const credit = credits.get(key) ?? {
          id: `cbtxn_test_${++n}`,
          object: 'customer_balance_transaction',
          customer,
          amount: Number(form.get('amount')),
          currency: form.get('currency'),
          description: form.get('description'),
          type: 'adjustment',
        };
        credits.set(key, credit);
        return json(200, credit);
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        return json(200, {
          id: `re_test_${++n}`,
          object: 'refund',
          status: 'succeeded',
          amount: Number(form.get('amount')),
          payment_intent: form.get('payment_intent'),
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/coupons') {
        const id = `co_test_${++n}`;
        const coupon = {
          id,
          object: 'coupon',
          amount_off: Number(form.get('amount_off')),
          currency: form.get('currency'),
          duration: form.get('duration'),
          duration_in_months: form.has('duration_in_months') ? Number(form.get('duration_in_months')) : null,
          max_redemptions: Number(form.get('max_redemptions')),
          valid: true,
        };
        coupons.set(id, coupon);
        return json(200, coupon);
      }
      const expire = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(url.pathname)?.[1];
      if (expire && req.method === 'POST') {
        return json(200, { id: expire, object: 'checkout.session', status: 'expired', payment_status: 'unpaid', url: null });
      }
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const id = `cs_test_${++n}`;
        const session = hosted.open(id, form);
        if ('error' in session) return json(400, { error: { type: 'invalid_request_error', message: session.error } });
        // Stripe's own page unless a browser test pays on the fake's stand-in for it (`checkoutPage`).
        return json(200, hosted.state.base ? session : { ...session, url: `https://checkout.stripe.com/c/pay/${id}` });
      }
      return json(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    requests,
    subscriptions,
    coupons,
    cards,
    credits,
    ...money.controls,
    failWith(status: number | null) {
      failWith = status;
    },
    /** Sessions lead to the fake's own Checkout page, whose "Betal" posts `checkout.session.completed` to `webhookUrl`. */
    checkoutPage(webhookUrl: string) {
      Object.assign(hosted.state, { webhookUrl, base: `http://127.0.0.1:${port}` });
    },
    url: `http://127.0.0.1:${port}`,
    /** Our Stripe provider, talking to this server. */
    provider: () => stripePaymentProvider({ ...STRIPE_TEST_KEYS, api: { host: '127.0.0.1', port, protocol: 'http' } }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A subscription object as Stripe's API answers it (API 2025+: the price on its one item). */
const subscriptionObject = (sub: FakeStripeSubscription) => ({
  id: sub.id,
  object: 'subscription',
  status: sub.status,
  cancel_at_period_end: sub.cancel_at_period_end,
  cancel_at: null,
  customer: `cus_${sub.id}`,
  items: {
    object: 'list',
    data: [
      {
        id: `si_${sub.id}`,
        object: 'subscription_item',
        price: { id: `price_${sub.id}`, object: 'price', unit_amount: sub.unit_amount, product: 'prod_premium' },
      },
    ],
  },
});

/** A seeded app configured for Stripe with the test keys, paying through `fake`. */
export const stripeAppOptions = (fake: Awaited<ReturnType<typeof startFakeStripe>>): TestAppOptions => ({
  seed: true,
  env: {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
  },
  payments: fake.provider(),
});

/** The Checkout Session Stripe reports for our `payment`: paid, unless `extra` says how it differs. */
export const checkoutSession = (payment: { id: string; providerRef: string | null }, extra: Record<string, unknown> = {}) => ({
  id: payment.providerRef,
  object: 'checkout.session',
  client_reference_id: payment.id,
  payment_status: 'paid',
  ...extra,
});

/** Stripe's event `id` saying that `payment`'s Checkout Session completed (sign it with signedStripeEvent). */
export const checkoutCompleted = (id: string, ...about: Parameters<typeof checkoutSession>) => ({
  id,
  type: 'checkout.session.completed',
  object: checkoutSession(...about),
});

/** An event of Stripe's, as a test writes it: the event's id and type, and the object it is about. */
export type StripeTestEvent = { id: string; type: string; object: Record<string, unknown> };

/** A webhook delivery as Stripe signs it: the raw JSON body and its Stripe-Signature header. */
export async function signedStripeEvent(event: StripeTestEvent, opts: { at: number; secret?: string }) {
  const body = JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(opts.at / 1000),
    type: event.type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: event.object },
  });
  const signature = await new Stripe(STRIPE_TEST_KEYS.secretKey).webhooks.generateTestHeaderStringAsync({
    payload: body,
    secret: opts.secret ?? STRIPE_TEST_KEYS.webhookSecret,
    timestamp: Math.floor(opts.at / 1000),
  });
  return { body, signature };
}

type Charge = { id: string; invoice: string; subscription: string; amount: number; refunded: number };
type Json = (status: number, body: unknown) => void;

/**
 * The fake's charges, refunds and disputes (what the refund path reads): a charge registered for
 * an invoice (`charge`), refunded through `POST /v1/refunds` (replaying a repeated Idempotency-Key,
 * refusing more than is left) or in Stripe's dashboard (`refundInDashboard`), and disputes
 * (`dispute`); `GET /v1/charges/{id}`, `/v1/disputes/{id}`, `/v1/subscriptions/{id}` and
 * `/v1/invoice_payments?payment[payment_intent]=` (the invoice expanded) answer as Stripe does.
 */
function chargesAndDisputes(held: ReadonlyMap<string, FakeStripeSubscription>) {
  const charges = new Map<string, Charge>();
  const disputes = new Map<string, { id: string; charge: Charge; status: string }>();
  const refunds = new Map<string, unknown>();
  const canceled = new Set<string>();
  const byIntent = (pi: string | null) => [...charges.values()].find((c) => `pi_${c.invoice}` === pi);
  const chargeBody = (c: Charge) => ({
    id: c.id,
    object: 'charge',
    amount: c.amount,
    amount_refunded: c.refunded,
    refunded: c.refunded >= c.amount,
    payment_intent: `pi_${c.invoice}`,
  });
  const controls = {
    /** Stripe charged `amount` for `invoice` of `subscription`: the charge `ch_<invoice>` (its object, for an event's body). */
    charge(input: { invoice: string; subscription: string; amount: number }) {
      const c = { id: `ch_${input.invoice}`, ...input, refunded: 0 };
      charges.set(c.id, c);
      return chargeBody(c);
    },
    /** Someone refunded `amount` of `invoice`'s charge in Stripe's dashboard: the charge's object after it. */
    refundInDashboard(invoice: string, amount: number) {
      const c = charges.get(`ch_${invoice}`)!;
      c.refunded += amount;
      return chargeBody(c);
    },
    /** The buyer's bank disputes `invoice`'s charge (`needs_response`), or decides it (`won`, `lost`): the dispute's object. */
    dispute(invoice: string, status: 'needs_response' | 'won' | 'lost') {
      const c = charges.get(`ch_${invoice}`)!;
      const d = { id: `dp_${invoice}`, charge: c, status };
      disputes.set(d.id, d);
      return { id: d.id, object: 'dispute', charge: c.id, payment_intent: `pi_${invoice}`, amount: c.amount, status };
    },
    chargeOf: (invoice: string) => charges.get(`ch_${invoice}`),
    /** Forgets every charge, refund, dispute and cancelled subscription (between tests). */
    resetCharges() {
      for (const kept of [charges, disputes, refunds, canceled]) kept.clear();
    },
  };
  function answer(req: IncomingMessage, url: URL, form: URLSearchParams, json: Json): boolean {
    const get = req.method === 'GET';
    const [, , kind, id] = url.pathname.split('/');
    if (get && kind === 'charges' && id) {
      const c = charges.get(id);
      return c ? (json(200, chargeBody(c)), true) : false;
    }
    if (get && kind === 'disputes' && id) {
      const d = disputes.get(id);
      if (!d) return false;
      json(200, {
        id: d.id,
        object: 'dispute',
        charge: d.charge.id,
        payment_intent: `pi_${d.charge.invoice}`,
        amount: d.charge.amount,
        status: d.status,
      });
      return true;
    }
    // A subscription the test put in `subscriptions` is Stripe's truth, and one no charge names is
    // unknown (404): the main handler answers both. Here: those the registered charges started.
    const chargedFor = (sub: string) => [...charges.values()].some((c) => c.subscription === sub);
    if (kind === 'subscriptions' && id && (held.has(id) || !chargedFor(id))) return false;
    if (kind === 'subscriptions' && id && req.method === 'DELETE') canceled.add(id);
    if (kind === 'subscriptions' && id && (get || req.method === 'DELETE')) {
      json(200, { id, object: 'subscription', status: canceled.has(id) ? 'canceled' : 'active', cancel_at_period_end: false });
      return true;
    }
    if (get && kind === 'invoice_payments' && url.searchParams.get('payment[payment_intent]')) {
      const c = byIntent(url.searchParams.get('payment[payment_intent]'));
      const data = c
        ? [
            {
              id: `inpay_${c.invoice}`,
              object: 'invoice_payment',
              status: 'paid',
              payment: { type: 'payment_intent', payment_intent: `pi_${c.invoice}` },
              invoice: { id: c.invoice, object: 'invoice', parent: { subscription_details: { subscription: c.subscription } } },
            },
          ]
        : [];
      json(200, { object: 'list', url: '/v1/invoice_payments', has_more: false, data });
      return true;
    }
    if (req.method === 'POST' && kind === 'refunds') {
      const c = byIntent(form.get('payment_intent'));
      if (!c) return false;
      const key = String(req.headers['idempotency-key'] ?? '');
      const replay = refunds.get(key);
      if (replay) return (json(200, replay), true);
      const amount = Number(form.get('amount') ?? c.amount - c.refunded);
      if (amount > c.amount - c.refunded) {
        json(400, {
          error: { type: 'invalid_request_error', message: 'Refund amount is greater than unrefunded amount on charge' },
        });
        return true;
      }
      c.refunded += amount;
      const body = {
        id: `re_${c.invoice}_${c.refunded}`,
        object: 'refund',
        status: 'succeeded',
        amount,
        charge: c.id,
        payment_intent: `pi_${c.invoice}`,
      };
      refunds.set(key, body);
      json(200, body);
      return true;
    }
    return false;
  }
  return { controls, answer };
}

/** An invoice of Stripe's for subscription `sub_kari` (its `billing_reason`, period in ms, amount paid in øre), for an event's body. */
export const stripeInvoice = (id: string, reason: string, period: { start: number; end: number }, amount = 39900) => ({
  id,
  object: 'invoice',
  billing_reason: reason,
  amount_paid: amount,
  period_start: period.start / 1000,
  period_end: period.end / 1000,
  parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_kari' } },
  lines: {
    object: 'list',
    data: [{ id: 'il_1', object: 'line_item', period: { start: period.start / 1000, end: period.end / 1000 } }],
  },
});
