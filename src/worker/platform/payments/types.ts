import type { z } from 'zod';
import type { PaymentProviderName } from '#db/schema/enums';
import type { Plan } from '#shared/constants';

export type { PaymentProviderName };

/**
 * A way to take payment for a subscription. The premium feature asks a provider to start one,
 * to cancel, resume or refund it, and — for providers that charge on our schedule (the test
 * provider, Vipps MobilePay Recurring's charges) — to charge a renewal; for providers that renew
 * by themselves (Stripe) it hands each webhook delivery to verify. It never sees a provider's own
 * API. Adding one: see `PaymentProviderModule`; the routes and the renewals job stay as they are.
 */

type StartSubscriptionInput = {
  /** Our payment id for the first period; the provider carries it back in its events. */
  paymentId: string;
  /** Our subscription id. */
  subscriptionId: string;
  plan: Plan;
  /** Øre, VAT included, as decided by the server: what the first period costs. */
  amountOre: number;
  /** Øre, what each later period costs (the list price). */
  renewalAmountOre: number;
  /**
   * How many periods, the first included, cost `amountOre` (a coupon's discounted periods; 1 for
   * any other first-period offer). Later periods cost `renewalAmountOre`.
   */
  discountedPeriods: number;
  currency: 'NOK';
  /** What the buyer sees on the provider's page and receipt. */
  description: string;
  customerEmail: string;
  /** Where the provider's page sends the browser back to. */
  successUrl: string;
  cancelUrl: string;
  /**
   * A free trial of this many days (docs/decisions/0060-free-trial.md): the card or agreement is
   * taken now and nothing is charged; `amountOre` is first charged when it ends (Stripe's
   * `trial_period_days`; a Vipps agreement without initial charge, charged by our renewals job).
   */
  trialDays?: number;
  /** Epoch ms: after this the buyer can no longer pay on the provider's page (where the provider lets us say). */
  expiresAt: number;
};

/** Completed at once, or waiting for the buyer on the provider's page; `ref` is the provider's id for it. */
export type StartedPayment = { status: 'paid'; ref: string } | { status: 'redirect'; url: string; ref: string };

/**
 * How a renewal charge on our schedule went: settled at once (the test provider), refused, or
 * created and settling later (Vipps: charged on its due date, reported by webhook or poll).
 */
export type RenewalCharge =
  { status: 'paid'; ref: string } | { status: 'failed'; reason: string } | { status: 'pending'; ref: string };

/** The subscription as a provider needs to act on it. */
export type ProviderSubscription = { id: string; providerRef: string | null };

/**
 * A verified webhook event in words every provider can be translated to:
 * - `paid` / `failed` / `expired`: how the checkout of our payment `paymentId` ended;
 * - `renewal_paid` / `renewal_failed`: the provider charged (or failed to charge) a renewal of
 *   subscription `subscriptionRef` for `amountOre`, for the period ending at `periodEnd`;
 * - `subscription_updated`: cancel-at-period-end was set or cleared by the provider's side;
 * - `subscription_ended`: the provider ended the subscription (its retries ran out, or cancelled);
 *   a checkout still pending under `paymentRef` expires instead;
 * - `renewal_settled` / `renewal_declined`: our pending renewal payment `paymentId` was captured, or failed for good;
 * - `refunded`: the provider has paid back `refundedOre` in all of payment `paymentRef` (its current
 *   total, read from the provider, not the event: refunds made there or by us alike);
 * - `dispute`: a card dispute on payment `paymentRef` opened, or was won or lost (read from the provider).
 */
export type PaymentEvent = { id: string } & (
  | { outcome: 'ignored' }
  | { outcome: 'paid' | 'failed' | 'expired'; paymentId?: string; ref?: string; subscriptionRef?: string }
  | {
      outcome: 'renewal_paid';
      subscriptionRef: string;
      ref: string;
      amountOre: number;
      periodStart: number;
      periodEnd: number;
    }
  | { outcome: 'renewal_failed'; subscriptionRef: string }
  | { outcome: 'subscription_updated'; subscriptionRef: string; cancelAtPeriodEnd: boolean }
  | { outcome: 'subscription_ended'; subscriptionRef: string }
  | { outcome: 'renewal_settled' | 'renewal_declined'; paymentId: string; subscriptionRef: string }
  | ChargeEvent
) & {
    /** The id the payment was started with (`StartedPayment.ref`), for events that name only that (a Vipps agreement). */
    paymentRef?: string;
  };

/**
 * A subscription as its provider has it now (docs/decisions/0041-provider-is-the-source-of-truth.md):
 * `active` renews; `ending` renews no more and runs to its period's end (Stripe's
 * cancel_at_period_end, a stopped Vipps agreement); `ended` is over now. `amountOre`: what its
 * next renewal charges, where the provider says.
 */
export type ProviderSubscriptionState = { status: 'active' | 'ending' | 'ended'; amountOre?: number };
/** What a provider says of money already paid: refunds and disputes (features/subscriptions/refund.ts). */
export type ChargeEvent =
  | { outcome: 'refunded'; paymentRef: string; subscriptionRef?: string; refundedOre: number }
  | { outcome: 'dispute'; paymentRef: string; subscriptionRef?: string; dispute: 'open' | 'won' | 'lost' };

/** A delivery as received: the raw body, its headers and the full URL it was sent to (signatures may cover it). */
type WebhookDelivery = { body: string; headers: Headers; url: string; now: number };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Starts a subscription with its first payment. Throws PaymentStartError when the provider cannot be reached or refuses. */
  startSubscription(input: StartSubscriptionInput): Promise<StartedPayment>;
  /**
   * Charges one renewal (providers that charge on our schedule; absent when the provider renews
   * by itself and says so by webhook). Throws PaymentStartError when the provider cannot be reached.
   */
  chargeRenewal?(input: {
    subscription: ProviderSubscription;
    paymentId: string;
    amountOre: number;
    plan: Plan;
    /** The end of the paid period: the renewal is due then. */
    dueAt: number;
    /** The first charge after a free trial: due on the trial's last day itself, never earlier (nothing is charged during a trial). */
    afterTrial?: boolean;
    now: number;
  }): Promise<RenewalCharge>;
  /** How long before a period's end its renewal is charged (Vipps needs charges created days before they are due); 0 when absent. */
  readonly renewalLeadMs?: number;
  /**
   * Asks the provider how a payment still pending here stands (a webhook may be late): the event
   * its webhook would have sent, or `ignored` while it is still open. Absent: only webhooks tell.
   */
  poll?(payment: { id: string; providerRef: string | null; subscriptionRef: string | null }): Promise<PaymentEvent>;
  /**
   * Closes a checkout we started (`StartedPayment.ref`) before the buyer can pay on it: a second
   * checkout refused while another is open. Throws PaymentStartError. Absent: nothing to close (paid at once).
   */
  voidCheckout?(ref: string): Promise<void>;
  /**
   * Sets what the subscription's renewals cost from its next one on (a noticed list price change;
   * docs/decisions/0042-price-changes.md), without charging anything now. Throws PaymentStartError.
   * Absent: the provider charges what we ask each time (the test provider).
   */
  changePrice?(input: { subscription: ProviderSubscription; plan: Plan; amountOre: number }): Promise<void>;
  /** Ends the subscription at the end of the paid period (no further charge). Throws PaymentStartError. */
  cancel(subscription: ProviderSubscription): Promise<void>;
  /** Undoes `cancel` while the period still runs. Throws PaymentStartError. Absent: a cancellation is final (Vipps). */
  resume?(subscription: ProviderSubscription): Promise<void>;
  /**
   * Pays back `amountOre` of a payment (all or part of what is left). `key` names this refund
   * (the payment and how much was refunded before it): a retry with the same key is the same
   * refund, never a second one. Throws PaymentStartError.
   */
  refund(input: {
    subscription: ProviderSubscription | null;
    paymentRef: string;
    amountOre: number;
    key: string;
  }): Promise<{ ref: string }>;
  /**
   * Gives the subscription's customer `amountOre` off what they pay next (a «Verv en venn» free
   * month, docs/decisions/0061): Stripe's customer balance, which its next invoice draws on. `key`
   * names the credit: a retry is the same credit. Throws PaymentStartError. Absent: the provider
   * charges on our schedule, so the free month moves our period on instead.
   */
  creditNextRenewal?(input: {
    subscription: ProviderSubscription;
    amountOre: number;
    key: string;
    description: string;
  }): Promise<{ ref: string }>;
  /**
   * The fingerprint of the card that paid payment `paymentRef` (the same card has the same one
   * across customers), or null when none is known. Throws PaymentStartError. Absent: no cards.
   */
  cardFingerprint?(paymentRef: string): Promise<string | null>;
  /** Ends the subscription now: nothing more is charged (after a full refund or a lost dispute). Throws PaymentStartError. */
  end(subscription: ProviderSubscription): Promise<void>;
  /**
   * Reads the subscription `ref` (Stripe's subscription, Vipps's agreement) as the provider has it
   * now: a webhook is only a trigger, this is the truth it applies. Throws PaymentStartError.
   */
  subscriptionState?(ref: string): Promise<ProviderSubscriptionState>;
  /** Verifies a delivery against its raw body; throws InvalidWebhookError when it is not genuine. Absent: no webhooks. */
  verifyWebhook?(delivery: WebhookDelivery): Promise<PaymentEvent>;
}

/** What a provider may know of the app it is set up for. */
export type ProviderApp = { appEnv: 'development' | 'test' | 'production'; publicUrl: string };

/**
 * A provider as the app registers it (registry.ts): its name, the settings it reads from the
 * environment — config.ts checks them at start when the provider is offered, so a missing key
 * stops the start naming it — and how it is made from them. Adding a provider is its file (this
 * object and its `PaymentProvider`), its name in PAYMENT_PROVIDERS (the stored vocabulary the
 * database and the browser share) and its line in the registry; the compiler then asks for its
 * Norwegian labels in copy. Nothing else names providers (registry.test.ts adds a fourth).
 */
export interface PaymentProviderModule<S extends z.ZodObject = z.ZodObject> {
  readonly name: PaymentProviderName;
  readonly settings: S;
  /** Grants Premium with nothing charged (the test provider): the default outside production, refused in it. */
  readonly chargesNothing?: boolean;
  create(settings: z.output<S>, app: ProviderApp): PaymentProvider;
}

/** A module with its settings' types checked against `create` (the registry keeps them apart). */
export const paymentProviderModule = <S extends z.ZodObject>(module: PaymentProviderModule<S>): PaymentProviderModule => module;

/** The providers the checkout offers, the default first (none: PAYMENT_PROVIDER=none). */
export type PaymentProviders = {
  /** Absent with PAYMENT_PROVIDER=none: the checkout answers that payment is unavailable. */
  readonly default: PaymentProvider | undefined;
  readonly all: readonly PaymentProvider[];
  byName(name: string): PaymentProvider | undefined;
};

export function paymentProviders(list: readonly PaymentProvider[], fallback?: PaymentProvider): PaymentProviders {
  return {
    default: list[0] ?? fallback,
    all: list,
    byName: (name) => list.find((p) => p.name === name),
  };
}

export class PaymentStartError extends Error {
  override name = 'PaymentStartError';
}

export class InvalidWebhookError extends Error {
  override name = 'InvalidWebhookError';
}
