import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns, payments, subscriptions, users } from '#db/schema';
import { POPULAR_MIN_SALES } from '#shared/constants';
import type { UpgradeRequest } from '#shared/schemas/premium';
import { DAY, HOUR } from '#shared/time';
import { appPerTest } from '#support/app';
import { expectApiError } from '#support/errors';
import { popularPlan } from './campaign-offer';

/*
 * A lower price is charged only while it really runs, and then the list price (docs/decisions/0040),
 * on the test clock: a campaign's end, the same for everyone, and an admin's welcome offer for new members.
 */

const t = appPerTest({ seed: true });

const upgrade = (token: string, json: UpgradeRequest) =>
  t.as(token).premium.upgrade.$post({ json: { withdrawalConsent: true, ...json } });
const offerFor = async (token: string) => (await t.as(token).premium.offer.$get()).json();
const charged = async () => (await t.db.select({ amount: payments.amount, status: payments.status }).from(payments)).at(-1);
const activeCampaign = async () => (await t.api.admin.campaigns.active.$get()).json();

/** A new member, signed up now on the test clock. */
async function member(email: string) {
  const signedIn = await t.signIn(email);
  await t.db
    .update(users)
    .set({ createdAt: new Date(t.clock.now()) })
    .where(eq(users.id, signedIn.user.id));
  return signedIn.sessionToken;
}

async function setWelcomeOffer(welcomeOffer: { plan: 'monthly' | 'yearly'; price: number; days: number } | null) {
  const admin = await t.signIn('admin@soloprenor.no');
  const res = await t.as(admin.sessionToken).admin.settings.$put({
    json: { welcomeOffer, founder: { name: '', photoUrl: '', text: '' } },
  });
  expect(res.status).toBe(200);
}

describe('a campaign that ends', () => {
  const END = new Date('2026-11-21T11:00:00Z'); // two hours after the test clock starts

  it('charges its price before its end and the list price after it; after it, it is not offered', async () => {
    await t.db
      .update(campaigns)
      .set({ priceDiscounted: 1495, urgencyType: 'countdown', urgencyValue: '2026-11-21T12:00:00+01:00', endsAt: END })
      .where(eq(campaigns.id, 'default'));
    expect((await activeCampaign()).campaign).toMatchObject({ pricing: { original: 1995, discounted: 1495 } });
    const kari = await member('kari@example.no');
    expect((await upgrade(kari, { plan: 'yearly', price: 1495, campaignId: 'default' })).status).toBe(200);
    expect(await charged()).toEqual({ amount: 149500, status: 'paid' });

    t.clock.advance(2 * HOUR);
    const ola = await member('ola@example.no');
    expect((await offerFor(ola)).offer).toBeNull();
    expect((await activeCampaign()).campaign).toBeNull();
    await expectApiError(await upgrade(ola, { plan: 'yearly', price: 1495, campaignId: 'default' }), 409, 'price_mismatch');
    expect((await upgrade(ola, { plan: 'yearly', price: 1995, campaignId: 'default' })).status).toBe(200);
    expect(await charged()).toEqual({ amount: 199500, status: 'paid' });
  });
});

describe('the welcome offer', () => {
  it('is the new member’s first-period price for its days, with a countdown to its end; then the list price', async () => {
    await setWelcomeOffer({ plan: 'monthly', price: 199, days: 3 });
    const kari = await member('kari@example.no');
    const offer = await offerFor(kari);
    const endsAt = new Date(t.clock.now() + 3 * DAY).toISOString();
    expect(offer.welcomeOffer).toEqual({ plan: 'monthly', amount: 199, endsAt });
    expect(offer.offer).toEqual({ endsAt, timeLeft: { days: 3, hours: 0, minutes: 0, seconds: 0 } });
    // Only the offer's plan: the yearly plan is at its list price.
    await expectApiError(await upgrade(kari, { plan: 'yearly', price: 199 }), 409, 'price_mismatch');

    t.clock.advance(3 * DAY - HOUR);
    expect((await upgrade(kari, { plan: 'monthly', price: 199 })).status).toBe(200);
    expect(await charged()).toEqual({ amount: 19900, status: 'paid' });
  });

  it('is gone at its end: no countdown, and only the list price is charged', async () => {
    await setWelcomeOffer({ plan: 'monthly', price: 199, days: 3 });
    const kari = await member('kari@example.no');
    t.clock.advance(3 * DAY);
    expect(await offerFor(kari)).toMatchObject({ offer: null, welcomeOffer: null });
    await expectApiError(await upgrade(kari, { plan: 'monthly', price: 199 }), 409, 'price_mismatch');
    expect(await t.db.select().from(payments)).toEqual([]);
    expect((await upgrade(kari, { plan: 'monthly', price: 399 })).status).toBe(200);
    expect(await charged()).toEqual({ amount: 39900, status: 'paid' });
  });

  it('is not charged once the admin has taken it away', async () => {
    await setWelcomeOffer({ plan: 'yearly', price: 1495, days: 7 });
    const kari = await member('kari@example.no');
    expect((await offerFor(kari)).welcomeOffer).toMatchObject({ plan: 'yearly', amount: 1495 });
    await setWelcomeOffer(null);
    expect((await offerFor(kari)).welcomeOffer).toBeNull();
    await expectApiError(await upgrade(kari, { plan: 'yearly', price: 1495 }), 409, 'price_mismatch');
  });
});

describe('"Mest populær"', () => {
  const sold = (plan: 'monthly' | 'yearly', n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => ({
      id: `${plan}-${from + i}`,
      plan,
      provider: 'test' as const,
      currentPeriodStart: new Date(t.clock.now()),
      currentPeriodEnd: new Date(t.clock.now() + DAY),
      updatedAt: new Date(t.clock.now()),
    }));

  it(`marks the plan with the most real sales once it has ${POPULAR_MIN_SALES} and more than the other; else none`, async () => {
    expect((await activeCampaign()).popularPlan).toBeNull();
    await t.db.insert(subscriptions).values(sold('monthly', POPULAR_MIN_SALES - 1));
    expect((await activeCampaign()).popularPlan).toBeNull();
    await t.db.insert(subscriptions).values(sold('monthly', 1, 100));
    expect((await activeCampaign()).popularPlan).toBe('monthly');
    await t.db.insert(subscriptions).values(sold('yearly', POPULAR_MIN_SALES));
    expect((await activeCampaign()).popularPlan).toBeNull(); // a tie claims nothing
    await t.db.insert(subscriptions).values(sold('yearly', 1, 100));
    expect((await activeCampaign()).popularPlan).toBe('yearly');
  });

  it('is computed from the counts alone', () => {
    expect(popularPlan([])).toBeNull();
    expect(popularPlan([{ plan: 'yearly', n: POPULAR_MIN_SALES }])).toBe('yearly');
    expect(
      popularPlan([
        { plan: 'yearly', n: 3 },
        { plan: 'monthly', n: 2 },
      ]),
    ).toBeNull();
  });
});
