import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { alias } from 'drizzle-orm/sqlite-core';
import { payments, referrals, subscriptions, users, type Subscription } from '#db/schema';
import { PATHS } from '#shared/paths';
import type { ServiceCtx } from '#worker/context';
import { enqueueMailWhen } from '#worker/emails/queue';
import { referralCreditEmail } from '#worker/emails/subscription';
import { nextRenewalOre, periodEnd } from '#worker/features/subscriptions/index';
import { countedPayment, referralStep, type ReferralStep } from '#worker/features/referrals/index';
import { PaymentStartError } from '#worker/platform/payments/types';

export type ReferralsResult = { paid: number; credited: number; rejected: number };

const referrer = alias(users, 'referrer');
const friend = alias(users, 'friend');
const friendSub = alias(subscriptions, 'friend_sub');
const memberSub = alias(subscriptions, 'member_sub');
const firstCharge = alias(payments, 'first_charge');

/** The first charge on the friend's subscription after a free trial's checkout (countedPayment). */
const firstChargeId = sql`(SELECT c.id FROM ${payments} c WHERE c.subscription_id = ${payments.subscriptionId}
  AND c.status <> 'trial' ORDER BY c.created_at LIMIT 1)`;

/** The member's subscription that renews: the free month goes on it (none: the referral waits for one). */
const renewingSub = sql`(SELECT s.id FROM ${subscriptions} s WHERE s.user_id = ${referrals.referrerId}
  AND s.status = 'active' AND s.cancel_at_period_end = 0 ORDER BY s.created_at DESC LIMIT 1)`;
/** The provider's ref of the member's latest paid payment on it (its card is compared with the friend's). */
const memberPaymentRef = sql<string | null>`(SELECT p.provider_ref FROM ${payments} p
  WHERE p.subscription_id = ${memberSub.id} AND p.status = 'paid' ORDER BY p.paid_at DESC LIMIT 1)`;
/** A renewal charge is settling on the member's subscription: its period is not moved under it. */
const renewalSettling = sql<number>`EXISTS (SELECT 1 FROM ${payments} p WHERE p.subscription_id = ${memberSub.id} AND p.status = 'pending')`;

/** Where a month moves the member's period end (and next charge) to. */
const monthOn = (sub: Subscription) => periodEnd('monthly', sub.currentPeriodEnd.getTime());

/** Øre: a month of the member's subscription (a twelfth of a yearly one's next renewal). */
const monthOre = (sub: Subscription) => (sub.plan === 'monthly' ? nextRenewalOre(sub) : Math.round(nextRenewalOre(sub) / 12));

/**
 * «Verv en venn» (docs/decisions/0061-refer-a-friend.md): moves each open referral on. A friend's
 * payment that went through makes it `paid`; once past the refund window (`referralStep`), the
 * member gets a free month — unless it is their own address, the friend was refunded, or the
 * friend paid with the member's own card (Stripe's card fingerprint) or agreement. Stripe: a
 * customer-balance credit of a month, taken off the next invoice; a provider that charges on our
 * schedule (Vipps, the test provider): the period and access move a month on, so the next charge
 * comes a month later. The member is mailed («Du har fått en gratis måned») in the batch that
 * credits them. One read batch, the providers' calls, one write batch; each write is guarded by
 * the state it was decided on and a Stripe credit is idempotent on the referral, so a referral is
 * credited (and mailed) once however often or concurrently the job runs.
 */
export async function runReferrals(ctx: ServiceCtx<'payments' | 'config'>, at: number): Promise<ReferralsResult> {
  const { db } = ctx;
  const rows = await db
    .select({
      r: referrals,
      referrerEmail: referrer.email,
      friendEmail: friend.email,
      payment: payments,
      friendAgreement: friendSub.providerRef,
      friendSubStatus: friendSub.status,
      firstCharge,
      sub: memberSub,
      memberPaymentRef,
      renewalSettling,
    })
    .from(referrals)
    .innerJoin(payments, eq(payments.id, referrals.paymentId))
    .leftJoin(referrer, eq(referrer.id, referrals.referrerId))
    .leftJoin(friend, eq(friend.id, referrals.friendId))
    .leftJoin(friendSub, eq(friendSub.id, payments.subscriptionId))
    .leftJoin(firstCharge, sql`${payments.status} = 'trial' AND ${firstCharge.id} = ${firstChargeId}`)
    .leftJoin(memberSub, sql`${memberSub.id} = ${renewingSub}`)
    .where(inArray(referrals.status, ['registered', 'paid']));

  const steps = await Promise.all(
    rows.map(async (row): Promise<ReferralStep | { kind: 'reject'; reason: 'same_card' } | null> => {
      const { r } = row;
      const payment = countedPayment(row.payment, row.firstCharge, row.friendSubStatus);
      const step = referralStep(
        {
          status: r.status === 'paid' ? 'paid' : 'registered',
          referrerId: r.referrerId,
          friendId: r.friendId,
          referrerEmail: row.referrerEmail,
          friendEmail: row.friendEmail,
          payment: {
            status: payment.status,
            paidAt: payment.paidAt,
            refundedOre: payment.refundedOre,
            disputed: payment.disputeStatus !== null,
          },
        },
        at,
      );
      if (step.kind !== 'credit') return step;
      // No renewing subscription to give the month to, or a renewal settling on it: later.
      if (!row.sub || row.renewalSettling) return r.status === 'registered' ? { kind: 'paid', paidAt: step.paidAt } : null;
      try {
        if (
          await sameCard(ctx, {
            friend: row.firstCharge ?? row.payment,
            friendAgreement: row.friendAgreement,
            sub: row.sub,
            memberPaymentRef: row.memberPaymentRef,
          })
        )
          return { kind: 'reject', reason: 'same_card' };
      } catch (err) {
        if (err instanceof PaymentStartError) return null; // Not reached: the next run asks again.
        throw err;
      }
      return step;
    }),
  );

  const credits = await Promise.all(
    rows.map(async ({ r, sub }, i) => {
      const provider = sub && ctx.payments.byName(sub.provider);
      if (steps[i]?.kind !== 'credit' || !sub || !provider?.creditNextRenewal) return null;
      const amountOre = monthOre(sub);
      try {
        const { ref } = await provider.creditNextRenewal({
          subscription: sub,
          amountOre,
          key: `referral:${r.id}`,
          description: 'Verv en venn: en gratis måned',
        });
        return { amountOre, ref };
      } catch (err) {
        if (!(err instanceof PaymentStartError)) throw err;
        return 'unreached' as const;
      }
    }),
  );

  const work: BatchItem<'sqlite'>[] = [];
  const result: ReferralsResult = { paid: 0, credited: 0, rejected: 0 };
  rows.forEach(({ r, sub, referrerEmail }, i) => {
    const step = steps[i];
    const credit = credits[i];
    const open = and(eq(referrals.id, r.id), eq(referrals.status, r.status));
    if (!step || step.kind === 'wait' || credit === 'unreached') return;
    if (step.kind === 'reject') {
      result.rejected++;
      work.push(
        db
          .update(referrals)
          .set({ status: 'rejected', rejectReason: step.reason, rejectedAt: new Date(at), updatedAt: new Date(at) })
          .where(open),
      );
      return;
    }
    if (step.kind === 'paid') {
      result.paid++;
      work.push(
        db
          .update(referrals)
          .set({ status: 'paid', paidAt: step.paidAt, updatedAt: new Date(at) })
          .where(open),
      );
      return;
    }
    result.credited++;
    const credited = { status: 'credited', paidAt: step.paidAt, creditedAt: new Date(at), updatedAt: new Date(at) } as const;
    if (credit) {
      work.push(
        db
          .update(referrals)
          .set({ ...credited, creditKind: 'balance', creditOre: credit.amountOre, creditRef: credit.ref })
          .where(open),
      );
    } else {
      work.push(...periodMoved(ctx, { referralId: r.id, open: open!, sub: sub!, credited, at }));
    }
    if (referrerEmail) {
      const mail = referralCreditEmail({
        to: referrerEmail,
        credit: credit ? { amountOre: credit.amountOre } : { movedTo: new Date(monthOn(sub!)) },
        link: ctx.config.PUBLIC_URL + PATHS.profile,
      });
      work.push(
        enqueueMailWhen(db, { ...mail, kind: 'transactional', dedupeKey: `referral-credit:${r.id}` }, at, creditedNow(r.id, at)),
      );
    }
  });
  if (work.length) await db.batch(work as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return result;
}

/**
 * The friend paid with the member's own card (Stripe: the same card fingerprint on both
 * payments) or their own agreement (Vipps: the friend's payment on the member's agreement).
 */
async function sameCard(
  ctx: ServiceCtx<'payments'>,
  input: {
    friend: { provider: string; providerRef: string | null };
    friendAgreement: string | null;
    sub: Subscription;
    memberPaymentRef: string | null;
  },
): Promise<boolean> {
  if (input.friendAgreement !== null && input.friendAgreement === input.sub.providerRef) return true;
  const provider = ctx.payments.byName(input.friend.provider);
  if (
    !provider?.cardFingerprint ||
    input.friend.provider !== input.sub.provider ||
    !input.friend.providerRef ||
    !input.memberPaymentRef
  )
    return false;
  const [theirs, ours] = await Promise.all([
    provider.cardFingerprint(input.friend.providerRef),
    provider.cardFingerprint(input.memberPaymentRef),
  ]);
  return theirs !== null && theirs === ours;
}

/** The referral was credited by this very run (written earlier in its batch): what follows the credit is guarded by it. */
const creditedNow = (referralId: string, at: number) =>
  sql`EXISTS (SELECT 1 FROM ${referrals} r WHERE r.id = ${referralId} AND r.status = 'credited' AND r.credited_at = ${at})`;

/**
 * The free month where we charge on our own schedule: the referral is credited while the member's
 * subscription is still where it was read (same period end, active, no renewal settling), then the
 * period and the member's access move a month on — each only after the referral's credit in this
 * very run, so a repeated or concurrent run moves nothing twice.
 */
function periodMoved(
  ctx: ServiceCtx,
  input: {
    referralId: string;
    open: ReturnType<typeof and> & object;
    sub: Subscription;
    credited: Record<string, unknown>;
    at: number;
  },
): BatchItem<'sqlite'>[] {
  const { db } = ctx;
  const { sub, at } = input;
  const end = sub.currentPeriodEnd.getTime();
  const movedTo = monthOn(sub);
  const unchanged = sql`EXISTS (SELECT 1 FROM ${subscriptions} s WHERE s.id = ${sub.id} AND s.current_period_end = ${end}
    AND s.status = 'active' AND s.cancel_at_period_end = 0
    AND NOT EXISTS (SELECT 1 FROM ${payments} p WHERE p.subscription_id = s.id AND p.status = 'pending'))`;
  const credited = creditedNow(input.referralId, at);
  return [
    db
      .update(referrals)
      .set({ ...input.credited, creditKind: 'period' })
      .where(and(input.open, unchanged)),
    db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(movedTo), updatedAt: new Date(at) })
      .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.currentPeriodEnd, sub.currentPeriodEnd), credited)),
    db
      .update(users)
      .set({ premiumEndDate: new Date(movedTo) })
      .where(and(eq(users.id, sub.userId ?? ''), sql`${users.premiumEndDate} < ${movedTo}`, credited)),
  ];
}
