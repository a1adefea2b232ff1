import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { couponRedemptions, coupons, payments, subscriptions, type Coupon } from '#db/schema';
import { CHECKOUT_OPEN_MINUTES, PRICES_NOK, type Plan } from '#shared/constants';
import { couponPriceNok, normalizeCouponCode } from '#shared/coupons';
import { REFERRAL_COUPON_CODE } from '#shared/referrals';
import { MINUTE } from '#shared/time';
import { AppError } from '#worker/errors';

/** Why a code cannot be used (an error code with its own Norwegian message), or 'ok'. */
export type CouponProblem =
  | 'ok'
  | 'coupon_inactive'
  | 'coupon_not_started'
  | 'coupon_expired'
  | 'coupon_wrong_plan'
  | 'coupon_used_up'
  | 'coupon_already_used'
  | 'coupon_new_members_only';

/**
 * A redemption that counts (against the limit, and as the person's one use): its payment was paid
 * (refunded since or not), or is still open at the provider. An abandoned checkout frees its use
 * once the provider's page has closed (CHECKOUT_OPEN_MINUTES).
 */
export const liveRedemption = (now: number) => sql`EXISTS (SELECT 1 FROM ${payments} p WHERE p.id = r.payment_id
  AND (p.status IN ('paid', 'refunded') OR (p.status = 'pending' AND p.created_at > ${now - CHECKOUT_OPEN_MINUTES * MINUTE})))`;

/**
 * The problem with using code `code` for `plan` now, as SQL over the coupon's row (NULL: no such
 * code), for a batch that is already running: the checkout's first read, the session's, and the
 * recording batch's guard, which runs in the batch's transaction, so two checkouts at once can
 * never both take the last use. `userId` null: the person is not known yet (the upgrade's
 * session read), so only the code's own rules are checked.
 */
export function couponProblem({
  code,
  plan,
  userId,
  now,
}: {
  code: string;
  plan: Plan;
  userId: string | SQL | null;
  now: number;
}): SQL<CouponProblem | null> {
  const personal =
    userId === null
      ? sql``
      : sql`WHEN EXISTS (SELECT 1 FROM ${couponRedemptions} r WHERE r.coupon_id = c.id AND r.user_id = ${userId} AND ${liveRedemption(now)})
          THEN 'coupon_already_used'
        WHEN c.new_members_only AND EXISTS (SELECT 1 FROM ${subscriptions} s WHERE s.user_id = ${userId}) THEN 'coupon_new_members_only'`;
  return sql<CouponProblem | null>`(SELECT CASE
        WHEN NOT c.active THEN 'coupon_inactive'
        WHEN c.starts_at IS NOT NULL AND c.starts_at > ${now} THEN 'coupon_not_started'
        WHEN c.ends_at IS NOT NULL AND c.ends_at <= ${now} THEN 'coupon_expired'
        WHEN c.plans <> 'both' AND c.plans <> ${plan} THEN 'coupon_wrong_plan'
        WHEN c.max_redemptions IS NOT NULL
          AND (SELECT count(*) FROM ${couponRedemptions} r WHERE r.coupon_id = c.id AND ${liveRedemption(now)}) >= c.max_redemptions
          THEN 'coupon_used_up'
        ${personal}
        ELSE 'ok' END
      FROM ${coupons} c WHERE c.code = ${normalizeCouponCode(code)})`;
}

/**
 * The coupon a code names, with the problem of using it (see couponProblem), for a batch. The
 * referral discount's code is found only `byLink` (a member's «Verv en venn» link), never typed.
 */
export function couponRead(db: Db, input: Parameters<typeof couponProblem>[0], { byLink = false } = {}) {
  const code = normalizeCouponCode(input.code);
  return db
    .select({ coupon: coupons, problem: couponProblem(input) })
    .from(coupons)
    .where(
      byLink ? sql`${coupons.code} = ${code}` : sql`${coupons.code} = ${code} AND ${coupons.code} <> ${REFERRAL_COUPON_CODE}`,
    );
}

/** A coupon accepted for a checkout: what the provider is told and the recording batch checks again. */
export type AppliedCoupon = Pick<Coupon, 'id' | 'code' | 'percentOff' | 'amountOffOre' | 'periods'> & {
  /** Whole NOK: each discounted period's price. */
  price: number;
};

/** The code's coupon as read, or the 400 that says why it cannot be used. */
export function acceptCoupon(rows: { coupon: Coupon; problem: CouponProblem | null }[], plan: Plan): AppliedCoupon {
  const [row] = rows;
  if (!row) throw new AppError('coupon_unknown', 400);
  if (row.problem !== null && row.problem !== 'ok') throw new AppError(row.problem, 400);
  const { id, code, percentOff, amountOffOre, periods } = row.coupon;
  return { id, code, percentOff, amountOffOre, periods, price: couponPriceNok(plan, row.coupon) };
}

/**
 * The recording batch's check that the coupon is still usable by the payer and still has the
 * terms the provider was given (an admin may have changed it since the read).
 */
export function couponStillApplies(coupon: AppliedCoupon, input: Parameters<typeof couponProblem>[0]): SQL {
  return sql`(${couponProblem(input)} = 'ok' AND EXISTS (SELECT 1 FROM ${coupons} c WHERE c.id = ${coupon.id}
    AND c.percent_off IS ${coupon.percentOff} AND c.amount_off_ore IS ${coupon.amountOffOre} AND c.periods = ${coupon.periods}))`;
}

/** The redemption, written only if the payment it discounts was just recorded in the same batch. */
export function redemptionStatement(db: Db, input: { coupon: AppliedCoupon; paymentId: string; userId: string; plan: Plan }) {
  const { coupon, paymentId } = input;
  return db.run(sql`
    INSERT INTO ${couponRedemptions} (payment_id, coupon_id, user_id, list_ore, amount_ore, periods)
    SELECT ${paymentId}, ${coupon.id}, ${input.userId}, ${PRICES_NOK[input.plan] * 100}, ${coupon.price * 100}, ${coupon.periods}
    WHERE EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.id} = ${paymentId})
    ON CONFLICT DO NOTHING`);
}
