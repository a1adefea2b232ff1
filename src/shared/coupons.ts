import { PRICES_NOK, type Plan } from './constants';

/** The least a discounted period costs, whole NOK: Stripe charges no less than 3 NOK, Vipps no less than 1. */
export const COUPON_MIN_PRICE_NOK = 5;

/** A coupon's discount as stored: percent off, or øre off (exactly one). */
export type CouponDiscount = { percentOff: number | null; amountOffOre: number | null };

/**
 * What each discounted period of `plan` costs with the coupon, whole NOK (incl. MVA): the list
 * price less the percent (rounded to whole kroner) or the amount, never below COUPON_MIN_PRICE_NOK.
 * The server charges exactly this; the checkout shows it.
 */
export function couponPriceNok(plan: Plan, discount: CouponDiscount): number {
  const list = PRICES_NOK[plan];
  const off =
    discount.percentOff !== null
      ? Math.round((list * discount.percentOff) / 100)
      : Math.round((discount.amountOffOre ?? 0) / 100);
  return Math.max(COUPON_MIN_PRICE_NOK, list - off);
}

/** Codes are case-insensitive: stored and matched in capitals, without surrounding spaces. */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();

/** Whether a coupon for `plans` can be used on `plan`. */
export const couponFitsPlan = (plans: 'monthly' | 'yearly' | 'both', plan: Plan) => plans === 'both' || plans === plan;
