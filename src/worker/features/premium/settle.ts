import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '#db';
import { paymentEvents, payments, subscriptions, users, type Payment, type Subscription } from '#db/schema';
import { PRICES_NOK } from '#shared/constants';
import type { ServiceCtx } from '#worker/context';
import {
  chargeEventStatements,
  declinedRenewalStatement,
  expireStatements,
  periodEnd,
  renewalFailedStatements,
  renewedStatements,
  startStatements,
  subscriptionEventStatement,
} from '#worker/features/subscriptions/index';
import type { PaymentEvent, PaymentProviderName } from '#worker/platform/payments/types';

type Owner = { email: string; isPremium: boolean; premiumEndDate: Date | null } | null;
/** What a provider's event is about: our payment (with its buyer) and the subscription (with its owner). */
export type EventTargets = {
  found?: { payment: Payment; user: Owner };
  sub?: { sub: Subscription; user: Owner };
};

export const ownerColumns = { email: users.email, isPremium: users.isPremium, premiumEndDate: users.premiumEndDate };

/** The payment an event names, by our id or by the provider's id it was started or charged with. */
export function eventPaymentRead(db: Db, provider: PaymentProviderName, event: PaymentEvent) {
  const paymentId = 'paymentId' in event ? event.paymentId : undefined;
  return db
    .select({ payment: payments, user: ownerColumns })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .where(
      and(
        eq(payments.provider, provider),
        or(eq(payments.id, paymentId ?? ''), eq(payments.providerRef, event.paymentRef ?? paymentId ?? '')),
      ),
    );
}

/** The subscription an event names by the provider's id for it. */
export function eventSubscriptionRead(db: Db, provider: PaymentProviderName, event: PaymentEvent) {
  const subscriptionRef = 'subscriptionRef' in event ? event.subscriptionRef : undefined;
  return db
    .select({ sub: subscriptions, user: ownerColumns })
    .from(subscriptions)
    .leftJoin(users, eq(users.id, subscriptions.userId))
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerRef, subscriptionRef ?? '')));
}

/**
 * The writes a provider's event sets off, whoever brought it (its webhook, or our poll when the
 * webhook is late): the event recorded as handled, and the change it reports. Each statement is
 * guarded by the state it changes from, so the same news twice changes nothing twice.
 */
export function eventStatements(
  ctx: ServiceCtx<'config'>,
  provider: PaymentProviderName,
  event: PaymentEvent,
  { found, sub }: EventTargets,
): BatchItem<'sqlite'>[] {
  const { db } = ctx;
  const now = ctx.now();
  const work: BatchItem<'sqlite'>[] = [
    db
      .insert(paymentEvents)
      .values({ eventId: event.id, provider, receivedAt: new Date(now) })
      .onConflictDoNothing(),
  ];
  const email = sub?.user?.email ?? null;
  switch (event.outcome) {
    case 'ignored':
      break;
    case 'paid': {
      // Already paid (the agreement's activation and its charge's capture both say so): nothing more.
      if (!found || found.payment.status === 'paid') break;
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
            provider,
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
    case 'renewal_settled': {
      const pending = found?.payment;
      if (sub && pending?.status === 'pending' && pending.periodStart && pending.periodEnd) {
        work.push(
          ...renewedStatements(ctx, {
            sub: sub.sub,
            email,
            paymentId: pending.id,
            ref: pending.providerRef ?? event.paymentId,
            amountOre: pending.amount,
            paidAt: now,
            periodStart: pending.periodStart.getTime(),
            periodEnd: pending.periodEnd.getTime(),
            pending: true,
          }),
        );
      }
      break;
    }
    case 'renewal_declined':
      if (found?.payment.status === 'pending') {
        // Before the payment is marked: the subscription's change is guarded by its own state.
        if (sub) work.push(...renewalFailedStatements(ctx, { sub: sub.sub, email, amountOre: found.payment.amount, now }));
        work.push(declinedRenewalStatement(db, found.payment.id));
      }
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
    case 'refunded':
    case 'dispute':
      // Refunds and disputes made at the provider take the admin's refund path (subscriptions/refund.ts).
      if (found) work.push(...chargeEventStatements(ctx, event, { payment: found.payment, email: found.user?.email ?? null }));
      break;
    case 'subscription_ended':
      if (sub) {
        work.push(...expireStatements(ctx, { subscriptionId: sub.sub.id, userId: sub.sub.userId, email, kind: 'expired', now }));
      } else if (found) {
        // Ended before it started (a Vipps agreement never accepted): the checkout expired.
        work.push(
          db
            .update(payments)
            .set({ status: 'expired' })
            .where(and(eq(payments.id, found.payment.id), eq(payments.status, 'pending'))),
        );
      }
      break;
  }
  return work;
}
