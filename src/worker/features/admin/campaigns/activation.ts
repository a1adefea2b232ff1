import { PRICES_NOK } from '#shared/constants';
import { campaignValidation as v } from '#shared/copy/admin/campaigns';
import { PERIOD_PLAN } from '#shared/pricing';
import { CAMPAIGN_DRAFT, type CampaignData } from '#shared/schemas/admin/campaigns';
import { AppError } from '#worker/errors';

const PLACEHOLDER_TITLES = new Set((CAMPAIGN_DRAFT.features ?? []).map((f) => f.title));

/**
 * A campaign goes live only as a real offer (409 otherwise, with a code and a Norwegian reason):
 * in NOK, for a period that is a plan we sell, its "ordinær pris" the plan's list price (the
 * only before price we may strike through), its first-period price between 1 NOK and that list
 * price (what `firstPeriodPrice` charges), below it when it counts down, and none of the editor
 * draft's placeholder features.
 * Drafts (inactive) may be saved in any state.
 */
export function requireActivatable(input: CampaignData): void {
  if (!input.isActive) return;
  const { currency, period, original, discounted } = input.pricing;
  if (currency !== 'NOK') throw new AppError('campaign_currency', 409);
  const plan = PERIOD_PLAN[period];
  if (!plan) throw new AppError('campaign_unchargeable', 409, v.periodNotAPlan);
  const list = PRICES_NOK[plan];
  if (original !== list) throw new AppError('campaign_unchargeable', 409, v.originalNotListPrice(list, period));
  const price = discounted ?? original;
  if (price < 1 || price > list) throw new AppError('campaign_unchargeable', 409, v.priceNotChargeable(list, period));
  // Never a countdown with the list price behind it (docs/decisions/0040).
  if (input.urgencyType === 'countdown' && price >= list) {
    throw new AppError('campaign_countdown_without_offer', 409, v.countdownWithoutOffer(list, period));
  }
  if (input.features.some((f) => PLACEHOLDER_TITLES.has(f.title))) throw new AppError('campaign_placeholder_features', 409);
}
