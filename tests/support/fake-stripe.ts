import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { TestAppOptions } from '#support/app';
import { stripePaymentProvider } from '#worker/platform/payments/stripe';

export const STRIPE_TEST_KEYS = { secretKey: 'sk_test_soloprenor', webhookSecret: 'whsec_soloprenor_test' } as const;

type Captured = { method: string; path: string; headers: IncomingHttpHeaders; form: URLSearchParams };
/** A subscription as the fake holds it: what `GET /v1/subscriptions/{id}` answers. */
export type FakeStripeSubscription = {
  id: string;
  status: 'active' | 'past_due' | 'canceled' | 'incomplete_expired';
  cancel_at_period_end: boolean;
  /** Øre: the price of its one item. */
  unit_amount: number;
};

/**
 * A loopback HTTP server standing in for api.stripe.com: it answers what our provider calls —
 * `POST /v1/checkout/sessions` (payment or subscription mode) and `…/{id}/expire`, `GET /v1/subscriptions/{id}`,
 * `POST /v1/subscriptions/{id}` (cancel_at_period_end), `DELETE /v1/subscriptions/{id}`,
 * `GET /v1/invoice_payments?invoice=` and `POST /v1/refunds` — as Stripe does, and keeps every
 * request, so tests see what the SDK sent without any network. It holds the subscriptions a
 * test puts in `subscriptions` (Stripe's truth, which the webhook reads back; an unknown one is
 * 404, as at Stripe). `failWith` makes the next answers an API error with that status.
 */
export async function startFakeStripe() {
  const requests: Captured[] = [];
  const subscriptions = new Map<string, FakeStripeSubscription>();
  let failWith: number | null = null;
  let n = 0;
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
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        return json(200, {
          id: `re_test_${++n}`,
          object: 'refund',
          status: 'succeeded',
          amount: Number(form.get('amount')),
          payment_intent: form.get('payment_intent'),
        });
      }
      const expire = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(url.pathname)?.[1];
      if (expire && req.method === 'POST') {
        return json(200, { id: expire, object: 'checkout.session', status: 'expired', payment_status: 'unpaid', url: null });
      }
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const id = `cs_test_${++n}`;
        return json(200, {
          id,
          object: 'checkout.session',
          mode: form.get('mode'),
          status: 'open',
          payment_status: 'unpaid',
          client_reference_id: form.get('client_reference_id'),
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: form.get('line_items[0][price_data][currency]'),
          url: `https://checkout.stripe.com/c/pay/${id}`,
        });
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
    failWith(status: number | null) {
      failWith = status;
    },
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
  items: {
    object: 'list',
    data: [
      {
        id: `si_${sub.id}`,
        object: 'subscription_item',
        price: { id: `price_${sub.id}`, object: 'price', unit_amount: sub.unit_amount },
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
