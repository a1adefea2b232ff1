import Stripe from 'stripe';
import { isChargeEvent, stripeChargeEvent } from './stripe-charges';
import { z } from 'zod';
import { InvalidWebhookError, paymentProviderModule, PaymentStartError, type PaymentEvent, type PaymentProvider } from './types';

export type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (tests point this at a loopback server standing in for api.stripe.com). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

/** STRIPE_API_URL in the SDK's words (host, port and protocol). */
export function stripeApi(url: string): NonNullable<StripeOptions['api']> {
  const { hostname, port, protocol } = new URL(url);
  const scheme = protocol === 'http:' ? 'http' : 'https';
  return { host: hostname, port: Number(port || (scheme === 'http' ? 80 : 443)), protocol: scheme };
}

const PLAN_INTERVAL = { monthly: 'month', yearly: 'year' } as const;

/**
 * Card subscriptions through Stripe Checkout (subscription mode), with the official SDK over
 * `fetch` and Web Crypto so it runs on Node and Workers alike. Stripe renews and retries by
 * itself; its signed webhooks (`checkout.session.*`, `invoice.paid`, `invoice.payment_failed`,
 * `customer.subscription.updated|deleted`) say what happened. A payment's ref is its invoice.
 */
export function stripePaymentProvider(opts: StripeOptions): PaymentProvider {
  const stripe = new Stripe(opts.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    ...opts.api,
  });
  const cryptoProvider = Stripe.createSubtleCryptoProvider();
  /** Every API error becomes a PaymentStartError: the caller answers 502 and keeps its records as they were. */
  const call = async <T>(what: () => Promise<T>): Promise<T> => {
    try {
      return await what();
    } catch (err) {
      throw new PaymentStartError(err instanceof Error ? err.message : String(err));
    }
  };
  /** The payment intent that paid invoice `invoice` (a payment's ref), or null. */
  const paidIntent = async (invoice: string) => {
    const [paid] = (await stripe.invoicePayments.list({ invoice, status: 'paid', limit: 1 })).data;
    const intent = paid?.payment.payment_intent;
    return intent ? (typeof intent === 'string' ? intent : intent.id) : null;
  };
  const subscriptionRef = (sub: { providerRef: string | null }) => {
    if (!sub.providerRef) throw new PaymentStartError('subscription has no Stripe id yet');
    return sub.providerRef;
  };

  return {
    name: 'stripe',

    async startSubscription(input) {
      const discount = await call(() => firstPeriodsCoupon(stripe, input));
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            client_reference_id: input.paymentId,
            customer_email: input.customerEmail,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.renewalAmountOre,
                  recurring: { interval: PLAN_INTERVAL[input.plan] },
                  product_data: { name: input.description },
                },
              },
            ],
            ...(discount ? { discounts: [{ coupon: discount }] } : {}),
            metadata: { paymentId: input.paymentId, subscriptionId: input.subscriptionId, plan: input.plan },
            subscription_data: {
              metadata: { subscriptionId: input.subscriptionId },
              // A free trial (0060): the card is taken now, the first invoice comes when it ends; without a
              // card by then the subscription is cancelled, never left unpaid.
              ...(input.trialDays
                ? { trial_period_days: input.trialDays, trial_settings: { end_behavior: { missing_payment_method: 'cancel' } } }
                : {}),
            },
            ...(input.trialDays ? { payment_method_collection: 'always' } : {}),
            locale: 'nb',
            expires_at: Math.floor(input.expiresAt / 1000),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          // A retried request (network hiccup) never opens a second session for the same payment.
          { idempotencyKey: input.paymentId },
        ),
      );
      if (!session.url) throw new PaymentStartError(`Checkout Session ${session.id} has no url`);
      return { status: 'redirect', url: session.url, ref: session.id };
    },

    async voidCheckout(ref) {
      await call(() => stripe.checkout.sessions.expire(ref));
    },

    async subscriptionState(ref) {
      const sub = await call(() => stripe.subscriptions.retrieve(ref));
      const ended = sub.status === 'canceled' || sub.status === 'incomplete_expired';
      return {
        status: ended ? 'ended' : sub.cancel_at_period_end || sub.cancel_at ? 'ending' : 'active',
        amountOre: sub.items?.data[0]?.price.unit_amount ?? undefined,
      };
    },

    async changePrice({ subscription, plan, amountOre }) {
      const ref = subscriptionRef(subscription);
      await call(async () => {
        const item = (await stripe.subscriptions.retrieve(ref)).items.data[0];
        if (!item) throw new Error(`subscription ${ref} has no item`);
        const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
        // No proration: nothing is charged now; the next invoice is at the new price.
        await stripe.subscriptions.update(
          ref,
          {
            items: [
              {
                id: item.id,
                price_data: { currency: 'nok', product, unit_amount: amountOre, recurring: { interval: PLAN_INTERVAL[plan] } },
              },
            ],
            proration_behavior: 'none',
          },
          { idempotencyKey: `price-${ref}-${amountOre}` },
        );
      });
    },

    async cancel(sub) {
      await call(() => stripe.subscriptions.update(subscriptionRef(sub), { cancel_at_period_end: true }));
    },

    async resume(sub) {
      await call(() => stripe.subscriptions.update(subscriptionRef(sub), { cancel_at_period_end: false }));
    },

    async refund({ paymentRef, amountOre, key }) {
      const refund = await call(async () => {
        const intent = await paidIntent(paymentRef);
        if (!intent) throw new Error(`invoice ${paymentRef} has no paid payment intent`);
        return stripe.refunds.create({ payment_intent: intent, amount: amountOre }, { idempotencyKey: key });
      });
      return { ref: refund.id };
    },

    async creditNextRenewal({ subscription, amountOre, key, description }) {
      const ref = subscriptionRef(subscription);
      const credit = await call(async () => {
        const { customer } = await stripe.subscriptions.retrieve(ref);
        // A negative balance transaction is a credit: Stripe takes it off the customer's next invoice.
        return stripe.customers.createBalanceTransaction(
          typeof customer === 'string' ? customer : customer.id,
          { amount: -amountOre, currency: 'nok', description },
          { idempotencyKey: key },
        );
      });
      return { ref: credit.id };
    },

    async cardFingerprint(paymentRef) {
      return call(async () => {
        const intent = await paidIntent(paymentRef);
        if (!intent) return null;
        const { payment_method: method } = await stripe.paymentIntents.retrieve(intent, { expand: ['payment_method'] });
        return method && typeof method !== 'string' ? (method.card?.fingerprint ?? null) : null;
      });
    },

    async end(sub) {
      const ref = subscriptionRef(sub);
      await call(async () => {
        // Already ended there (a refund made in Stripe's dashboard may have cancelled it too): nothing to do.
        if ((await stripe.subscriptions.retrieve(ref)).status === 'canceled') return;
        await stripe.subscriptions.cancel(ref);
      });
    },

    async verifyWebhook({ body, headers, now }) {
      const signature = headers.get('stripe-signature');
      if (!signature) throw new InvalidWebhookError('Stripe-Signature header missing');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(body, signature, opts.webhookSecret, undefined, cryptoProvider, now);
      } catch (err) {
        throw new InvalidWebhookError(err instanceof Error ? err.message : String(err));
      }
      // Refunds and disputes are read from Stripe's current objects, not from the event.
      if (isChargeEvent(event)) return call(() => stripeChargeEvent(stripe, event));
      return paymentEvent(event);
    },
  };
}

const MONTHS = { monthly: 1, yearly: 12 } as const;

/**
 * A lower price for the first periods (a coupon's, a campaign's or the welcome offer's): a Stripe
 * coupon of the difference, once for one period or repeating for the months the periods span, so
 * each invoice charges what our receipt says and renewals after it the list price (the item's
 * price). Made for this one payment (`max_redemptions` 1, idempotent on it); null: no discount.
 */
async function firstPeriodsCoupon(
  stripe: Stripe,
  input: { paymentId: string; plan: keyof typeof MONTHS; amountOre: number; renewalAmountOre: number; discountedPeriods: number },
): Promise<string | null> {
  const off = input.renewalAmountOre - input.amountOre;
  if (off <= 0) return null;
  const periods = Math.max(1, input.discountedPeriods);
  const coupon = await stripe.coupons.create(
    {
      amount_off: off,
      currency: 'nok',
      ...(periods === 1 ? { duration: 'once' } : { duration: 'repeating', duration_in_months: periods * MONTHS[input.plan] }),
      max_redemptions: 1,
      metadata: { paymentId: input.paymentId },
    },
    { idempotencyKey: `coupon-${input.paymentId}` },
  );
  return coupon.id;
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? undefined));

/** The subscription an invoice belongs to (API 2025+: under `parent.subscription_details`). */
const invoiceSubscription = (invoice: Stripe.Invoice) => idOf(invoice.parent?.subscription_details?.subscription);

/** Stripe's event in the provider-neutral words of PaymentEvent. */
function paymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A delayed payment method completes the session unpaid; its async_* event follows. A free
      // trial's session completes with nothing to pay: the card is taken, the trial starts (0060).
      if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required')
        return { ...base, outcome: 'ignored' };
      return {
        ...base,
        outcome: 'paid',
        paymentId: session.client_reference_id ?? undefined,
        ref: idOf(session.invoice) ?? session.id,
        subscriptionRef: idOf(session.subscription),
      };
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      const outcome = event.type === 'checkout.session.expired' ? 'expired' : 'failed';
      return { ...base, outcome, paymentId: session.client_reference_id ?? undefined };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionRef = invoiceSubscription(invoice);
      // The first invoice is the checkout's own payment (checkout.session.completed records it).
      if (invoice.billing_reason !== 'subscription_cycle' || !subscriptionRef || !invoice.id)
        return { ...base, outcome: 'ignored' };
      const period = invoice.lines.data[0]?.period ?? { start: invoice.period_start, end: invoice.period_end };
      return {
        ...base,
        outcome: 'renewal_paid',
        subscriptionRef,
        ref: invoice.id,
        amountOre: invoice.amount_paid,
        periodStart: period.start * 1000,
        periodEnd: period.end * 1000,
      };
    }
    case 'invoice.payment_failed': {
      const subscriptionRef = invoiceSubscription(event.data.object);
      if (event.data.object.billing_reason !== 'subscription_cycle' || !subscriptionRef) return { ...base, outcome: 'ignored' };
      return { ...base, outcome: 'renewal_failed', subscriptionRef };
    }
    case 'customer.subscription.updated': {
      const sub = event.data.object;
      return { ...base, outcome: 'subscription_updated', subscriptionRef: sub.id, cancelAtPeriodEnd: sub.cancel_at_period_end };
    }
    case 'customer.subscription.deleted':
      return { ...base, outcome: 'subscription_ended', subscriptionRef: event.data.object.id };
    default:
      return { ...base, outcome: 'ignored' };
  }
}

/** Stripe as the registry knows it: its keys from the environment (README, "Stripe"). */
export const stripePayments = paymentProviderModule({
  name: 'stripe',
  settings: z.object({
    STRIPE_SECRET_KEY: z.string().min(1),
    STRIPE_WEBHOOK_SECRET: z.string().min(1),
    /** Another address for Stripe's API (a local stand-in in tests); unset: api.stripe.com. */
    STRIPE_API_URL: z.url().optional(),
  }),
  create: (s) =>
    stripePaymentProvider({
      secretKey: s.STRIPE_SECRET_KEY,
      webhookSecret: s.STRIPE_WEBHOOK_SECRET,
      api: s.STRIPE_API_URL ? stripeApi(s.STRIPE_API_URL) : undefined,
    }),
});
