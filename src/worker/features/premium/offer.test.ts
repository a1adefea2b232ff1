import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns, payments, premiumViews, users } from '#db/schema';
import { SOCIAL_PROOF_FLOOR } from '#shared/constants';
import { DAY, HOUR, MINUTE } from '#shared/time';
import { appPerTest } from '#support/app';
import { budgetedClient } from '#support/budgeted-client';
import { expectApiError } from '#support/errors';

const t = appPerTest({ seed: true });

/** The offer as `token`'s user sees it, asserting the round-trip budget. */
async function offerFor(token: string) {
  // A session slides (one extra write) once an hour; that is the session's cost, measured in auth's tests.
  await t.as(token).auth.me.$get();
  const res = await budgetedClient(t, token).premium.offer.$get();
  expect(res.status).toBe(200);
  return res.json();
}
const activeCampaign = () => t.api.admin.campaigns.active.$get();

const setCampaign = (values: Partial<typeof campaigns.$inferInsert>) =>
  t.db.update(campaigns).set(values).where(eq(campaigns.id, 'default'));

describe('GET /api/premium/offer', () => {
  it('answers 401 without a session', async () => {
    await expectApiError(await t.api.premium.offer.$get(), 401, 'unauthenticated');
  });

  it('runs no countdown without a real offer: the seeded campaign sells at the list price, for every user alike', async () => {
    const kari = await t.signIn('kari@example.no');
    t.clock.advance(14 * MINUTE);
    const ola = await t.signIn('ola@example.no');
    for (const { sessionToken } of [kari, ola]) {
      expect(await offerFor(sessionToken)).toMatchObject({ offer: null, welcomeOffer: null });
    }
    // A countdown campaign at the list price has no lower price ending either.
    await setCampaign({ urgencyType: 'countdown', urgencyValue: '2026-12-24', endsAt: new Date('2026-12-24T23:00:00Z') });
    expect((await offerFor(kari.sessionToken)).offer).toBeNull();
  });

  it("runs to a reduced countdown campaign's end, the same for everyone, and has none after it", async () => {
    await setCampaign({
      priceDiscounted: 1495,
      urgencyType: 'countdown',
      urgencyValue: '2026-11-21T12:00:00+01:00',
      endsAt: new Date('2026-11-21T11:00:00Z'),
    });
    const { sessionToken } = await t.signIn('kari@example.no');
    expect((await offerFor(sessionToken)).offer).toEqual({
      endsAt: '2026-11-21T11:00:00.000Z',
      timeLeft: { days: 0, hours: 2, minutes: 0, seconds: 0 },
    });
    t.clock.advance(2 * HOUR);
    expect((await offerFor(sessionToken)).offer).toBeNull();
  });

  it("does not touch the user's last-modified time", async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    const [before] = await t.db.select({ at: users.lastModifiedAt }).from(users);
    t.clock.advance(HOUR);
    await offerFor(sessionToken);
    const [after] = await t.db.select({ at: users.lastModifiedAt }).from(users);
    expect(after!.at).toEqual(before!.at);
  });

  it('counts the real users and the real viewers of the last two minutes, each once', async () => {
    const a = await t.signIn('a@example.no');
    const b = await t.signIn('b@example.no');
    await t.signIn('c@example.no'); // has an account, never opens /premium

    let offer = await offerFor(a.sessionToken);
    expect(offer.viewers).toBe(1);

    await offerFor(a.sessionToken);
    offer = await offerFor(b.sessionToken);
    expect(offer.viewers).toBe(2);
    expect(await t.db.select().from(premiumViews)).toHaveLength(2);

    t.clock.advance(2 * MINUTE);
    expect((await offerFor(b.sessionToken)).viewers).toBe(1); // a left more than two minutes ago
  });

  it(`hides social proof below ${SOCIAL_PROOF_FLOOR} active accounts instead of showing "1+", and gives the real count from there`, async () => {
    const a = await t.signIn('a@example.no');
    expect((await offerFor(a.sessionToken)).userCount).toBeNull();
    const others = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({ id: `u${from + i}`, email: `u${from + i}@example.no` }));
    await t.db.insert(users).values(others(SOCIAL_PROOF_FLOOR - 2, 0));
    expect((await offerFor(a.sessionToken)).userCount).toBeNull(); // 49
    await t.db.insert(users).values(others(1, 100));
    expect((await offerFor(a.sessionToken)).userCount).toBe(SOCIAL_PROOF_FLOOR);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, 'u100'));
    expect((await offerFor(a.sessionToken)).userCount).toBeNull(); // deactivated accounts do not count
  });

  it('gives Premium users no offer and does not count them as viewers', async () => {
    const { sessionToken, user } = await t.signIn('kari@example.no');
    await t.db
      .update(users)
      .set({ isPremium: true, premiumPlan: 'yearly', premiumEndDate: new Date(t.clock.now() + DAY) })
      .where(eq(users.id, user.id));
    const offer = await offerFor(sessionToken);
    expect(offer).toMatchObject({ isPremium: true, offer: null, viewers: 0, userCount: null });
    expect(await t.db.select().from(premiumViews)).toHaveLength(0);
  });

  it('gives spots left only for a limited_spots campaign: its limit minus real paid upgrades on it', async () => {
    const { sessionToken, user } = await t.signIn('kari@example.no');
    expect(await offerFor(sessionToken)).not.toHaveProperty('spotsLeft');

    await setCampaign({ urgencyType: 'limited_spots', urgencyValue: '50' });
    expect((await offerFor(sessionToken)).spotsLeft).toBe(50);

    const paid = { userId: user.id, plan: 'yearly', amount: 199500, provider: 'test', paidAt: new Date() } as const;
    await t.db.insert(payments).values([
      { ...paid, id: 'p1', campaignId: 'default', status: 'paid' },
      { ...paid, id: 'p2', campaignId: 'default', status: 'paid' },
      { ...paid, id: 'p3', campaignId: 'default', status: 'pending' },
      { ...paid, id: 'p4', campaignId: 'default', status: 'expired' },
      { ...paid, id: 'p5', campaignId: null, status: 'paid' },
    ]);
    expect((await offerFor(sessionToken)).spotsLeft).toBe(48);

    await setCampaign({ urgencyValue: '1' });
    expect((await offerFor(sessionToken)).spotsLeft).toBe(0);
    await setCampaign({ urgencyValue: 'mange' });
    expect(await offerFor(sessionToken)).not.toHaveProperty('spotsLeft');
  });

  it('says when the test payment provider is in use', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    expect((await offerFor(sessionToken)).testMode).toBe(true);
  });
});

describe('GET /api/admin/campaigns/active', () => {
  it('gives anyone the active campaign, without its internal name', async () => {
    const res = await budgetedClient(t).admin.campaigns.active.$get();
    expect(res.status).toBe(200);
    const { campaign } = await res.json();
    expect(campaign).toMatchObject({
      id: 'default',
      title: 'Premium-tilgang',
      ctaText: 'Oppgrader nå',
      urgencyType: null,
      // The seeded campaign sells the yearly plan at its list price: nothing struck through, no discount.
      pricing: { original: 1995, discounted: null, currency: 'NOK', period: 'år' },
      discount: 0,
      plan: 'yearly',
      renewalPrice: 1995,
      isActive: true,
    });
    expect(campaign!.features.length).toBeGreaterThan(0);
    expect(campaign).not.toHaveProperty('name');
  });

  it('is within the round-trip budget with a session too', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    expect((await budgetedClient(t, sessionToken).admin.campaigns.active.$get()).status).toBe(200);
  });

  it('picks the most recently updated active campaign, and answers null when none is active', async () => {
    await t.db.insert(campaigns).values({
      id: 'vinter',
      name: 'Vinter',
      title: 'Vintertilbud',
      priceOriginal: 1995,
      period: 'år',
      ctaText: 'Bli med',
      isActive: true,
      updatedAt: new Date(Date.UTC(2030, 0, 1)),
    });
    expect((await (await activeCampaign()).json()).campaign!.id).toBe('vinter');
    await t.db.update(campaigns).set({ isActive: false });
    expect(await (await activeCampaign()).json()).toEqual({
      campaign: null,
      prices: { monthly: { amount: 399, before: null }, yearly: { amount: 1995, before: null } },
      popularPlan: null,
    });
  });
});
