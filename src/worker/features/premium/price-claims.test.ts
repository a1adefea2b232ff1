import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns, payments, priceHistory, users } from '#db/schema';
import { PLANS, PRICES_NOK } from '#shared/constants';
import type { UpgradeRequest } from '#shared/schemas/premium';
import { DAY } from '#shared/time';
import { appPerTest } from '#support/app';
import { expectApiError } from '#support/errors';

/*
 * Every price the screens show is the price the server charges, a
 * struck-through price is one the plan really had within 30 days, and a campaign is a real
 * offer: its first period at its price, renewals at the list price, named by the upgrade.
 */
const t = appPerTest({ seed: true });

/** The upgrade as the confirm step sends it: with the buyer's withdrawal-right consent. */
const upgrade = (token: string, json: UpgradeRequest) =>
  t.as(token).premium.upgrade.$post({ json: { withdrawalConsent: true, ...json } });
const active = async () => (await t.api.admin.campaigns.active.$get()).json();
const upsellFor = async (token: string) => (await (await t.as(token).premium.upsell.$get()).json()).upsell;
const setDefault = (values: Partial<typeof campaigns.$inferInsert>) =>
  t.db.update(campaigns).set(values).where(eq(campaigns.id, 'default'));
/** A yearly campaign: first year at 1495 instead of 1995. */
const yearlyAt1495 = () => setDefault({ period: 'år', priceOriginal: 1995, priceDiscounted: 1495, displayType: 'sidebar' });

describe('a campaign is a real offer', () => {
  it('shows the same first-period price on /premium and in the guide, against the list price, renewing at it', async () => {
    await yearlyAt1495();
    const { sessionToken } = await t.signIn('kari@example.no');
    const expected = {
      pricing: { original: 1995, discounted: 1495, currency: 'NOK', period: 'år' },
      discount: 25,
      plan: 'yearly',
      renewalPrice: 1995,
    };
    expect((await active()).campaign).toMatchObject(expected);
    expect((await upsellFor(sessionToken))!.campaign).toMatchObject(expected);
  });

  it('charges the campaign price for the first period when the upgrade names the campaign, within two round trips', async () => {
    await yearlyAt1495();
    const { sessionToken, user } = await t.signIn('kari@example.no');
    t.roundTrips.reset();
    const res = await upgrade(sessionToken, { plan: 'yearly', price: 1495, campaignId: 'default' });
    expect(t.roundTrips.count).toBeLessThanOrEqual(2);
    expect(await res.json()).toEqual({ status: 'paid' });
    expect(await t.db.select().from(payments)).toMatchObject([
      { userId: user.id, campaignId: 'default', plan: 'yearly', amount: 149500, status: 'paid' },
    ]);
  });

  it('refuses a price the server would not charge, recording and granting nothing', async () => {
    await yearlyAt1495();
    const { sessionToken, user } = await t.signIn('kari@example.no');
    const refused: UpgradeRequest[] = [
      { plan: 'yearly', price: 1495 }, // the campaign price without naming the campaign
      { plan: 'yearly', price: 1995, campaignId: 'default' }, // the campaign named, but the list price shown
      { plan: 'yearly', price: 1000, campaignId: 'default' }, // a price of the client's own
      { plan: 'yearly', price: 1495, campaignId: 'finnes-ikke' }, // a campaign that is not the active one
      { plan: 'monthly', price: 299, campaignId: 'default' }, // the campaign sells the yearly plan only
      { plan: 'yearly', price: 2500, campaignId: 'default' }, // more than the list price
    ];
    for (const body of refused) {
      await expectApiError(await upgrade(sessionToken, body), 409, 'price_mismatch');
    }
    expect(await t.db.select().from(payments)).toEqual([]);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.isPremium).toBe(false);
  });

  it('charges the list price for the plan a campaign does not sell, even when the request names it', async () => {
    await yearlyAt1495();
    const { sessionToken } = await t.signIn('kari@example.no');
    expect((await upgrade(sessionToken, { plan: 'monthly', price: 399, campaignId: 'default' })).status).toBe(200);
    expect(await t.db.select({ amount: payments.amount, plan: payments.plan }).from(payments)).toEqual([
      { amount: 39900, plan: 'monthly' },
    ]);
  });

  it('no longer charges a campaign price once the campaign is switched off', async () => {
    await yearlyAt1495();
    const { sessionToken } = await t.signIn('kari@example.no');
    await setDefault({ isActive: false });
    await expectApiError(
      await upgrade(sessionToken, { plan: 'yearly', price: 1495, campaignId: 'default' }),
      409,
      'price_mismatch',
    );
    expect((await upgrade(sessionToken, { plan: 'yearly', price: 1995, campaignId: 'default' })).status).toBe(200);
  });

  it('prices a campaign activated before these rules as it is charged: a monthly draft at 798 shows 399', async () => {
    await setDefault({ period: 'måned', priceOriginal: 798, priceDiscounted: null, displayType: 'sidebar' });
    const { sessionToken } = await t.signIn('kari@example.no');
    const shown = { pricing: { original: 399, discounted: null, period: 'måned' }, discount: 0, plan: 'monthly' };
    expect((await active()).campaign).toMatchObject(shown);
    expect((await upsellFor(sessionToken))!.campaign).toMatchObject(shown);
  });

  it('offers no campaign that sells nothing we can charge (one-time, other currency)', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    for (const values of [{ period: 'engang' as const }, { currency: 'USD' as const }]) {
      await setDefault({ period: 'år', currency: 'NOK', ...values });
      expect((await active()).campaign).toBeNull();
      expect(await upsellFor(sessionToken)).toBeNull();
    }
  });
});

describe('before prices from the price history', () => {
  /** The yearly plan was 2495 until `daysAgo` days ago, and is today's 1995 since. */
  const reducedDaysAgo = async (daysAgo: number) => {
    await t.db.delete(priceHistory).where(eq(priceHistory.plan, 'yearly'));
    await t.db.insert(priceHistory).values([
      { plan: 'yearly', amount: 2495, effectiveFrom: new Date(t.clock.now() - 200 * DAY) },
      { plan: 'yearly', amount: 1995, effectiveFrom: new Date(t.clock.now() - daysAgo * DAY) },
    ]);
  };

  it('has today\'s list prices recorded, and claims no "før" price for them', async () => {
    // A change of PRICES_NOK needs its row (a migration with the date it applies): this fails until it has one.
    const rows = await t.db.select().from(priceHistory).orderBy(priceHistory.effectiveFrom);
    for (const plan of PLANS) expect(rows.filter((r) => r.plan === plan).at(-1)?.amount, plan).toBe(PRICES_NOK[plan]);
    expect((await active()).prices).toEqual({ monthly: { amount: 399, before: null }, yearly: { amount: 1995, before: null } });
  });

  it('shows a reduced price against the price before it for 29 days, and not at 31', async () => {
    await reducedDaysAgo(29);
    expect((await active()).prices.yearly).toEqual({ amount: 1995, before: 2495 });
    await reducedDaysAgo(31);
    expect((await active()).prices.yearly).toEqual({ amount: 1995, before: null });
  });

  it("measures a campaign against the plan's lowest price within 30 days", async () => {
    await setDefault({ period: 'år', priceOriginal: 1995, priceDiscounted: 1795 });
    await reducedDaysAgo(10);
    // 2495 was the price 10 days ago, but 1995 is the lowest within 30 days: the campaign saves 10 %, not 28 %.
    expect((await active()).campaign).toMatchObject({ pricing: { original: 1995, discounted: 1795 }, discount: 10 });
  });
});
