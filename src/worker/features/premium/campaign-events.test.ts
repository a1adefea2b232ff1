import { describe, expect, it } from 'vitest';
import { appPerTest } from '#support/app';

const t = appPerTest({ seed: true });
const ADMIN = 'admin@soloprenor.no';

const reachOf = async (id: string) => {
  const admin = (await t.signIn(ADMIN)).sessionToken;
  const { campaigns } = await (await t.as(admin).admin.campaigns.$get()).json();
  return campaigns.find((c) => c.id === id)?.reach;
};

describe('a campaign’s statistics', () => {
  it('counts a user who viewed /premium, started the checkout and paid: seen, clicked, purchased', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    expect(await reachOf('default')).toEqual({ seen: 0, clicked: 0, purchased: 0 });

    t.roundTrips.reset();
    expect((await t.as(sessionToken).premium.offer.$get()).status).toBe(200);
    expect(t.roundTrips.count).toBeLessThanOrEqual(2);
    // A second look the same day is the same viewer.
    await t.as(sessionToken).premium.offer.$get();
    expect(await reachOf('default')).toEqual({ seen: 1, clicked: 0, purchased: 0 });

    const paid = await t
      .as(sessionToken)
      .premium.upgrade.$post({ json: { plan: 'yearly', price: '1995', withdrawalConsent: true } });
    expect(await paid.json()).toEqual({ status: 'paid' });
    expect(await reachOf('default')).toEqual({ seen: 1, clicked: 1, purchased: 1 });
  });

  it('does not count an admin looking at /premium', async () => {
    const admin = (await t.signIn(ADMIN)).sessionToken;
    await t.as(admin).premium.offer.$get();
    expect(await reachOf('default')).toEqual({ seen: 0, clicked: 0, purchased: 0 });
  });
});
