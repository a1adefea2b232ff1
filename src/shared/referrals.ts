import { PATHS } from './paths';

/**
 * «Verv en venn» (docs/decisions/0061-refer-a-friend.md). The friend's discount is the coupon with
 * this code: the admin makes and changes it among the discount codes (percent or kroner, plans,
 * periods, dates, on/off), and the link applies it. It cannot be typed in the code field, so only
 * someone with a member's link gets it.
 */
export const REFERRAL_COUPON_CODE = 'VERV-EN-VENN';

/** The query parameter of a member's link on the checkout page: the member's id. */
export const REFERRAL_PARAM = 'verv';

/** A member's personal link, on the site at `origin`. */
export const referralLink = (origin: string, userId: string) =>
  `${origin}${PATHS.checkout}?${REFERRAL_PARAM}=${encodeURIComponent(userId)}`;
