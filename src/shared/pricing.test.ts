import { describe, expect, it } from 'vitest';
import { PRICES_NOK } from '#shared/constants';
import {
  beforePrice,
  discountPercent,
  firstPeriodOffer,
  lowestPriceWithin,
  planPrices,
  referralFirstPeriod,
  yearlySavingMonths,
  yearlySavingNok,
  type PriceChange,
} from '#shared/pricing';
import { DAY } from '#shared/time';

const NOW = Date.UTC(2026, 10, 25, 12);
const LAUNCH = Date.UTC(2025, 1, 3);
const launch: PriceChange[] = [
  { plan: 'monthly', amount: 399, effectiveFrom: LAUNCH },
  { plan: 'yearly', amount: 1995, effectiveFrom: LAUNCH },
];
/** The yearly plan was 2495 from launch and came down to today's price `daysAgo` days ago. */
const reducedYearly = (daysAgo: number): PriceChange[] => [
  { plan: 'yearly', amount: 2495, effectiveFrom: LAUNCH },
  { plan: 'yearly', amount: PRICES_NOK.yearly, effectiveFrom: NOW - daysAgo * DAY },
];

describe('the yearly saving', () => {
  it('is computed from 12 × monthly against yearly: 4788 against 1995 saves 2793 NOK, 7 whole months', () => {
    expect(yearlySavingNok(399, 1995)).toBe(2793);
    expect(yearlySavingMonths(399, 1995)).toBe(7);
    expect(yearlySavingMonths(PRICES_NOK.monthly, PRICES_NOK.yearly)).toBe(7);
  });

  it('counts whole months only, and never less than nothing', () => {
    expect(yearlySavingMonths(100, 1000)).toBe(2);
    expect(yearlySavingMonths(100, 1050)).toBe(1);
    expect(yearlySavingMonths(100, 1300)).toBe(0);
    expect(yearlySavingNok(100, 1300)).toBe(0);
  });
});

describe('before prices (førpris)', () => {
  it('has none for a price that never changed', () => {
    expect(beforePrice(launch, 'yearly', NOW)).toBeNull();
    expect(planPrices(launch, NOW)).toEqual({ monthly: { amount: 399, before: null }, yearly: { amount: 1995, before: null } });
  });

  it('shows the price before a reduction for 29 days, and not at 31', () => {
    expect(beforePrice(reducedYearly(29), 'yearly', NOW)).toBe(2495);
    expect(beforePrice(reducedYearly(30), 'yearly', NOW)).toBe(2495);
    expect(beforePrice(reducedYearly(31), 'yearly', NOW)).toBeNull();
    expect(beforePrice(reducedYearly(29), 'monthly', NOW)).toBeNull();
  });

  it('is the lowest price of the 30 days before the reduction, not the highest', () => {
    const history: PriceChange[] = [
      { plan: 'yearly', amount: 2995, effectiveFrom: LAUNCH },
      { plan: 'yearly', amount: 2295, effectiveFrom: NOW - 20 * DAY }, // a week at 2295 …
      { plan: 'yearly', amount: 2995, effectiveFrom: NOW - 13 * DAY }, // … back up …
      { plan: 'yearly', amount: 1995, effectiveFrom: NOW - 3 * DAY }, // … and down: "før 2295", never 2995
    ];
    expect(beforePrice(history, 'yearly', NOW)).toBe(2295);
  });

  it('claims nothing after a price rise, or when the price was as low within the 30 days', () => {
    const rise: PriceChange[] = [
      { plan: 'yearly', amount: 1495, effectiveFrom: LAUNCH },
      { plan: 'yearly', amount: 1995, effectiveFrom: NOW - 5 * DAY },
    ];
    expect(beforePrice(rise, 'yearly', NOW)).toBeNull();
    const dip: PriceChange[] = [
      { plan: 'yearly', amount: 2495, effectiveFrom: LAUNCH },
      { plan: 'yearly', amount: 1995, effectiveFrom: NOW - 25 * DAY },
      { plan: 'yearly', amount: 2495, effectiveFrom: NOW - 20 * DAY },
      { plan: 'yearly', amount: 1995, effectiveFrom: NOW - 2 * DAY },
    ];
    expect(beforePrice(dip, 'yearly', NOW)).toBeNull();
  });

  it('takes a list price not yet recorded as applying from now', () => {
    const old: PriceChange[] = [{ plan: 'yearly', amount: 2495, effectiveFrom: LAUNCH }];
    expect(beforePrice(old, 'yearly', NOW)).toBe(2495);
    expect(beforePrice([], 'yearly', NOW)).toBeNull();
  });

  it('finds the lowest price a plan had in the last 30 days, today included (the reference a campaign is measured against)', () => {
    expect(lowestPriceWithin(reducedYearly(10), 'yearly', NOW)).toBe(1995);
    const rose: PriceChange[] = [
      { plan: 'yearly', amount: 1495, effectiveFrom: LAUNCH },
      { plan: 'yearly', amount: 1995, effectiveFrom: NOW - 29 * DAY },
    ];
    expect(lowestPriceWithin(rose, 'yearly', NOW)).toBe(1495);
    expect(lowestPriceWithin(rose, 'yearly', NOW + 2 * DAY)).toBe(1995);
  });
});

describe('the first period on /premium', () => {
  const prices = planPrices(launch, NOW);
  const campaign = (plan: 'monthly' | 'yearly' | null, original: number, discounted: number | null) => ({
    id: 'vinter',
    plan,
    pricing: {
      original,
      discounted,
      currency: 'NOK' as const,
      period: plan === 'monthly' ? ('måned' as const) : ('år' as const),
    },
  });

  it('is the list price without a campaign, or with one for the other plan', () => {
    expect(firstPeriodOffer('yearly', prices, null)).toEqual({
      amount: 1995,
      before: null,
      renewal: null,
      campaignId: null,
      welcome: false,
    });
    expect(firstPeriodOffer('monthly', prices, campaign('yearly', 1995, 1495))).toMatchObject({ amount: 399, campaignId: null });
  });

  it("is a campaign's price for its plan, against its reference price, renewing at the list price", () => {
    expect(firstPeriodOffer('yearly', prices, campaign('yearly', 1995, 1495))).toEqual({
      amount: 1495,
      before: 1995,
      renewal: 1995,
      campaignId: 'vinter',
      welcome: false,
    });
  });

  it("is the user's welcome offer for its plan when it is the lowest, never struck through, renewing at the list price", () => {
    const welcome = { plan: 'yearly' as const, amount: 1295 };
    expect(firstPeriodOffer('yearly', prices, campaign('yearly', 1995, 1495), welcome)).toEqual({
      amount: 1295,
      before: null,
      renewal: 1995,
      campaignId: null,
      welcome: true,
    });
    expect(firstPeriodOffer('monthly', prices, null, welcome)).toMatchObject({ amount: 399, welcome: false });
    expect(firstPeriodOffer('yearly', prices, campaign('yearly', 1995, 995), welcome)).toMatchObject({
      amount: 995,
      campaignId: 'vinter',
    });
  });

  it('ignores a campaign at the list price: no campaign price to name', () => {
    expect(firstPeriodOffer('yearly', prices, campaign('yearly', 1995, null))).toEqual(firstPeriodOffer('yearly', prices, null));
  });

  it('works out a discount only against a higher price', () => {
    expect(discountPercent(1995, 1495)).toBe(25);
    expect(discountPercent(1995, null)).toBe(0);
    expect(discountPercent(1995, 1995)).toBe(0);
    expect(discountPercent(1995, 2500)).toBe(0);
  });
});

describe('the first period through a «Verv en venn» link', () => {
  const prices = planPrices(launch, NOW);

  it('is the link’s discount from the list price, renewing at the list price', () => {
    expect(referralFirstPeriod('monthly', prices, { monthly: 299, yearly: null })).toEqual({
      amount: 299,
      before: 399,
      renewal: 399,
      campaignId: null,
      welcome: false,
    });
  });

  it('is none for a plan the link gives no discount, or without one at all', () => {
    expect(referralFirstPeriod('yearly', prices, { monthly: 299, yearly: null })).toBeNull();
    expect(referralFirstPeriod('monthly', prices, null)).toBeNull();
  });
});
