import { DAY } from '#shared/time';

/** After a failed renewal, Premium is kept and the charge retried for this long; then the subscription expires. */
export const GRACE_DAYS = 7;
export const GRACE_MS = GRACE_DAYS * DAY;
/** How often a failed renewal is retried during the grace period (providers that charge on our schedule). */
export const RETRY_INTERVAL_MS = DAY;
