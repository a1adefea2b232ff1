import { DAY } from '#shared/time';

/** After a failed renewal, Premium is kept and the charge retried for this long; then the subscription expires. */
export const GRACE_DAYS = 7;
export const GRACE_MS = GRACE_DAYS * DAY;
/** How often a failed renewal is retried during the grace period (providers that charge on our schedule). */
export const RETRY_INTERVAL_MS = DAY;

/** A list price change reaches a subscriber only at a renewal at least this long after their notice (docs/decisions/0042-price-changes.md). */
export const PRICE_NOTICE_DAYS = 30;
export const PRICE_NOTICE_MS = PRICE_NOTICE_DAYS * DAY;
