import { eq } from 'drizzle-orm';
import { paymentEvents } from '#db/schema';
import type { ServiceCtx } from '#worker/context';
import { AppError, notFound } from '#worker/errors';
import { chargeEventEndsSubscription, endAtProvider } from '#worker/features/subscriptions/index';
import {
  InvalidWebhookError,
  PaymentStartError,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderSubscriptionState,
} from '#worker/platform/payments/types';
import { eventPaymentRead, eventStatements, eventSubscriptionRead, wasPaid, type EventTargets } from './settle';

/**
 * POST /api/payments/{provider}/webhook: the provider says how a checkout ended or what happened
 * to a subscription. Only a delivery whose signature checks out against the raw body is read.
 * Each event id is handled once (payment_events); a payment turns paid once, and only that turn
 * starts the subscription; a renewal is recorded once per provider reference. The provider is
 * the source of truth (docs/decisions/0041-provider-is-the-source-of-truth.md): an event about
 * something we do not know yet is answered 409 and not recorded, so the provider delivers it
 * again; a subscription's state is read from the provider now, not taken from the event. One
 * read batch, the provider's answer, then one write batch (`eventStatements`, shared with the
 * polls for late webhooks).
 */
export async function handlePaymentWebhook(
  ctx: ServiceCtx<'payments' | 'config'>,
  delivery: { provider: string; body: string; headers: Headers; url: string },
): Promise<void> {
  const { db } = ctx;
  const provider = ctx.payments.byName(delivery.provider);
  if (!provider?.verifyWebhook) throw notFound();
  let event: PaymentEvent;
  try {
    event = await provider.verifyWebhook({ body: delivery.body, headers: delivery.headers, url: delivery.url, now: ctx.now() });
  } catch (err) {
    if (err instanceof InvalidWebhookError) throw new AppError('invalid_signature', 400);
    // Genuine, but what it is about could not be read from the provider (a refund's charge): try again later.
    if (err instanceof PaymentStartError) throw new AppError('payment_unavailable', 502);
    throw err;
  }
  if (event.outcome === 'ignored') return;
  const [[seen], [found], [sub]] = await db.batch([
    db.select({ eventId: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, event.id)),
    eventPaymentRead(db, provider.name, event),
    eventSubscriptionRead(db, provider.name, event),
  ]);
  if (seen) return;
  if (!known(event, { found, sub })) throw new AppError('webhook_target_unknown', 409);
  const voided = await voidSecondSubscription(provider, event, found);
  const state = voided ? undefined : await stateToFollow(provider, event, { found, sub });
  // A refund or lost dispute that takes back all of a payment ends its subscription at the provider
  // first (no further charges); a provider out of reach is a 502, and the event comes again.
  if (
    (event.outcome === 'refunded' || event.outcome === 'dispute') &&
    found &&
    sub &&
    chargeEventEndsSubscription(event, found.payment)
  )
    await endAtProvider(provider, sub.sub);
  const [record, ...work] = eventStatements(ctx, provider.name, event, { found, sub, state, voided });
  await db.batch([record!, ...work]);
}

/**
 * At most one subscription per person: a first payment whose buyer already has a live
 * subscription (two checkouts completed at once) is paid back in full at the provider, which
 * also ends what it started, and is recorded as refunded. True when so.
 */
async function voidSecondSubscription(provider: PaymentProvider, event: PaymentEvent, found: EventTargets['found']) {
  if (event.outcome !== 'paid' || !found?.otherSubscription || wasPaid(found.payment)) return false;
  const { payment } = found;
  const subscription = event.subscriptionRef ? { id: payment.id, providerRef: event.subscriptionRef } : null;
  try {
    await provider.refund({
      subscription,
      paymentRef: event.ref ?? payment.providerRef ?? payment.id,
      amountOre: payment.amount,
      key: `void:${payment.id}`,
    });
    if (subscription) await provider.end(subscription);
  } catch (err) {
    if (!(err instanceof PaymentStartError)) throw err;
    console.error(`Payment provider ${provider.name} could not pay back second subscription ${payment.id}:`, err.message);
    throw new AppError('provider_unreachable', 502);
  }
  return true;
}

/** Whether we hold what the event is about: the checkout for a checkout's news, the subscription for a subscription's. */
function known(event: PaymentEvent, { found, sub }: EventTargets): boolean {
  switch (event.outcome) {
    case 'ignored':
      return true;
    case 'paid':
    case 'failed':
    case 'expired':
      return Boolean(found);
    case 'subscription_ended':
      // A pending checkout's agreement may end before it ever started.
      return Boolean(sub ?? found);
    case 'refunded':
    case 'dispute':
      // Money taken back from a payment we recorded, whether or not it started a subscription.
      return Boolean(found);
    default:
      return Boolean(sub);
  }
}

/**
 * The subscription as the provider has it now, where the event changes one: a subscription's
 * news, or a first payment that starts one (which may have been stopped or ended meanwhile).
 */
async function stateToFollow(
  provider: PaymentProvider,
  event: PaymentEvent,
  { found, sub }: EventTargets,
): Promise<ProviderSubscriptionState | undefined> {
  const ref =
    event.outcome === 'subscription_updated' || event.outcome === 'subscription_ended'
      ? sub && event.subscriptionRef
      : event.outcome === 'paid' && found && !wasPaid(found.payment)
        ? event.subscriptionRef
        : undefined;
  if (!ref || !provider.subscriptionState) return undefined;
  try {
    return await provider.subscriptionState(ref);
  } catch (err) {
    if (!(err instanceof PaymentStartError)) throw err;
    // Unanswered: not recorded, so the provider delivers the event again.
    console.error(`Payment provider ${provider.name} could not be asked about ${ref}:`, err.message);
    throw new AppError('provider_unreachable', 502);
  }
}
