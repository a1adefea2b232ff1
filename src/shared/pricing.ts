/*
 * Every price claim the screens make, computed from the server's list prices (PRICES_NOK) and
 * their recorded history. Pure functions, shared by the API (which answers with their results)
 * and the islands (which only format them). See docs/decisions (prices and claims).
 */
import type { PERIODS } from '#db/schema/enums';
import { BEFORE_PRICE_DAYS, PLANS, PRICES_NOK, type Plan } from '#shared/constants';
import type { PublicCampaign, WelcomeOffer } from '#shared/schemas/premium';
import { DAY } from '#shared/time';

/** A list price from the moment it applied (a price_history row). */
export type PriceChange = { plan: Plan; amount: number; effectiveFrom: number };
/** A plan's list price now, and the "før" price it may be shown against (null: no reduction to claim). */
export type PlanPrice = { amount: number; before: number | null };
export type PlanPrices = Record<Plan, PlanPrice>;

const WINDOW = BEFORE_PRICE_DAYS * DAY;

/**
 * The plan's prices in order of time, ending with today's list price: a PRICES_NOK value not yet
 * in the history applies from `now` (it is recorded by the next offer request).
 */
function timeline(history: readonly PriceChange[], plan: Plan, now: number): Timeline {
  const own = history
    .filter((h) => h.plan === plan && h.effectiveFrom <= now)
    .sort((a, b) => a.effectiveFrom - b.effectiveFrom)
    .map((h) => ({ amount: h.amount, from: h.effectiveFrom }));
  const current = PRICES_NOK[plan];
  return own.at(-1)?.amount === current ? own : [...own, { amount: current, from: now }];
}

type Timeline = { amount: number; from: number }[];

/** The lowest price of a timeline at any moment from `from` to `to`. */
function lowestIn(line: Timeline, from: number, to: number): number {
  const inWindow = line.filter((p, i) => p.from <= to && (line[i + 1]?.from ?? Infinity) > from);
  return Math.min(...inWindow.map((p) => p.amount));
}

/** The lowest price the plan had at any moment in the `days` days up to `now` (today's list price included). */
export const lowestPriceWithin = (history: readonly PriceChange[], plan: Plan, now: number, days = BEFORE_PRICE_DAYS) =>
  lowestIn(timeline(history, plan, now), now - days * DAY, now);

/**
 * The "før" price of a plan's list price: only while the reduction is at most BEFORE_PRICE_DAYS
 * old, and then the lowest price in the BEFORE_PRICE_DAYS before it (§ 9a's førpris). Null when
 * the price was not reduced, or the reduction is older: the reduced price is then the price.
 */
export function beforePrice(history: readonly PriceChange[], plan: Plan, now: number): number | null {
  const line = timeline(history, plan, now);
  const current = line.at(-1)!;
  if (line.length < 2 || now - current.from > WINDOW) return null;
  const before = lowestIn(line.slice(0, -1), current.from - WINDOW, current.from - 1);
  return before > current.amount ? before : null;
}

/** Both plans' list prices with their "før" prices, as GET /api/premium/offer answers them. */
export function planPrices(history: readonly PriceChange[], now: number): PlanPrices {
  return Object.fromEntries(
    PLANS.map((plan) => [plan, { amount: PRICES_NOK[plan], before: beforePrice(history, plan, now) }]),
  ) as PlanPrices;
}

/** "Spar N mnd": whole months of the monthly price a year on the yearly plan saves against twelve monthly payments. */
export function yearlySavingMonths(monthly: number, yearly: number): number {
  return Math.max(0, Math.floor((12 * monthly - yearly) / monthly));
}

/** What a year on the yearly plan saves against twelve monthly payments, in NOK. */
export const yearlySavingNok = (monthly: number, yearly: number) => Math.max(0, 12 * monthly - yearly);

/** The plan a campaign's period sells; a one-time ('engang') price is no plan we can charge. */
export const PERIOD_PLAN: Record<(typeof PERIODS)[number], Plan | null> = { måned: 'monthly', år: 'yearly', engang: null };

/** The percentage a price saves against a before price, in whole percent (0 without a reduction). */
export const discountPercent = (before: number, price: number | null) =>
  price === null || before <= 0 || price >= before ? 0 : Math.round(((before - price) / before) * 100);

/** What the first period of a plan costs on /premium, what it is shown against, and what it renews at. */
export type FirstPeriod = {
  amount: number;
  /** A struck-through price that is true (a campaign's reference, or the list price's "før" price); null: none. */
  before: number | null;
  /** The list price charged from the second period on, when the first is at a lower offer's price. */
  renewal: number | null;
  /** The campaign whose price this is, named in the upgrade request. */
  campaignId: string | null;
  /** The price is the user's welcome offer (the server charges it without a campaign named). */
  welcome: boolean;
};

/**
 * The first period of `plan` through a member's «Verv en venn» link: the referral discount's price
 * (`referral`, each plan's, as GET /api/checkout gives it) replaces every other offer, as the
 * server charges it (it is a coupon); null when the link gives this plan no discount now.
 */
export function referralFirstPeriod(
  plan: Plan,
  prices: PlanPrices,
  referral: Record<Plan, number | null> | null,
): FirstPeriod | null {
  const amount = referral?.[plan] ?? null;
  const list = prices[plan].amount;
  return amount === null ? null : { amount, before: list, renewal: list, campaignId: null, welcome: false };
}

/**
 * The first period of `plan`: the lowest real offer the server charges (firstPeriodPrice) — the
 * campaign's price (as the server priced it) when the campaign sells this plan below its list
 * price, the user's welcome offer for this plan — else the list price. The guide's campaign
 * panels and /premium's pricing and order summary all show this, and the upgrade sends it. A
 * welcome offer is a price of its own, never shown as a reduction of a struck-through price.
 */
export function firstPeriodOffer(
  plan: Plan,
  prices: PlanPrices,
  campaign: Pick<PublicCampaign, 'id' | 'plan' | 'pricing'> | null,
  welcome: Pick<WelcomeOffer, 'plan' | 'amount'> | null = null,
): FirstPeriod {
  const list = prices[plan];
  let offer: FirstPeriod = { amount: list.amount, before: list.before, renewal: null, campaignId: null, welcome: false };
  if (campaign?.plan === plan) {
    const { original, discounted } = campaign.pricing;
    const amount = discounted ?? original;
    if (amount < list.amount) {
      offer = {
        amount,
        before: discounted !== null ? original : null,
        renewal: list.amount,
        campaignId: campaign.id,
        welcome: false,
      };
    }
  }
  if (welcome?.plan === plan && welcome.amount < offer.amount) {
    offer = { amount: welcome.amount, before: null, renewal: list.amount, campaignId: null, welcome: true };
  }
  return offer;
}
