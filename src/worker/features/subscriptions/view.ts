import type { Subscription } from '#db/schema';
import type { SubscriptionResponse } from '#shared/schemas/subscriptions';
import { nextRenewalOre } from './lifecycle';

/** A subscription as the API shows it, to its owner and to the admin alike (null: none yet). */
export const subscriptionView = (sub: Subscription | undefined): SubscriptionResponse['subscription'] =>
  sub
    ? {
        plan: sub.plan,
        status: sub.status,
        currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        provider: sub.provider,
        amountOre: nextRenewalOre(sub),
      }
    : null;
