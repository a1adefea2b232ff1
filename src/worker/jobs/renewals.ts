import { and, asc, eq, gt, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { payments, subscriptions, users } from '#db/schema';
import { DAY } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { enqueueMail } from '#worker/emails/queue';
import { renewalReminderEmail } from '#worker/emails/subscription';
import { trialEmail } from '#worker/emails/trial';
import { formatOre } from '#shared/money';
import { TRIAL_REMINDER_DAYS } from '#shared/trial';
import {
  expireStatements,
  GRACE_MS,
  nextRenewalOre,
  pendingRenewalStatement,
  periodEnd,
  renewalFailedStatements,
  renewedStatements,
} from '#worker/features/subscriptions/index';
import { PATHS } from '#shared/paths';
import { PaymentStartError, type PaymentProvider, type RenewalCharge } from '#worker/platform/payments/types';

/** `pending`: renewal charges created that settle later (Vipps, by its webhook or our poll). */
export type RenewalsResult = { renewed: number; failed: number; pending: number; expired: number; reminded: number };

/**
 * Subscriptions one run charges at most, the longest due first; the next run takes the rest. So a
 * run stays short however many fall due at once (after downtime; the scale bench's data set had
 * 7 848, charged in one 22 s run that held the event loop), and on Workers it stays within an
 * invocation's subrequests (each charge is a call to the provider).
 */
export const RENEWALS_PER_RUN = 100;

/**
 * The subscriptions' schedule, run with the other jobs: sends the reminder before a yearly
 * renewal and before a free trial's first charge (docs/decisions/0060-free-trial.md), charges what is due with the providers that charge on our schedule (the test
 * provider; Vipps MobilePay Recurring) — renewing, or past due and retried through the grace
 * period — and ends what is over: a cancelled subscription at its period's end, a past-due one
 * when its grace period runs out. One read batch, the provider's charges, one write batch; every
 * statement is guarded by the state it was decided on, so a concurrent or repeated run changes
 * nothing twice (and mails are deduplicated by key).
 */
export async function runRenewals(ctx: ServiceCtx<'payments' | 'config'>, at: number): Promise<RenewalsResult> {
  const { db, config } = ctx;
  const chargers = ctx.payments.all.filter((p) => p.chargeRenewal);
  const remindUntil = new Date(at + config.RENEWAL_REMINDER_DAYS * DAY);
  const row = { sub: subscriptions, email: users.email };
  // A provider that renews by itself (Stripe) is charged, retried and given up on by no one here.
  const ourCharges = chargers.length
    ? inArray(
        subscriptions.provider,
        chargers.map((p) => p.name),
      )
    : sql`0`;
  /** Due with `p`: the period ends within its lead time (now, for most), or a past-due retry is due. */
  const dueWith = (p: PaymentProvider) =>
    and(
      eq(subscriptions.provider, p.name),
      or(
        and(
          inArray(subscriptions.status, ['trialing', 'active']),
          lte(subscriptions.currentPeriodEnd, new Date(at + (p.renewalLeadMs ?? 0))),
        ),
        and(eq(subscriptions.status, 'past_due'), lte(subscriptions.nextAttemptAt, new Date(at))),
      ),
    );
  const [due, ending, upcoming] = await db.batch([
    db
      .select(row)
      .from(subscriptions)
      .leftJoin(users, eq(users.id, subscriptions.userId))
      .where(
        and(
          chargers.length ? or(...chargers.map(dueWith)) : sql`0`,
          // A charge already created for it is settling: not again. By the subscription's payments:
          // left to itself the planner read every pending payment for each subscription (3 s at 100 000 users).
          sql`NOT EXISTS (SELECT 1 FROM ${payments} p INDEXED BY payments_subscription_idx
            WHERE p.subscription_id = ${subscriptions.id} AND p.status = 'pending')`,
        ),
      )
      .orderBy(asc(subscriptions.currentPeriodEnd))
      .limit(RENEWALS_PER_RUN),
    db
      .select(row)
      .from(subscriptions)
      .leftJoin(users, eq(users.id, subscriptions.userId))
      .where(
        or(
          and(eq(subscriptions.status, 'canceled'), lte(subscriptions.currentPeriodEnd, new Date(at))),
          // Past due beyond the grace period, where we do the retrying: a provider that retries by
          // itself may still collect, and says so — or that it gave up — by webhook.
          and(
            ourCharges,
            eq(subscriptions.status, 'past_due'),
            isNotNull(subscriptions.pastDueSince),
            lte(subscriptions.currentPeriodEnd, new Date(at - GRACE_MS)),
          ),
        ),
      ),
    db
      .select(row)
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(
        or(
          and(
            eq(subscriptions.plan, 'yearly'),
            eq(subscriptions.status, 'active'),
            gt(subscriptions.currentPeriodEnd, new Date(at)),
            lte(subscriptions.currentPeriodEnd, remindUntil),
          ),
          // A free trial's first charge, whoever charges it (Stripe too): reminded TRIAL_REMINDER_DAYS before.
          and(
            eq(subscriptions.status, 'trialing'),
            gt(subscriptions.currentPeriodEnd, new Date(at)),
            lte(subscriptions.currentPeriodEnd, new Date(at + TRIAL_REMINDER_DAYS * DAY)),
          ),
        ),
      ),
  ]);

  const endingIds = new Set(ending.map((r) => r.sub.id));
  const toCharge = due.filter((r) => !endingIds.has(r.sub.id) && r.sub.userId);
  const results = await Promise.all(
    toCharge.map(async ({ sub }) => {
      const paymentId = crypto.randomUUID();
      const amountOre = nextRenewalOre(sub);
      let charge: RenewalCharge;
      try {
        const provider = ctx.payments.byName(sub.provider)!;
        charge = await provider.chargeRenewal!({
          subscription: sub,
          paymentId,
          amountOre,
          plan: sub.plan,
          dueAt: sub.currentPeriodEnd.getTime(),
          afterTrial: sub.status === 'trialing',
          now: at,
        });
      } catch (err) {
        if (!(err instanceof PaymentStartError)) throw err;
        // Not reached: no answer is no failure; the next run tries again.
        return null;
      }
      return { paymentId, amountOre, charge };
    }),
  );

  const link = config.PUBLIC_URL + PATHS.profile;
  const work: BatchItem<'sqlite'>[] = [];
  let renewed = 0;
  let failed = 0;
  let pending = 0;
  toCharge.forEach(({ sub, email }, i) => {
    const result = results[i];
    if (!result) return;
    if (result.charge.status === 'paid') {
      renewed++;
      const periodStart = sub.currentPeriodEnd.getTime();
      work.push(
        ...renewedStatements(ctx, {
          sub,
          email,
          paymentId: result.paymentId,
          ref: result.charge.ref,
          amountOre: result.amountOre,
          paidAt: at,
          periodStart,
          periodEnd: periodEnd(sub.plan, periodStart),
        }),
      );
    } else if (result.charge.status === 'pending') {
      pending++;
      work.push(
        pendingRenewalStatement(db, {
          sub,
          paymentId: result.paymentId,
          ref: result.charge.ref,
          amountOre: result.amountOre,
          periodEnd: periodEnd(sub.plan, sub.currentPeriodEnd.getTime()),
          now: at,
        }),
      );
    } else {
      failed++;
      work.push(...renewalFailedStatements(ctx, { sub, email, amountOre: result.amountOre, now: at }));
    }
  });
  for (const { sub, email } of ending) {
    work.push(
      ...expireStatements(ctx, {
        subscriptionId: sub.id,
        userId: sub.userId,
        email,
        kind: 'expired',
        now: at,
        where: eq(subscriptions.status, sub.status),
      }),
    );
  }
  for (const { sub, email } of upcoming) {
    if (sub.cancelAtPeriodEnd || !email) continue;
    const trial = sub.status === 'trialing';
    const mail = trial
      ? trialEmail({
          kind: 'reminder',

          to: email,
          firstChargeAt: sub.currentPeriodEnd,
          amount: formatOre(nextRenewalOre(sub)),
          plan: sub.plan,
          link,
        })
      : renewalReminderEmail({ to: email, renewsAt: sub.currentPeriodEnd, amountOre: nextRenewalOre(sub), link });
    const key = `${trial ? 'trial-reminder' : 'reminder'}:${sub.id}:${sub.currentPeriodEnd.getTime()}`;
    work.push(enqueueMail(db, { ...mail, kind: 'transactional', dedupeKey: key }, at));
  }
  if (work.length) await db.batch(work as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return { renewed, failed, pending, expired: ending.length, reminded: upcoming.filter((r) => !r.sub.cancelAtPeriodEnd).length };
}
