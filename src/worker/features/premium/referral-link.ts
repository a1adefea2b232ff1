import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { coupons, payments, referrals, users } from '#db/schema';
import { PLANS, type Plan } from '#shared/constants';
import { REFERRAL_COUPON_CODE } from '#shared/referrals';
import { normalizeCouponCode } from '#shared/coupons';
import { acceptCoupon, couponProblem, couponRead, type AppliedCoupon, type CouponProblem } from './coupon-check';

/**
 * The checkout's first-batch reads for a «Verv en venn» link: the member it names (an active
 * account) and the referral discount's coupon with the problem of using it for this buyer. An
 * absent link reads nothing ('' matches no id), so the batch's shape stays the same.
 */
export function referralReads(db: Db, input: { referrerId: string | undefined; plan: Plan; userId: SQL; now: number }) {
  return [
    db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.id} = ${input.referrerId ?? ''} AND ${users.isActive}`),
    couponRead(db, { code: REFERRAL_COUPON_CODE, plan: input.plan, userId: input.userId, now: input.now }, { byLink: true }),
  ] as const;
}

/**
 * The signed-in upgrade's coupons, read with the session in one query: the typed code's and, for a
 * link to an active member, the referral discount's (by the codes' own rules; the buyer's are
 * checked when recording). Split them with `upgradeCoupons`.
 */
export function upgradeCouponsRead(
  db: Db,
  input: { code: string | undefined; referrerId: string | undefined; plan: Plan; now: number },
) {
  const typed = { code: input.code ?? '', plan: input.plan, userId: null, now: input.now };
  const byLink = { ...typed, code: REFERRAL_COUPON_CODE };
  return db
    .select({
      coupon: coupons,
      problem: sql<CouponProblem | null>`CASE WHEN ${coupons.code} = ${REFERRAL_COUPON_CODE} THEN ${couponProblem(byLink)} ELSE ${couponProblem(typed)} END`,
    })
    .from(coupons)
    .where(
      sql`(${coupons.code} = ${normalizeCouponCode(typed.code)} AND ${coupons.code} <> ${REFERRAL_COUPON_CODE})
        OR (${coupons.code} = ${REFERRAL_COUPON_CODE} AND EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${input.referrerId ?? ''} AND ${users.isActive}))`,
    );
}

/** The upgrade's read split: the typed code's rows, and the link's (none unless the link names an active member). */
export function upgradeCoupons(rows: Awaited<ReturnType<typeof upgradeCouponsRead>>) {
  const byLink = (row: (typeof rows)[number]) => row.coupon.code === REFERRAL_COUPON_CODE;
  return { typed: rows.filter((row) => !byLink(row)), referral: rows.filter(byLink) };
}

/** The referral discount's price of each plan by the code's own rules (the buyer is not known yet), for the checkout page. */
export const referralOfferReads = (db: Db, now: number) =>
  PLANS.map((plan) => couponRead(db, { code: REFERRAL_COUPON_CODE, plan, userId: null, now }, { byLink: true }));

/** Whole NOK per plan through a member's link (null: that plan has no referral discount now); null: none at all. */
export function referralOffer(reads: Parameters<typeof acceptCoupon>[0][]): Record<Plan, number | null> | null {
  const prices = Object.fromEntries(
    PLANS.map((plan, i) => [plan, reads[i]?.[0]?.problem === 'ok' ? acceptCoupon(reads[i]!, plan).price : null]),
  ) as Record<Plan, number | null>;
  return PLANS.some((plan) => prices[plan] !== null) ? prices : null;
}

/**
 * The referral discount for a buyer who came through a member's link and typed no code: the
 * admin's referral coupon while it can be used by this buyer, else none (the page shows the price
 * it charges, so a link without a discount just charges the usual price). No discount for a link
 * to one's own account.
 */
export function referralDiscount(
  reads: { referrer: { id: string } | undefined; couponRows: Parameters<typeof acceptCoupon>[0]; buyerId: string },
  plan: Plan,
): AppliedCoupon | undefined {
  const [row] = reads.couponRows;
  if (!reads.referrer || reads.referrer.id === reads.buyerId || row?.problem !== 'ok') return undefined;
  return acceptCoupon(reads.couponRows, plan);
}

/**
 * The referral, written in the batch that records the friend's payment and only if that payment
 * row was written, and only for a friend who has not paid before (a member's link does not turn
 * an old customer into a new one). Once per friend: a second link later changes nothing. A link
 * to one's own account is written too, so the ledger shows it turned down; a link naming no
 * active member writes nothing.
 */
export function referralStatement(db: Db, input: { referrerId: string; friendId: string; paymentId: string; now: number }) {
  const { paymentId } = input;
  return db.run(sql`
    INSERT INTO ${referrals} (id, referrer_id, friend_id, payment_id, status, created_at, updated_at)
    SELECT ${crypto.randomUUID()}, ${input.referrerId}, ${input.friendId}, ${paymentId}, 'registered', ${input.now}, ${input.now}
    WHERE EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.id} = ${paymentId})
      AND EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${input.referrerId} AND ${users.isActive})
      AND NOT EXISTS (SELECT 1 FROM ${payments} p WHERE p.user_id = ${input.friendId} AND p.id <> ${paymentId}
        AND p.status IN ('paid', 'refunded'))
    ON CONFLICT DO NOTHING`);
}
