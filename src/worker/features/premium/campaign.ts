import { sql } from 'drizzle-orm';
import type { Db } from '#db';
import { campaigns, payments, type Campaign } from '#db/schema';
import { DAY, osloStartOfDay } from '#shared/time';
import { PRICES_NOK } from '#shared/constants';
import { PERIOD_PLAN } from '#shared/pricing';
import type { PublicCampaign } from '#shared/schemas/premium';

/** "The one active campaign": the most recently updated of those marked active. */
export const isTheActiveCampaign = sql`${campaigns.id} = (SELECT id FROM campaigns WHERE is_active = 1 ORDER BY updated_at DESC LIMIT 1)`;

/** A campaign's paid purchases (a column beside `campaigns`). */
// The campaign's id qualified by hand: in a select from one table Drizzle writes a bare "id", which inside this subquery is the payment's.
export const paidOnCampaign = sql<number>`(SELECT count(*) FROM ${payments} WHERE ${payments.campaignId} = ${campaigns}.${sql.identifier('id')} AND ${payments.status} = 'paid')`;

/**
 * Spots left on a limited_spots campaign whose value is a whole number: that limit minus the real
 * paid upgrades on it. NULL for any other campaign. Written once, in SQL, because the upgrade
 * checks it in the same statement that records the payment.
 */
export const spotsLeftSql = sql<number | null>`CASE
  WHEN ${campaigns.urgencyType} = 'limited_spots' AND ${campaigns.urgencyValue} <> '' AND ${campaigns.urgencyValue} NOT GLOB '*[^0-9]*'
  THEN max(0, CAST(${campaigns.urgencyValue} AS INTEGER) - ${paidOnCampaign})
END`;

/** The active campaign's urgency, real spots left, end and price, as one query for a request's batch. */
export const activeUrgencyQuery = (db: Db) =>
  db
    .select({
      id: campaigns.id,
      urgencyType: campaigns.urgencyType,
      urgencyValue: campaigns.urgencyValue,
      spotsLeft: spotsLeftSql,
      endsAt: campaigns.endsAt,
      period: campaigns.period,
      currency: campaigns.currency,
      priceOriginal: campaigns.priceOriginal,
      priceDiscounted: campaigns.priceDiscounted,
    })
    .from(campaigns)
    .where(isTheActiveCampaign);

/** The active campaign joined onto another query (LEFT JOIN campaigns ON …), for statements that must see it too. */
export const joinActiveCampaign = sql`LEFT JOIN ${campaigns} ON ${isTheActiveCampaign}`;

/**
 * A countdown campaign's end, the same for everyone: its value as an ISO date (the offer lasts to
 * the end of that day in Oslo) or date-time. Stored as `campaigns.ends_at` when the campaign is
 * saved; anything else has no end (and shows no countdown).
 */
export function campaignDeadline(
  campaign: { urgencyType: Campaign['urgencyType']; urgencyValue: string } | undefined,
): number | null {
  if (campaign?.urgencyType !== 'countdown') return null;
  const value = campaign.urgencyValue.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = Date.parse(`${value}T00:00:00Z`);
    return Number.isNaN(day) ? null : osloStartOfDay(new Date(day + DAY).toISOString().slice(0, 10));
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const at = Date.parse(value);
    return Number.isNaN(at) ? null : at;
  }
  return null;
}

/** A stored campaign as the admin edits it (with its name) and previews it; users see it priced by `offeredCampaign`. */
export function publicCampaign(c: Campaign): PublicCampaign {
  const plan = PERIOD_PLAN[c.period];
  return {
    id: c.id,
    title: c.title,
    subtitle: c.subtitle,
    description: c.description,
    features: c.features,
    pricing: { original: c.priceOriginal, discounted: c.priceDiscounted, currency: c.currency, period: c.period },
    discount: c.discount,
    plan,
    renewalPrice: plan ? PRICES_NOK[plan] : null,
    urgencyType: c.urgencyType,
    urgencyValue: c.urgencyValue,
    ctaText: c.ctaText,
    testimonials: c.testimonials,
    displayType: c.displayType,
    colorScheme: c.colorScheme,
    animations: c.animations,
    gamification: c.gamification,
    isActive: c.isActive,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
