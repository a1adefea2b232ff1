import { sql, type SQL } from 'drizzle-orm';
import { mailClickRefs } from '#db/schema';
import { DAY } from '#shared/time';

/** A purchase this long after a click on a mail's link counts for the mail. */
export const ATTRIBUTION_DAYS = 7;

/**
 * The mail (`<kind>:<id>`) user `userId` last clicked a link in, if within ATTRIBUTION_DAYS
 * before `now`; else NULL. A subquery, so the payment's own INSERT records it (no round trip).
 */
export const mailClickRefWithin = (userId: SQL | string, now: number) =>
  sql<string | null>`(SELECT ${mailClickRefs.mailRef} FROM ${mailClickRefs}
    WHERE ${mailClickRefs.userId} = ${userId} AND ${mailClickRefs.clickedAt} > ${now - ATTRIBUTION_DAYS * DAY})`;

/** Rows past the window attribute nothing any more: the clean-up job deletes them. */
export const expiredClickRefs = (now: number) => sql`${mailClickRefs.clickedAt} <= ${now - ATTRIBUTION_DAYS * DAY}`;
