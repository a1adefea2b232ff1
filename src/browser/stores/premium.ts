import { atom, onMount } from 'nanostores';
import { OFFER_REFRESH_SECONDS, type Plan } from '#shared/constants';
import { fallbackCampaign } from '#shared/copy/premium';
import { planPrices, type FirstPeriod, type PlanPrices } from '#shared/pricing';
import type { CheckoutStatusResponse, OfferResponse, PublicCampaign, UpgradeResponse } from '#shared/schemas/premium';
import type { PaymentProviderName } from '#db/schema/enums';
import { DAY, HOUR, MINUTE, SECOND, splitDuration, type TimeLeft } from '#shared/time';
import { api, call } from '#browser/api';

export type OfferState =
  | { status: 'loading' }
  | { status: 'failed' }
  /** `deadline` is the server's deadline on this device's clock, so a wrong clock cannot move it. */
  | { status: 'ready'; data: OfferResponse; deadline: number | null };

/** The signed-in user's offer and the real counts behind the counters (GET /api/premium/offer). */
export const $offer = atom<OfferState>({ status: 'loading' });

/** The campaign the screen shows; null until loaded. */
export const $campaign = atom<PublicCampaign | null>(null);

/** The plans' list prices and their "før" prices, as the server gives them (the list prices alone until then). */
export const $prices = atom<PlanPrices>(planPrices([], 0));

/** The plan with the most real sales, when one has enough to say so (GET /api/admin/campaigns/active). */
export const $popularPlan = atom<Plan | null>(null);

/** This device's clock, ticking every second while a countdown is on screen. */
export const $clock = atom(Date.now());
onMount($clock, () => {
  $clock.set(Date.now());
  const id = window.setInterval(() => $clock.set(Date.now()), SECOND);
  return () => window.clearInterval(id);
});

const msOf = (t: TimeLeft) => t.days * DAY + t.hours * HOUR + t.minutes * MINUTE + t.seconds * SECOND;

function setOffer(data: OfferResponse) {
  const before = $offer.get();
  const sameDeadline = before.status === 'ready' && before.deadline !== null && before.data.offer?.endsAt === data.offer?.endsAt;
  // The same deadline keeps its local instant: refreshing must not make the countdown jump.
  const deadline = sameDeadline ? before.deadline : data.offer ? Date.now() + msOf(data.offer.timeLeft) : null;
  $offer.set({ status: 'ready', data, deadline });
}

/** Loads the offer, retrying twice (the one read that retries); a final failure leaves the state 'failed'. */
export async function loadOffer(retries = 2): Promise<OfferState> {
  for (let attempt = 0; ; attempt++) {
    try {
      setOffer(await call(api.premium.offer.$get()));
      return $offer.get();
    } catch (err) {
      if (attempt >= retries) {
        console.error(err);
        $offer.set({ status: 'failed' });
        return $offer.get();
      }
    }
  }
}

/**
 * Fetches the offer again every few seconds while the page is visible (and at once when it
 * becomes visible), so the counters follow the real numbers; returns the stop function.
 */
export function refreshOfferWhileVisible(): () => void {
  const refresh = () => {
    if (document.visibilityState !== 'visible') return;
    call(api.premium.offer.$get()).then(setOffer, () => undefined);
  };
  const id = window.setInterval(refresh, OFFER_REFRESH_SECONDS * SECOND);
  document.addEventListener('visibilitychange', refresh);
  return () => {
    window.clearInterval(id);
    document.removeEventListener('visibilitychange', refresh);
  };
}

/**
 * The active campaign and the plans' prices; the built-in default campaign when there is none or
 * it cannot be loaded (silently; tests/e2e/premium.spec.ts), and then the list prices with no "før" claim.
 */
export async function loadCampaign(): Promise<PublicCampaign> {
  try {
    const { campaign, prices, popularPlan } = await call(api.admin.campaigns.active.$get());
    $prices.set(prices);
    $popularPlan.set(popularPlan);
    $campaign.set(campaign ?? fallbackCampaign);
  } catch {
    $campaign.set(fallbackCampaign);
  }
  return $campaign.get()!;
}

/**
 * Starts the upgrade at the price the screen showed, naming its campaign (the server checks it
 * against its own) or the discount code whose price it showed instead, with the buyer's
 * withdrawal-right consent, the company when bought as a business, the free trial's days when
 * the screen showed its terms (then `offer` is the list price, charged when the trial ends), and
 * the member whose «Verv en venn» link brought the buyer (recorded as their referral, whatever the price).
 */
export function upgrade(
  plan: Plan,
  offer: FirstPeriod | { amount: number; code: string },
  withdrawalConsent: boolean,
  provider?: PaymentProviderName,
  buyer?: { company: string; orgNumber: string },
  trialDays?: number,
  referrer?: string,
): Promise<UpgradeResponse> {
  const price = offer.amount;
  const chosen = {
    ...(provider ? { provider } : {}),
    ...(buyer ? { buyer } : {}),
    ...(trialDays ? { trialDays } : {}),
    ...(referrer ? { referrer } : {}),
  };
  const named = 'code' in offer ? { code: offer.code } : offer.campaignId ? { campaignId: offer.campaignId } : {};
  const json = { plan, price, withdrawalConsent, ...named, ...chosen };
  return call(api.premium.upgrade.$post({ json }));
}

/** How the checkout the buyer came back from stands (the server asks Vipps when its webhook is late). */
export const checkoutStatus = (paymentId: string): Promise<CheckoutStatusResponse> =>
  call(api.premium.payments[':id'].$get({ param: { id: paymentId } }));

/**
 * What a counter shows: the real number when it is at or above its floor (SPOTS_FLOOR, VIEWERS_FLOOR), otherwise
 * nothing. A number is never raised to the floor, so the screen never claims more than is true.
 */
export const shownCount = (real: number | undefined, floor: number): number | null =>
  real !== undefined && real >= floor ? real : null;

/** Time left to a local deadline, stopping at zero. */
export const timeLeftAt = (deadline: number, now: number): TimeLeft => splitDuration(deadline - now);
