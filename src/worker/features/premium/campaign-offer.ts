import type { Db } from '#db';
import { campaigns, priceHistory, type Campaign } from '#db/schema';
import { PRICES_NOK, type Plan } from '#shared/constants';
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
 * the list price. A campaign that sells no chargeable plan is not offered at all (null).
 */
export function offeredCampaign(row: Campaign, history: PriceChange[], now: number): PublicCampaign | null {
  const charge = campaignCharge(row);
  if (!charge) return null;
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
 * The active campaign as a real offer (or null) and both plans' list prices with their "før"
 * prices, from one batch.
 */
export async function activeCampaign(ctx: ServiceCtx): Promise<ActiveCampaignResponse> {
  const { db } = ctx;
  const now = ctx.now();
  const [[row], history] = await db.batch([db.select().from(campaigns).where(isTheActiveCampaign), priceHistoryQuery(db)]);
  const changes = toPriceChanges(history);
  return { campaign: row ? offeredCampaign(row, changes, now) : null, prices: planPrices(changes, now) };
}
