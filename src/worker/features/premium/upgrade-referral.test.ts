import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { coupons, couponRedemptions, payments, referrals } from '#db/schema';
import { REFERRAL_COUPON_CODE } from '#shared/referrals';
import type { UpgradeRequest } from '#shared/schemas/premium';
import { appPerTest } from '#support/app';
import { countOnlyTheRoute } from '#support/budget';
import { expectApiError } from '#support/errors';
import { expectJson } from '#support/typed-body';

/*
 * POST /api/premium/upgrade through a member's «Verv en venn» link (/premium?verv=…): a signed-in
 * member who is not Premium gets the referral discount and is recorded as the member's referral,
 * with the link read in the session's round trip (docs/decisions/0061-refer-a-friend.md).
 */
const t = appPerTest({ seed: true });
beforeEach(() => countOnlyTheRoute(t));

/** The admin's referral discount (25 % off the first period: 299 kr for the monthly plan) and a typed code. */
const discounts = () =>
  t.db.insert(coupons).values([
    { id: 'verv', code: REFERRAL_COUPON_CODE, percentOff: 25, plans: 'both', periods: 1 },
    { id: 'ti', code: 'TI', percentOff: 10, plans: 'both', periods: 1 },
  ]);

const upgrade = (token: string | undefined, json: Omit<UpgradeRequest, 'plan'>) =>
  (token ? t.as(token) : t.api).premium.upgrade.$post({ json: { plan: 'monthly', withdrawalConsent: true, ...json } });

async function memberAndFriend() {
  await discounts();
  const member = await t.signIn('medlem@example.no');
  const friend = await t.signIn('venn@example.no');
  return { referrer: member.user.id, friend };
}

const redemptionOf = async (userId: string) =>
  (await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, userId)))[0];

describe('POST /api/premium/upgrade through a «Verv en venn» link', () => {
  it('charges the referral discount and records the referral, within two round trips', async () => {
    const { referrer, friend } = await memberAndFriend();
    t.roundTrips.reset();
    expect(await expectJson(upgrade(friend.sessionToken, { price: 299, referrer }))).toEqual({ status: 'paid' });
    expect(t.roundTrips.count).toBeLessThanOrEqual(2);
    const [payment] = await t.db.select().from(payments).where(eq(payments.userId, friend.user.id));
    expect(payment).toMatchObject({ amount: 29900, status: 'paid' });
    expect(await redemptionOf(friend.user.id)).toMatchObject({ couponId: 'verv', amountOre: 29900 });
    expect(await t.db.select().from(referrals)).toMatchObject([
      { referrerId: referrer, friendId: friend.user.id, paymentId: payment!.id, status: 'registered' },
    ]);
  });

  it('answers 409 to the list price shown through a link (the page shows the discount it charges)', async () => {
    const { referrer, friend } = await memberAndFriend();
    await expectApiError(await upgrade(friend.sessionToken, { price: 399, referrer }), 409, 'price_mismatch');
    expect(await t.db.select().from(referrals)).toEqual([]);
  });

  it('lets a typed code win over the link, and still records the referral', async () => {
    const { referrer, friend } = await memberAndFriend();
    await expectJson(upgrade(friend.sessionToken, { price: 359, code: 'ti', referrer }));
    expect(await redemptionOf(friend.user.id)).toMatchObject({ couponId: 'ti' });
    expect(await t.db.select().from(referrals)).toHaveLength(1);
  });

  it('gives no discount for a link to one’s own account, and the ledger has it to turn down', async () => {
    const { friend } = await memberAndFriend();
    await expectJson(upgrade(friend.sessionToken, { price: 399, referrer: friend.user.id }));
    expect(await redemptionOf(friend.user.id)).toBeUndefined();
    expect(await t.db.select().from(referrals)).toMatchObject([{ referrerId: friend.user.id, friendId: friend.user.id }]);
  });

  it('charges the usual price for a link naming no member or while the code is off, recording nothing for no member', async () => {
    const { referrer, friend } = await memberAndFriend();
    await expectJson(upgrade(friend.sessionToken, { price: 399, referrer: 'finnes-ikke' }));
    expect(await t.db.select().from(referrals)).toEqual([]);

    await t.db.update(coupons).set({ active: false }).where(eq(coupons.id, 'verv'));
    const other = await t.signIn('annen@example.no');
    await expectJson(upgrade(other.sessionToken, { price: 399, referrer }));
    expect(await redemptionOf(other.user.id)).toBeUndefined();
    expect(await t.db.select().from(referrals)).toHaveLength(1);
  });

  it('answers 400 to a malformed link id, 401 without a session and 409 to a member who has Premium', async () => {
    const { referrer, friend } = await memberAndFriend();
    await expectApiError(await upgrade(friend.sessionToken, { price: 299, referrer: 'a\nb' }), 400, 'validation_error');
    await expectApiError(await upgrade(friend.sessionToken, { price: 299, referrer: 'x'.repeat(101) }), 400, 'validation_error');
    await expectApiError(await upgrade(undefined, { price: 299, referrer }), 401, 'unauthenticated');
    await expectJson(upgrade(friend.sessionToken, { price: 299, referrer }));
    await expectApiError(await upgrade(friend.sessionToken, { price: 299, referrer }), 409, 'already_premium');
  });
});
