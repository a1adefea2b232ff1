import { eq } from 'drizzle-orm';
import { paymentEvents } from '#db/schema';
import type { ServiceCtx } from '#worker/context';
import { AppError, notFound } from '#worker/errors';
import { chargeEventEndsSubscription, endAtProvider } from '#worker/features/subscriptions/index';
import { InvalidWebhookError, PaymentStartError, type PaymentEvent } from '#worker/platform/payments/types';
import { eventPaymentRead, eventStatements, eventSubscriptionRead } from './settle';

/**
 * POST /api/payments/{provider}/webhook: the provider says how a checkout ended or what happened
 * to a subscription. Only a delivery whose signature checks out against the raw body is read.
 * Each event id is handled once (payment_events); a payment turns paid once, and only that turn
 * starts the subscription; a renewal is recorded once per provider reference. One read batch,
 * then one write batch (`eventStatements`, shared with the polls for late webhooks).
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
  // A refund or lost dispute that takes back all of a payment ends its subscription at the provider
  // first (no further charges); a provider out of reach is a 502, and the event comes again.
  if (
    (event.outcome === 'refunded' || event.outcome === 'dispute') &&
    found &&
    sub &&
    chargeEventEndsSubscription(event, found.payment)
  )
    await endAtProvider(provider, sub.sub);
  const [record, ...work] = eventStatements(ctx, provider.name, event, { found, sub });
  await db.batch([record!, ...work]);
}
