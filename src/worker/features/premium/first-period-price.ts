import { sql, type SQL } from 'drizzle-orm';
import { campaigns } from '#db/schema';
import { PRICES_NOK, type Plan } from '#shared/constants';
import { PERIOD_PLAN } from '#shared/pricing';
import { isTheActiveCampaign } from './campaign';

const PLAN_PERIOD = Object.fromEntries(
  Object.entries(PERIOD_PLAN).flatMap(([period, plan]) => (plan ? [[plan, period]] : [])),
) as Record<Plan, string>;

/**
 * What the first period of `plan` costs, as SQL for the batch that records the payment (so the
 * check costs no round trip of its own): the price of the campaign the request came from when
 * it is still the active campaign and sells this plan in NOK (`campaignCharge`'s rule: its
 * discounted price, else its original, at most the list price), otherwise the list price.
 * Renewals are always at the list price.
 */
export function firstPeriodPrice({ plan, campaignId }: { plan: Plan; campaignId: string | null }): SQL<number> {
  const list = PRICES_NOK[plan];
  if (campaignId === null) return sql<number>`${list}`;
  const price = sql`coalesce(${campaigns.priceDiscounted}, ${campaigns.priceOriginal})`;
  return sql<number>`coalesce((
    SELECT min(${price}, ${list}) FROM ${campaigns}
    WHERE ${campaigns.id} = ${campaignId} AND ${isTheActiveCampaign}
      AND ${campaigns.currency} = 'NOK' AND ${campaigns.period} = ${PLAN_PERIOD[plan]} AND ${price} >= 1
  ), ${list})`;
}
