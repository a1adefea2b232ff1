import type { Subscription } from '#db/schema';
import type { SubscriptionResponse } from '#shared/schemas/subscriptions';
import type { PaymentProviders } from '#worker/platform/payments/types';
import { nextRenewalOre } from './lifecycle';

/**
 * A subscription as the API shows it, to its owner and to the admin alike (null: none yet).
 * Whether a cancellation can be undone is its provider's to say (a stopped Vipps agreement cannot).
 */
export const subscriptionView = (
  sub: Subscription | undefined,
  payments: PaymentProviders,
): SubscriptionResponse['subscription'] =>
  sub
    ? {
        plan: sub.plan,
        status: sub.status,
        currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        provider: sub.provider,
        canResume: payments.byName(sub.provider)?.resume !== undefined,
        amountOre: nextRenewalOre(sub),
      }
    : null;
