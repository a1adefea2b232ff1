import { and, eq, inArray, ne } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { paymentEvents, payments, subscriptions, users } from '#db/schema';
import { PRICES_NOK } from '#shared/constants';
import type { ServiceCtx } from '#worker/context';
import {
  expireStatements,
  periodEnd,
  renewalFailedStatements,
  renewedStatements,
  startStatements,
  subscriptionEventStatement,
} from '#worker/features/subscriptions/index';
import { AppError, notFound } from '#worker/errors';
import { InvalidWebhookError, type PaymentEvent } from '#worker/platform/payments/types';

/**
 * POST /api/payments/{provider}/webhook: the provider says how a checkout ended or what happened
 * to a subscription. Only a delivery whose signature checks out against the raw body is read.
 * Each event id is handled once (payment_events); a payment turns paid once, and only that turn
 * starts the subscription; a renewal is recorded once per provider reference. One read batch,
 * then one write batch.
 */
export async function handlePaymentWebhook(
  ctx: ServiceCtx<'payments' | 'config'>,
  delivery: { provider: string; body: string; headers: Headers },
): Promise<void> {
  const { db, payments: provider } = ctx;
  if (provider.name !== delivery.provider || !provider.verifyWebhook) throw notFound();
  let event: PaymentEvent;
  try {
    event = await provider.verifyWebhook({ body: delivery.body, headers: delivery.headers, now: ctx.now() });
  } catch (err) {
    if (err instanceof InvalidWebhookError) throw new AppError('invalid_signature', 400);
    throw err;
  }
  if (event.outcome === 'ignored') return;
  const paymentId = 'paymentId' in event ? event.paymentId : undefined;
  const subscriptionRef = 'subscriptionRef' in event ? event.subscriptionRef : undefined;
  if (!paymentId && !subscriptionRef) return;

  const owner = { email: users.email, isPremium: users.isPremium, premiumEndDate: users.premiumEndDate };
  const [[seen], [found], [sub]] = await db.batch([
    db.select({ eventId: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, event.id)),
    db
      .select({ payment: payments, user: owner })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .where(and(eq(payments.id, paymentId ?? ''), eq(payments.provider, provider.name))),
    db
      .select({ sub: subscriptions, user: owner })
      .from(subscriptions)
      .leftJoin(users, eq(users.id, subscriptions.userId))
      .where(and(eq(subscriptions.provider, provider.name), eq(subscriptions.providerRef, subscriptionRef ?? ''))),
  ]);
  if (seen) return;

  const now = ctx.now();
  const record = db
    .insert(paymentEvents)
    .values({ eventId: event.id, provider: provider.name, receivedAt: new Date(now) })
    .onConflictDoNothing();
  const work: BatchItem<'sqlite'>[] = [];
  const email = sub?.user?.email ?? null;
  switch (event.outcome) {
    case 'paid': {
      if (!found) break;
      const { payment, user } = found;
      const end = periodEnd(payment.plan, now);
      work.push(
        db
          .update(payments)
          .set({
            status: 'paid',
            paidAt: new Date(now),
            periodStart: new Date(now),
            periodEnd: new Date(end),
            providerRef: event.ref ?? payment.providerRef,
          })
          .where(and(eq(payments.id, payment.id), ne(payments.status, 'paid'))),
      );
      // No user (deleted since): the payment is recorded (and refunded by hand), nothing to start.
      if (user && payment.userId) {
        work.push(
          ...startStatements(ctx, {
            paymentId: payment.id,
            userId: payment.userId,
            email: user.email,
            plan: payment.plan,
            provider: provider.name,
            subscriptionRef: event.subscriptionRef ?? null,
            amountOre: payment.amount,
            paidAt: now,
            periodEnd: end,
          }),
        );
      }
      break;
    }
    case 'failed':
    case 'expired':
      if (found) {
        work.push(
          db
            .update(payments)
            .set({ status: event.outcome })
            .where(and(eq(payments.id, found.payment.id), inArray(payments.status, ['pending', 'failed']))),
        );
      }
      break;
    case 'renewal_paid':
      if (sub) {
        work.push(
          ...renewedStatements(ctx, {
            sub: sub.sub,
            email,
            paymentId: crypto.randomUUID(),
            ref: event.ref,
            amountOre: event.amountOre,
            paidAt: now,
            periodStart: event.periodStart,
            periodEnd: event.periodEnd,
          }),
        );
      }
      break;
    case 'renewal_failed':
      if (sub)
        work.push(...renewalFailedStatements(ctx, { sub: sub.sub, email, amountOre: PRICES_NOK[sub.sub.plan] * 100, now }));
      break;
    case 'subscription_updated':
      if (sub && sub.sub.status !== 'expired') {
        const cancel = event.cancelAtPeriodEnd;
        const changes = and(eq(subscriptions.id, sub.sub.id), ne(subscriptions.cancelAtPeriodEnd, cancel))!;
        work.push(
          subscriptionEventStatement(db, {
            kind: cancel ? 'canceled' : 'resumed',
            status: cancel ? 'canceled' : 'active',
            at: now,
            where: changes,
          }),
          db
            .update(subscriptions)
            .set({
              cancelAtPeriodEnd: cancel,
              status: cancel ? 'canceled' : sub.sub.status === 'canceled' ? 'active' : sub.sub.status,
              updatedAt: new Date(now),
            })
            .where(changes),
        );
      }
      break;
    case 'subscription_ended':
      if (sub)
        work.push(...expireStatements(ctx, { subscriptionId: sub.sub.id, userId: sub.sub.userId, email, kind: 'expired', now }));
      break;
  }
  await db.batch([record, ...work]);
}
