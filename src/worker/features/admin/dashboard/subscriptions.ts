import { and, count, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import { receipts, subscriptionEvents, subscriptions } from '#db/schema';
import { DAY } from '#shared/time';
import type { ServiceCtx } from '#worker/context';

/** The revenue tab's look-ahead and look-back: renewals due, failures, cancellations and refunds within this many days. */
export const SUBSCRIPTION_WINDOW_DAYS = 30;

/**
 * Counts of recurring subscriptions per plan, as a statement for a batch: active or past due
 * (still being retried) and not cancelled, and what they bring in a month (`mrrOre`: each at the
 * price its subscriber agreed, a yearly one a twelfth of it). Admin-granted Premium is no
 * subscription and earns nothing.
 */
export function activeSubscriptionsQuery(ctx: ServiceCtx) {
  return ctx.db
    .select({
      monthly: count(sql`CASE WHEN ${subscriptions.plan} = 'monthly' THEN 1 END`),
      yearly: count(sql`CASE WHEN ${subscriptions.plan} = 'yearly' THEN 1 END`),
      mrrOre: sql<number>`coalesce(sum(CASE ${subscriptions.plan} WHEN 'yearly' THEN ${subscriptions.amountOre} / 12.0 ELSE ${subscriptions.amountOre} END), 0)`,
    })
    .from(subscriptions)
    .where(and(inArray(subscriptions.status, ['active', 'past_due']), eq(subscriptions.cancelAtPeriodEnd, false)));
}

/**
 * What the subscriptions did and will do around now, as statements for a batch: renewals due in
 * the next 30 days (and what they will bring in, øre), and in the last 30 days the failed
 * renewals (history rows), the subscriptions cancelled (each counted once, however often it was
 * cancelled and resumed) and the refunds (credit notes: a payment refunded in parts counts each).
 */
export function subscriptionActivityQueries(ctx: ServiceCtx) {
  const { db } = ctx;
  const now = ctx.now();
  const window = SUBSCRIPTION_WINDOW_DAYS * DAY;
  const since = new Date(now - window);
  return [
    db
      .select({
        n: count(),
        // Each at what its renewal charges: the agreed price, or a noticed new one where it applies.
        ore: sql<number>`coalesce(sum(CASE WHEN ${subscriptions.nextAmountFrom} <= ${subscriptions.currentPeriodEnd}
          THEN ${subscriptions.nextAmountOre} ELSE ${subscriptions.amountOre} END), 0)`,
      })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.status, 'active'),
          eq(subscriptions.cancelAtPeriodEnd, false),
          gt(subscriptions.currentPeriodEnd, new Date(now)),
          lte(subscriptions.currentPeriodEnd, new Date(now + window)),
        ),
      ),
    db
      .select({
        failed: count(sql`CASE WHEN ${subscriptionEvents.kind} = 'renewal_failed' THEN 1 END`),
        canceled: sql<number>`count(DISTINCT CASE WHEN ${subscriptionEvents.kind} = 'canceled' THEN ${subscriptionEvents.subscriptionId} END)`,
      })
      .from(subscriptionEvents)
      .where(and(inArray(subscriptionEvents.kind, ['renewal_failed', 'canceled']), gte(subscriptionEvents.at, since))),
    db
      .select({ n: count(), ore: sql<number>`coalesce(-sum(${receipts.totalOre}), 0)` })
      .from(receipts)
      .where(and(eq(receipts.kind, 'credit_note'), gte(receipts.issuedAt, since))),
  ] as const;
}

/** Monthly recurring revenue in whole NOK, from `activeSubscriptionsQuery`'s `mrrOre`. */
export const monthlyRecurringRevenue = (mrrOre: number) => Math.round(mrrOre / 100);
