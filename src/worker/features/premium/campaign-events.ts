import { sql } from 'drizzle-orm';
import type { Db } from '#db';
import { campaignEvents, campaigns, payments } from '#db/schema';
import { osloCalendarDay } from '#shared/time';
import { isTheActiveCampaign } from './campaign';

/*
 * The campaign events of the /premium page and the checkout, written by the server in the batch
 * of the read or payment they come with (the guide's own views and clicks come from its island):
 * a campaign's "Vist til" and "Klikket av" count every way to it, not the guide's alone.
 */

/** The active campaign seen on /premium by `userId` today: one row a day (the primary key). */
export const premiumPageView = (db: Db, userId: string, now: number) =>
  db.run(sql`
    INSERT INTO ${campaignEvents} (user_id, campaign_id, kind, placement, reason, day, created_at)
    SELECT ${userId}, ${campaigns.id}, 'shown', 'premium_page', 'visit', ${osloCalendarDay(now)}, ${now}
    FROM ${campaigns} WHERE ${isTheActiveCampaign}
    ON CONFLICT DO NOTHING`);

/** A checkout started on a campaign's price (payment `paymentId` names it) counts as a click on it. */
export const checkoutClick = (db: Db, paymentId: string, now: number) =>
  db.run(sql`
    INSERT INTO ${campaignEvents} (user_id, campaign_id, kind, placement, reason, day, created_at)
    SELECT ${payments.userId}, ${payments.campaignId}, 'clicked', 'checkout', 'visit', ${osloCalendarDay(now)}, ${now}
    FROM ${payments} WHERE ${payments.id} = ${paymentId} AND ${payments.campaignId} IS NOT NULL AND ${payments.userId} IS NOT NULL
    ON CONFLICT DO NOTHING`);
