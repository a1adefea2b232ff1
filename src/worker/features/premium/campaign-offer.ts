import type { Db } from '#db';
import { inArray } from 'drizzle-orm';
import { campaigns, counters, priceHistory, type Campaign } from '#db/schema';
import { POPULAR_MIN_SALES, PRICES_NOK, type Plan } from '#shared/constants';
import { discountPercent, lowestPriceWithin, PERIOD_PLAN, planPrices, type PriceChange } from '#shared/pricing';
import type { ActiveCampaignResponse, PublicCampaign } from '#shared/schemas/premium';
import type { ServiceCtx } from '#worker/context';
import { isTheActiveCampaign, publicCampaign } from './campaign';

/** Every recorded list price (a handful of rows: one per price change), for the request's batch. */
export const priceHistoryQuery = (db: Db) =>
  db
    .select({ plan: priceHistory.plan, amount: priceHistory.amount, effectiveFrom: priceHistory.effectiveFrom })
    .from(priceHistory);

export const toPriceChanges = (rows: { plan: Plan; amount: number; effectiveFrom: Date }[]): PriceChange[] =>
  rows.map((r) => ({ plan: r.plan, amount: r.amount, effectiveFrom: r.effectiveFrom.getTime() }));

/**
 * What a campaign charges for the first period of the plan its period sells: its discounted
 * price (else its original), never more than the plan's list price. Null when it sells no plan
 * we can charge (a one-time period, another currency, or nothing to pay). The same rule, in
 * SQL, prices the upgrade: `firstPeriodPrice`.
 */
export function campaignCharge(c: Pick<Campaign, 'period' | 'currency' | 'priceOriginal' | 'priceDiscounted'>) {
  const plan = PERIOD_PLAN[c.period];
  const price = c.priceDiscounted ?? c.priceOriginal;
  if (!plan || c.currency !== 'NOK' || price < 1) return null;
  return { plan, amount: Math.min(price, PRICES_NOK[plan]) };
}

/**
 * The active campaign as users see it: priced by what the server charges. Its struck-through
 * price is the plan's lowest list price within the last BEFORE_PRICE_DAYS (never the number an
 * admin typed as "original"), shown only when the campaign's price is below it; renewals are at
 * the list price. A campaign that sells no chargeable plan, or has ended, is not offered at all (null).
 */
export function offeredCampaign(row: Campaign, history: PriceChange[], now: number): PublicCampaign | null {
  const charge = campaignCharge(row);
  // Past its end the campaign's price is no longer charged (firstPeriodPrice): it is not offered.
  if (!charge || (row.endsAt !== null && row.endsAt.getTime() <= now)) return null;
  const reference = lowestPriceWithin(history, charge.plan, now);
  const reduced = charge.amount < reference;
  return {
    ...publicCampaign(row),
    pricing: {
      original: reduced ? reference : charge.amount,
      discounted: reduced ? charge.amount : null,
      currency: 'NOK',
      period: row.period,
    },
    discount: discountPercent(reference, charge.amount),
  };
}

/**
 * GET /api/admin/campaigns/active: public, since the premium screen shows it to every visitor.
 * The active campaign as a real offer (or null), both plans' list prices with their "før"
 * prices, and the most popular plan by real sales, from one batch.
 */
export async function activeCampaign(ctx: ServiceCtx): Promise<ActiveCampaignResponse> {
  const { db } = ctx;
  const now = ctx.now();
  const [[row], history, sales] = await db.batch([
    db.select().from(campaigns).where(isTheActiveCampaign),
    priceHistoryQuery(db),
    // Kept by a trigger (migration 0019): counting every subscription on each view would grow with the sales.
    db
      .select({ name: counters.name, n: counters.value })
      .from(counters)
      .where(inArray(counters.name, ['sales_monthly', 'sales_yearly'])),
  ]);
  const changes = toPriceChanges(history);
  return {
    campaign: row ? offeredCampaign(row, changes, now) : null,
    prices: planPrices(changes, now),
    popularPlan: popularPlan(sales.map((r) => ({ plan: r.name === 'sales_monthly' ? 'monthly' : 'yearly', n: r.n }))),
  };
}

/**
 * "Mest populær" only from real sales: the plan with the most subscriptions ever started, once it
 * has at least POPULAR_MIN_SALES and strictly more than the other plan; otherwise none.
 */
export function popularPlan(sales: { plan: Plan; n: number }[]): Plan | null {
  const [top, next] = [...sales].sort((a, b) => b.n - a.n);
  return top && top.n >= POPULAR_MIN_SALES && top.n > (next?.n ?? 0) ? top.plan : null;
}
