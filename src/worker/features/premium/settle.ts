import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '#db';
import { paymentEvents, payments, subscriptions, users, type Payment, type Subscription } from '#db/schema';
import { PRICES_NOK } from '#shared/constants';
import type { ServiceCtx } from '#worker/context';
import {
  chargeEventStatements,
  declinedRenewalStatement,
  followProviderStatements,
  nextRenewalOre,
  periodEnd,
  renewalFailedStatements,
  renewedStatements,
  startStatements,
  trialStartStatements,
  voidedPaymentStatements,
  type SubscriptionStart,
} from '#worker/features/subscriptions/index';
import type { PaymentEvent, PaymentProviderName, ProviderSubscriptionState } from '#worker/platform/payments/types';

type Owner = { email: string; isPremium: boolean; premiumEndDate: Date | null } | null;
/** What a provider's event is about: our payment (with its buyer) and the subscription (with its owner). */
export type EventTargets = {
  /** `otherSubscription`: a live subscription the buyer already has besides the one this payment would start. */
  found?: { payment: Payment; user: Owner; otherSubscription?: string | null };
  sub?: { sub: Subscription; user: Owner };
  /** The subscription as the provider has it now (read by the webhook): what the event's change is taken from. */
  state?: ProviderSubscriptionState;
  /** The first payment was a second subscription for its buyer, and the provider has paid it back. */
  voided?: boolean;
};

/** A first payment that was paid (and maybe paid back since), or a checkout that started its trial: news that it is paid changes nothing any more. */
export const wasPaid = (payment: Payment) =>
  payment.status === 'paid' || payment.status === 'refunded' || payment.status === 'trial';

export const ownerColumns = { email: users.email, isPremium: users.isPremium, premiumEndDate: users.premiumEndDate };

/** The payment an event names, by our id or by the provider's id it was started or charged with. */
export function eventPaymentRead(db: Db, provider: PaymentProviderName, event: PaymentEvent) {
  const paymentId = 'paymentId' in event ? event.paymentId : undefined;
  return db
    .select({
      payment: payments,
      user: ownerColumns,
      otherSubscription: sql<string | null>`(SELECT s.id FROM ${subscriptions} s WHERE s.user_id = ${payments.userId}
        AND s.status <> 'expired' AND s.id <> ${payments.id} LIMIT 1)`,
    })
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
  { found, sub, state, voided }: EventTargets,
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
      // Already paid, or paid back (voided, or refunded since): nothing more.
      if (!found || wasPaid(found.payment)) break;
      const { payment, user } = found;
      if (voided) {
        // Paid and paid back at once: nothing started; its receipt and credit note are issued.
        work.push(...voidedPaymentStatements(ctx, { payment, email: user?.email ?? null, ref: event.ref ?? null, at: now }));
        break;
      }
      // What a start records (no user, deleted since: nothing to start); each renewal as agreed with
      // the provider (its price for the subscription), else today's list price.
      const start: SubscriptionStart | null =
        user && payment.userId
          ? {
              paymentId: payment.id,
              userId: payment.userId,
              email: user.email,
              plan: payment.plan,
              provider,
              subscriptionRef: event.subscriptionRef ?? null,
              renewalAmountOre: state?.amountOre ?? PRICES_NOK[payment.plan] * 100,
            }
          : null;
      if (payment.trialEndsAt) {
        // Completed with a free trial: the card or agreement is taken, nothing was charged (0060).
        if (start) {
          work.push(
            ...trialStartStatements(ctx, {
              ...start,
              providerRef: event.ref ?? null,
              trialEndsAt: payment.trialEndsAt.getTime(),
              now,
            }),
          );
          if (state)
            work.push(
              ...followProviderStatements(ctx, {
                subscriptionId: payment.id,
                userId: start.userId,
                email: start.email,
                state,
                now,
              }),
            );
        }
        break;
      }
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
      if (start) {
        work.push(
          ...startStatements(ctx, {
            ...start,
            amountOre: payment.amount,
            paidAt: now,
            periodEnd: end,
          }),
        );
        // Stopped or ended at the provider before this news came: the new subscription follows at once.
        if (state) {
          const owner = { subscriptionId: payment.id, userId: start.userId, email: start.email, state, now };
          work.push(...followProviderStatements(ctx, owner));
        }
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
      if (sub) work.push(...renewalFailedStatements(ctx, { sub: sub.sub, email, amountOre: nextRenewalOre(sub.sub), now }));
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
    case 'refunded':
    case 'dispute':
      // Refunds and disputes made at the provider take the admin's refund path (subscriptions/refund.ts).
      if (found) work.push(...chargeEventStatements(ctx, event, { payment: found.payment, email: found.user?.email ?? null }));
      break;
    case 'subscription_updated':
    case 'subscription_ended':
      // The provider's subscription as it is now decides, not what this event said (it may be old news).
      if (sub && state) {
        const owner = { subscriptionId: sub.sub.id, userId: sub.sub.userId, email, state, now };
        work.push(...followProviderStatements(ctx, owner));
      } else if (found && event.outcome === 'subscription_ended') {
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
