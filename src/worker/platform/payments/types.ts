import type { Plan } from '#shared/constants';

/**
 * A way to take payment. The premium feature asks a provider to start a payment and, for
 * providers that confirm later, hands it each webhook delivery to verify; it never sees a
 * provider's own API. Adding one (Vipps MobilePay, say) means a file here, a name below and
 * a line in `paymentProviderFor`; the routes stay as they are.
 */
type PaymentProviderName = 'test' | 'stripe';

type StartPaymentInput = {
  /** Our payment id; the provider carries it back in its events. */
  paymentId: string;
  plan: Plan;
  /** Whole NOK, as decided by the server. */
  amount: number;
  currency: 'NOK';
  /** What the buyer sees on the provider's page and receipt. */
  description: string;
  customerEmail: string;
  /** Where the provider's page sends the browser back to. */
  successUrl: string;
  cancelUrl: string;
};

/** Completed at once, or waiting for the buyer on the provider's page; `ref` is the provider's id for it. */
export type StartedPayment = { status: 'paid'; ref: string } | { status: 'redirect'; url: string; ref: string };

/** A verified webhook event in words every provider can be translated to. */
export type PaymentEvent = {
  /** The provider's event id: each is handled once, however often it is delivered. */
  id: string;
  outcome: 'paid' | 'failed' | 'expired' | 'ignored';
  /** Our payment id, when the event concerns a payment we started. */
  paymentId?: string;
  ref?: string;
};

type WebhookDelivery = { body: string; headers: Headers; now: number };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Starts a payment. Throws PaymentStartError when the provider cannot be reached or refuses. */
  start(input: StartPaymentInput): Promise<StartedPayment>;
  /** Verifies a delivery against its raw body; throws InvalidWebhookError when it is not genuine. Absent: no webhooks. */
  verifyWebhook?(delivery: WebhookDelivery): Promise<PaymentEvent>;
}

export class PaymentStartError extends Error {
  override name = 'PaymentStartError';
}

export class InvalidWebhookError extends Error {
  override name = 'InvalidWebhookError';
}
