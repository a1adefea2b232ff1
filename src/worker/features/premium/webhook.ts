import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { paymentEvents, payments, users } from '#db/schema';
import type { ServiceCtx } from '#worker/context';
import { AppError, notFound } from '#worker/http/errors';
import { InvalidWebhookError, type PaymentEvent } from '#worker/platform/payments/types';
import { grantStatement, premiumEndDate } from './grant';

/**
 * POST /api/payments/{provider}/webhook: the provider says how a payment ended. Only a delivery
 * whose signature checks out against the raw body is read. Each event id is handled once
 * (payment_events), a payment turns paid once, and only that turn grants Premium; an expired or
 * failed payment is recorded and leaves the user as they were.
 */
export async function handlePaymentWebhook(
  ctx: ServiceCtx<'payments'>,
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
  if (event.outcome === 'ignored' || !event.paymentId) return;

  const [[seen], [found]] = await db.batch([
    db.select({ eventId: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, event.id)),
    db
      .select({ payment: payments, user: { isPremium: users.isPremium, premiumEndDate: users.premiumEndDate } })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .where(and(eq(payments.id, event.paymentId), eq(payments.provider, provider.name))),
  ]);
  if (seen) return;

  const now = new Date(ctx.now());
  const record = db
    .insert(paymentEvents)
    .values({ eventId: event.id, provider: provider.name, receivedAt: now })
    .onConflictDoNothing();
  const work: BatchItem<'sqlite'>[] = [];
  if (found?.payment && event.outcome === 'paid') {
    const { payment, user } = found;
    work.push(
      db
        .update(payments)
        .set({ status: 'paid', paidAt: now, providerRef: sql`coalesce(${payments.providerRef}, ${event.ref ?? null})` })
        .where(and(eq(payments.id, payment.id), ne(payments.status, 'paid'))),
    );
    // No user (deleted since) or Premium without an end date: the payment is recorded, nothing to extend.
    const endDate = user && payment.userId ? premiumEndDate(user, payment.plan, now.getTime()) : null;
    if (endDate && payment.userId) {
      work.push(grantStatement(db, { userId: payment.userId, plan: payment.plan, endDate, paymentId: payment.id, paidAt: now }));
    }
  } else if (found?.payment && event.outcome !== 'paid') {
    work.push(
      db
        .update(payments)
        .set({ status: event.outcome })
        .where(and(eq(payments.id, found.payment.id), inArray(payments.status, ['pending', 'failed']))),
    );
  }
  await db.batch([record, ...work]);
}
