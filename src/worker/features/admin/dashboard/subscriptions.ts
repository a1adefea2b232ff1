import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { users } from '#db/schema';
import { PRICES_NOK } from '#shared/constants';
import type { ServiceCtx } from '#worker/context';

/**
 * Counts of running paid subscriptions, as a statement for a batch. A subscription runs while
 * the user is premium on a paid plan whose end date (if any) is still ahead; admin-granted
 * premium earns nothing and is not counted.
 */
export function activeSubscriptionsQuery(ctx: ServiceCtx) {
  const running = and(eq(users.isPremium, true), or(isNull(users.premiumEndDate), gt(users.premiumEndDate, new Date(ctx.now()))));
  return ctx.db
    .select({
      monthly: count(sql`CASE WHEN ${users.premiumPlan} = 'monthly' THEN 1 END`),
      yearly: count(sql`CASE WHEN ${users.premiumPlan} = 'yearly' THEN 1 END`),
    })
    .from(users)
    .where(running);
}

/** Monthly recurring revenue in whole NOK: a monthly plan counts its price, a yearly one a twelfth of it. */
export const monthlyRecurringRevenue = (subs: { monthly: number; yearly: number }) =>
  Math.round(subs.monthly * PRICES_NOK.monthly + (subs.yearly * PRICES_NOK.yearly) / 12);
