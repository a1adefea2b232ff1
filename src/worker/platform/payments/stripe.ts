import Stripe from 'stripe';
import { InvalidWebhookError, PaymentStartError, type PaymentEvent, type PaymentProvider } from './types';

export type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (tests point this at a loopback server standing in for api.stripe.com). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

/**
 * Card payment through Stripe Checkout, with the official SDK over `fetch` and Web Crypto so it
 * runs on Node and Workers alike. `start` creates a one-time Checkout Session and returns its
 * page; the signed webhook (`checkout.session.*`) says how it ended.
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

  return {
    name: 'stripe',

    async start(input) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: input.paymentId,
            customer_email: input.customerEmail,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.amount * 100,
                  product_data: { name: input.description },
                },
              },
            ],
            metadata: { paymentId: input.paymentId, plan: input.plan },
            payment_intent_data: { metadata: { paymentId: input.paymentId } },
            locale: 'nb',
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          // A retried request (network hiccup) never opens a second session for the same payment.
          { idempotencyKey: input.paymentId },
        );
      } catch (err) {
        throw new PaymentStartError(err instanceof Error ? err.message : String(err));
      }
      if (!session.url) throw new PaymentStartError(`Checkout Session ${session.id} has no url`);
      return { status: 'redirect', url: session.url, ref: session.id };
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
      return paymentEvent(event);
    },
  };
}

/** Stripe's event in the provider-neutral words of PaymentEvent. */
function paymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A delayed payment method completes the session unpaid; its async_* event follows.
      if (session.payment_status !== 'paid') return { ...base, outcome: 'ignored' };
      return { ...base, outcome: 'paid', paymentId: session.client_reference_id ?? undefined, ref: session.id };
    }
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      return { ...base, outcome: 'failed', paymentId: session.client_reference_id ?? undefined, ref: session.id };
    }
    case 'checkout.session.expired': {
      const session = event.data.object;
      return { ...base, outcome: 'expired', paymentId: session.client_reference_id ?? undefined, ref: session.id };
    }
    case 'payment_intent.payment_failed':
      return { ...base, outcome: 'failed', paymentId: event.data.object.metadata?.paymentId };
    default:
      return { ...base, outcome: 'ignored' };
  }
}
