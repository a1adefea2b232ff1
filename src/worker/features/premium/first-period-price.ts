import { sql, type SQL } from 'drizzle-orm';
import { campaigns, siteSettings, users } from '#db/schema';
import { DAY } from '#shared/time';
import { PRICES_NOK, type Plan } from '#shared/constants';
import { PERIOD_PLAN } from '#shared/pricing';
import { isTheActiveCampaign } from './campaign';

const PLAN_PERIOD = Object.fromEntries(
  Object.entries(PERIOD_PLAN).flatMap(([period, plan]) => (plan ? [[plan, period]] : [])),
) as Record<Plan, string>;

/** The campaign's price for its first period (its discounted price, else its original), as SQL. */
const campaignPrice = sql`coalesce(${campaigns.priceDiscounted}, ${campaigns.priceOriginal})`;

/**
 * The welcome offer's price of `plan` for the user (SQL: a user id, or the id column of the
 * statement it sits in), while their account is younger than the offer's days; NULL otherwise.
 * Read by the upgrade's batch (firstPeriodPrice) and by GET /api/premium/offer (welcomeOfferQuery).
 */
export function welcomePrice({ plan, userId, now }: { plan: Plan | SQL; userId: string | SQL; now: number }): SQL<number | null> {
  return sql<number | null>`(
    SELECT s.welcome_offer_price FROM ${siteSettings} s, ${users} u
    WHERE s.id = 1 AND u.id = ${userId} AND s.welcome_offer_plan = ${plan} AND s.welcome_offer_price >= 1
      AND u.created_at + s.welcome_offer_days * ${DAY} > ${now}
  )`;
}

/**
 * What the first period of `plan` costs the user now, as SQL for the batch that records the
 * payment (so the check costs no round trip of its own): the lowest of the list price, the
 * price of the campaign the request came from while it is still the active campaign, sells
 * this plan in NOK and has not ended (`campaignCharge`'s rule), and the welcome offer while the
 * user's account is young enough (`welcomePrice`). After a campaign's end or the welcome
 * offer's days, the list price. Renewals are always at the list price.
 */
export function firstPeriodPrice({
  plan,
  campaignId,
  userId,
  now,
}: {
  plan: Plan;
  campaignId: string | null;
  /** The buyer's id, or SQL that finds it (a checkout's account made in the same batch). */
  userId: string | SQL;
  now: number;
}): SQL<number> {
  const list = PRICES_NOK[plan];
  const campaign =
    campaignId === null
      ? sql`NULL`
      : sql`(
    SELECT ${campaignPrice} FROM ${campaigns}
    WHERE ${campaigns.id} = ${campaignId} AND ${isTheActiveCampaign}
      AND (${campaigns.endsAt} IS NULL OR ${campaigns.endsAt} > ${now})
      AND ${campaigns.currency} = 'NOK' AND ${campaigns.period} = ${PLAN_PERIOD[plan]} AND ${campaignPrice} >= 1
  )`;
  // SQLite's min() of several arguments is NULL if any is: each offer falls back to the list price.
  return sql<number>`min(${list}, coalesce(${campaign}, ${list}), coalesce(${welcomePrice({ plan, userId, now })}, ${list}))`;
}
