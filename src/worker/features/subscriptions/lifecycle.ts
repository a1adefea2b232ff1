import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '#db';
import { couponRedemptions, payments, subscriptions, users, type Subscription } from '#db/schema';
import type { Plan } from '#shared/constants';
import { PATHS } from '#shared/paths';
import type { Config } from '#worker/config';
import { dunningEmail, premiumEndedEmail } from '#worker/emails/subscription';
import type { PaymentProviderName, ProviderSubscriptionState } from '#worker/platform/payments/types';
import { grantStatement } from './grant';
import { GRACE_MS, RETRY_INTERVAL_MS } from './rules';
import {
  enqueueMailIf,
  receiptMailStatement,
  receiptStatement,
  subscriptionEventStatement,
  subscriptionWebhookStatement,
} from './statements';

type Ctx = { db: Db; config: Config };
const profileLink = (config: Config) => config.PUBLIC_URL + PATHS.profile;

/** Holds when payment `id` turned paid at `paidAt` in this batch (the guard of everything a payment sets off). */
const paidNow = (paymentId: string, paidAt: number) =>
  sql`EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.id} = ${paymentId} AND ${payments.status} = 'paid' AND ${payments.paidAt} = ${paidAt})`;

/**
 * What a first payment sets off, once an earlier statement of the batch marked it paid at
 * `paidAt` with its period: the subscription (its id is the first payment's), the payment's link
 * to it, the receipt, Premium until the period's end, the 'started' history row and the receipt
 * mail. A payment that was not just paid (a refused insert, a redelivered event) sets off nothing.
 */
/** Who starts a subscription with which first payment, as a paid start and a trial's start both take it. */
export type SubscriptionStart = {
  paymentId: string;
  userId: string;
  email: string;
  plan: Plan;
  provider: PaymentProviderName;
  subscriptionRef: string | null;
  /** Øre: what each renewal will cost, agreed now (the list price; the first period may have cost less). */
  renewalAmountOre: number;
};

export function startStatements(
  { db, config }: Ctx,
  input: SubscriptionStart & {
    amountOre: number;
    paidAt: number;
    periodEnd: number;
  },
): BatchItem<'sqlite'>[] {
  const { paymentId: id, paidAt } = input;
  const guard = paidNow(id, paidAt);
  // A coupon for several periods: the renewals after the first that still cost its price.
  const coupon = (column: string) =>
    sql`(SELECT ${sql.raw(column)} FROM ${couponRedemptions} r WHERE r.payment_id = ${id} AND r.periods > 1)`;
  return [
    db.run(sql`
      INSERT INTO ${subscriptions} (id, user_id, plan, status, provider, provider_ref, current_period_start, current_period_end, amount_ore,
                                    discounted_renewals, discounted_amount_ore, updated_at)
      SELECT ${id}, ${input.userId}, ${input.plan}, 'active', ${input.provider}, ${input.subscriptionRef}, ${paidAt}, ${input.periodEnd},
             ${input.renewalAmountOre}, coalesce(${coupon('r.periods - 1')}, 0), ${coupon('r.amount_ore')}, ${paidAt}
      WHERE ${guard}
      ON CONFLICT DO NOTHING`),
    db
      .update(payments)
      .set({ subscriptionId: id })
      .where(and(eq(payments.id, id), guard)),
    subscriptionEventStatement(db, {
      kind: 'started',
      status: 'active',
      at: paidAt,
      where: and(eq(subscriptions.id, id), guard)!,
    }),
    subscriptionWebhookStatement(db, {
      event: 'subscription.started',
      at: paidAt,
      where: and(eq(subscriptions.id, id), guard)!,
      amountOre: input.amountOre,
    }),
    receiptStatement(db, config, { paymentId: id, paidAt }),
    grantStatement(db, {
      userId: input.userId,
      plan: input.plan,
      endDate: new Date(input.periodEnd),
      paymentId: id,
      paidAt: new Date(paidAt),
    }),
    receiptMailStatement(db, config, {
      paymentId: id,
      to: input.email,
      plan: input.plan,
      amountOre: input.amountOre,
      periodStart: new Date(paidAt),
      periodEnd: new Date(input.periodEnd),
      now: paidAt,
    }),
  ];
}

/** The state a cancellation is undone to: still in the free trial (its period is the trial), else active. */
export const resumedStatus = sql<
  'trialing' | 'active'
>`CASE WHEN ${subscriptions.trialEndsAt} = ${subscriptions.currentPeriodEnd} THEN 'trialing' ELSE 'active' END`;

/** Whether the noticed price change applies to the renewal starting at `periodStart`. */
const changeAppliesAt = (periodStart: number) =>
  sql`(${subscriptions.nextAmountFrom} IS NOT NULL AND ${subscriptions.nextAmountFrom} <= ${periodStart})`;

/** The columns a renewal starting at `periodStart` sets: the noticed amount becomes the agreed one. */
const priceChangeTakesEffect = (periodStart: number) => {
  const applies = changeAppliesAt(periodStart);
  const keepUnless = <T>(column: T) => sql`CASE WHEN ${applies} THEN NULL ELSE ${column} END`;
  return {
    amountOre: sql`CASE WHEN ${applies} THEN ${subscriptions.nextAmountOre} ELSE ${subscriptions.amountOre} END`,
    nextAmountOre: keepUnless(subscriptions.nextAmountOre),
    nextAmountFrom: keepUnless(subscriptions.nextAmountFrom),
    nextAmountToldAt: keepUnless(subscriptions.nextAmountToldAt),
  };
};

/**
 * Øre: what the renewal at the end of the current period charges: a coupon's price while it has
 * discounted renewals left, else the noticed new price once it applies, else the agreed price.
 */
export const nextRenewalOre = (
  sub: Pick<
    Subscription,
    'amountOre' | 'nextAmountOre' | 'nextAmountFrom' | 'currentPeriodEnd' | 'discountedRenewals' | 'discountedAmountOre'
  >,
) => {
  if (sub.discountedRenewals > 0 && sub.discountedAmountOre !== null) return sub.discountedAmountOre;
  return sub.nextAmountOre !== null && sub.nextAmountFrom !== null && sub.nextAmountFrom <= sub.currentPeriodEnd
    ? sub.nextAmountOre
    : sub.amountOre;
};

type Renewable = Pick<Subscription, 'id' | 'userId' | 'plan' | 'provider' | 'currentPeriodEnd'>;
/** The subscription is still in the state the renewal was decided on (no concurrent run renewed or ended it). */
const stillDue = (sub: Renewable) =>
  and(
    eq(subscriptions.id, sub.id),
    eq(subscriptions.currentPeriodEnd, sub.currentPeriodEnd),
    inArray(subscriptions.status, ['trialing', 'active', 'past_due']),
  )!;

/**
 * A renewal charge that settles later (Vipps) was created: its payment, pending, for the next
 * period, while the subscription is still as the job found it. It keeps the job from charging
 * the period twice; `renewedStatements({ pending: true })` or `declinedRenewalStatement` settles it.
 */
export function pendingRenewalStatement(
  db: Db,
  input: { sub: Renewable; paymentId: string; ref: string; amountOre: number; periodEnd: number; now: number },
) {
  const { sub } = input;
  return db.run(sql`
    INSERT INTO ${payments} (id, user_id, subscription_id, plan, amount, currency, status, provider, provider_ref, period_start, period_end, created_at)
    SELECT ${input.paymentId}, ${subscriptions.userId}, ${subscriptions.id}, ${subscriptions.plan}, ${input.amountOre}, 'NOK', 'pending',
           ${subscriptions.provider}, ${input.ref}, ${sub.currentPeriodEnd.getTime()}, ${input.periodEnd}, ${input.now}
    FROM ${subscriptions} WHERE ${stillDue(sub)}
    ON CONFLICT DO NOTHING`);
}

/** A pending renewal payment failed for good (the subscription's side is `renewalFailedStatements`). */
export const declinedRenewalStatement = (db: Db, paymentId: string) =>
  db
    .update(payments)
    .set({ status: 'failed' })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));

/**
 * A renewal was charged: its payment (paid, with the new period), the 'renewed' history row, the
 * subscription moved to the new period (active again if it was past due), Premium to the new
 * end, the receipt and its mail. The same for a renewal we charged (the job), one the provider
 * charged by itself (a Stripe `invoice.paid`), and one that settled later (`pending`: the pending
 * payment turns paid instead of a new one being written).
 */
export function renewedStatements(
  { db, config }: Ctx,
  input: {
    sub: Renewable;
    email: string | null;
    paymentId: string;
    ref: string;
    amountOre: number;
    paidAt: number;
    periodStart: number;
    periodEnd: number;
    pending?: boolean;
  },
): BatchItem<'sqlite'>[] {
  const { sub, paymentId, paidAt } = input;
  const guard = paidNow(paymentId, paidAt);
  return [
    input.pending
      ? db
          .update(payments)
          .set({ status: 'paid', paidAt: new Date(paidAt) })
          .where(
            and(
              eq(payments.id, paymentId),
              eq(payments.status, 'pending'),
              sql`EXISTS (SELECT 1 FROM ${subscriptions} WHERE ${stillDue(sub)})`,
            ),
          )
      : db.run(sql`
      INSERT INTO ${payments} (id, user_id, subscription_id, plan, amount, currency, status, provider, provider_ref, period_start, period_end, created_at, paid_at)
      SELECT ${paymentId}, ${subscriptions.userId}, ${subscriptions.id}, ${subscriptions.plan}, ${input.amountOre}, 'NOK', 'paid', ${subscriptions.provider},
             ${input.ref}, ${input.periodStart}, ${input.periodEnd}, ${paidAt}, ${paidAt}
      FROM ${subscriptions} WHERE ${stillDue(sub)}
      ON CONFLICT DO NOTHING`),
    subscriptionEventStatement(db, { kind: 'renewed', status: 'active', at: paidAt, where: and(stillDue(sub), guard)! }),
    subscriptionWebhookStatement(db, {
      event: 'subscription.renewed',
      at: paidAt,
      where: and(stillDue(sub), guard)!,
      amountOre: input.amountOre,
      periodEnd: input.periodEnd,
    }),
    db
      .update(subscriptions)
      .set({
        status: 'active',
        currentPeriodStart: new Date(input.periodStart),
        currentPeriodEnd: new Date(input.periodEnd),
        pastDueSince: null,
        nextAttemptAt: null,
        updatedAt: new Date(paidAt),
        // The period a noticed price change applies to has begun: it is the price from now on.
        ...priceChangeTakesEffect(input.periodStart),
        // One of a coupon's discounted renewals is used.
        discountedRenewals: sql`max(0, ${subscriptions.discountedRenewals} - 1)`,
      })
      .where(and(stillDue(sub), guard)),
    ...(sub.userId
      ? [
          grantStatement(db, {
            userId: sub.userId,
            plan: sub.plan,
            endDate: new Date(input.periodEnd),
            paymentId,
            paidAt: new Date(paidAt),
          }),
        ]
      : []),
    receiptStatement(db, config, { paymentId, paidAt }),
    ...(input.email
      ? [
          receiptMailStatement(db, config, {
            paymentId,
            to: input.email,
            plan: sub.plan,
            amountOre: input.amountOre,
            periodStart: new Date(input.periodStart),
            periodEnd: new Date(input.periodEnd),
            now: paidAt,
          }),
        ]
      : []),
  ];
}

/**
 * A renewal failed. The first failure of a period makes the subscription past due, keeps Premium
 * for the grace period and mails the user to update their card; later failures only schedule
 * the next attempt. (`expireStatements` ends it when the grace period is over.)
 */
export function renewalFailedStatements(
  { db, config }: Ctx,
  input: { sub: Renewable & Pick<Subscription, 'status'>; email: string | null; amountOre: number; now: number },
): BatchItem<'sqlite'>[] {
  const { sub, now } = input;
  const retry = new Date(now + RETRY_INTERVAL_MS);
  if (sub.status === 'past_due') {
    return [
      db
        .update(subscriptions)
        .set({ nextAttemptAt: retry, updatedAt: new Date(now) })
        .where(stillDue(sub)),
    ];
  }
  const graceEnds = new Date(sub.currentPeriodEnd.getTime() + GRACE_MS);
  // A trial's first charge failing is a first failure too: past due, with the grace period.
  const first = and(stillDue(sub), inArray(subscriptions.status, ['trialing', 'active']))!;
  return [
    // First, while the state it reports has not happened yet (its guard reads the state before).
    ...(input.email
      ? [
          enqueueMailIf(
            db,
            {
              ...dunningEmail({ to: input.email, amountOre: input.amountOre, graceEnds, link: profileLink(config) }),
              kind: 'transactional',
              dedupeKey: `dunning:${sub.id}:${sub.currentPeriodEnd.getTime()}`,
            },
            now,
            first,
          ),
        ]
      : []),
    subscriptionEventStatement(db, { kind: 'renewal_failed', status: 'past_due', at: now, where: first }),
    ...(sub.userId
      ? [
          db
            .update(users)
            .set({ premiumEndDate: graceEnds })
            .where(and(eq(users.id, sub.userId), sql`EXISTS (SELECT 1 FROM ${subscriptions} WHERE ${first})`)),
        ]
      : []),
    db
      .update(subscriptions)
      .set({ status: 'past_due', pastDueSince: new Date(now), nextAttemptAt: retry, updatedAt: new Date(now) })
      .where(first),
  ];
}

/**
 * Ends a subscription now (`reason`: its cancelled period is over, the grace period ran out, the
 * provider ended it, or a refund): the history row, the state, Premium's end, and the notice.
 * `where` narrows which state it may end from; an already expired one changes nothing.
 */
export function expireStatements(
  { db, config }: Ctx,
  input: {
    subscriptionId: string;
    userId: string | null;
    email: string | null;
    kind: 'expired' | 'refunded';
    now: number;
    where?: ReturnType<typeof and>;
  },
): BatchItem<'sqlite'>[] {
  const { now } = input;
  const live = and(eq(subscriptions.id, input.subscriptionId), sql`${subscriptions.status} <> 'expired'`, input.where)!;
  return [
    ...(input.email
      ? [
          enqueueMailIf(
            db,
            {
              ...premiumEndedEmail({ to: input.email, link: profileLink(config) }),
              kind: 'transactional',
              dedupeKey: `ended:${input.subscriptionId}`,
            },
            now,
            live,
          ),
        ]
      : []),
    subscriptionEventStatement(db, { kind: input.kind, status: 'expired', at: now, where: live }),
    ...(input.userId
      ? [
          db
            .update(users)
            .set({ premiumEndDate: new Date(now) })
            .where(
              and(
                eq(users.id, input.userId),
                sql`${users.premiumPlan} <> 'admin_granted'`,
                sql`EXISTS (SELECT 1 FROM ${subscriptions} WHERE ${live})`,
              ),
            ),
        ]
      : []),
    db
      .update(subscriptions)
      .set({ status: 'expired', cancelAtPeriodEnd: false, nextAttemptAt: null, updatedAt: new Date(now) })
      .where(live),
  ];
}

/**
 * Brings subscription `subscriptionId` to the state its provider reports now, whatever order the
 * provider's events came in: ended there ends it here; ending (no more renewals) cancels it to
 * its period's end; active again clears a cancellation. Each change is guarded by the state it
 * comes from, so it works after a `startStatements` in the same batch and changes nothing twice.
 */
export function followProviderStatements(
  ctx: Ctx,
  input: { subscriptionId: string; userId: string | null; email: string | null; state: ProviderSubscriptionState; now: number },
): BatchItem<'sqlite'>[] {
  const { db } = ctx;
  const { subscriptionId, state, now } = input;
  if (state.status === 'ended') return expireStatements(ctx, { ...input, kind: 'expired' });
  const cancel = state.status === 'ending';
  const changes = and(
    eq(subscriptions.id, subscriptionId),
    eq(subscriptions.cancelAtPeriodEnd, !cancel),
    inArray(subscriptions.status, cancel ? ['trialing', 'active', 'past_due'] : ['canceled']),
  )!;
  return [
    subscriptionEventStatement(db, {
      kind: cancel ? 'canceled' : 'resumed',
      status: cancel ? 'canceled' : resumedStatus,
      at: now,
      where: changes,
    }),
    ...(cancel ? [subscriptionWebhookStatement(db, { event: 'subscription.canceled', at: now, where: changes })] : []),
    db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: cancel, status: cancel ? 'canceled' : resumedStatus, updatedAt: new Date(now) })
      .where(changes),
  ];
}
