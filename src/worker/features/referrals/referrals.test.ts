import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { coupons, mailQueue, payments, referrals, siteSettings, subscriptions, users } from '#db/schema';
import { REFERRAL_COUPON_CODE, referralLink } from '#shared/referrals';
import { formatDate } from '#shared/money';
import { DAY } from '#shared/time';
import { appPerTest } from '#support/app';
import { countOnlyTheRoute } from '#support/budget';
import { budgetedClient } from '#support/budgeted-client';
import { expectApiError } from '#support/errors';
import { expectJson } from '#support/typed-body';
import { runReferrals } from '#worker/jobs/referrals';
import { runRenewals } from '#worker/jobs/renewals';
import { REFERRAL_WAIT_MS } from './rules';

const t = appPerTest({ seed: true });
beforeEach(() => countOnlyTheRoute(t));

/** The admin's referral discount: 25 % off the first period. */
const referralCoupon = () =>
  t.db.insert(coupons).values({ id: 'verv', code: REFERRAL_COUPON_CODE, percentOff: 25, plans: 'both', periods: 1 });

/** A member with a running monthly subscription (the test provider: paid at once). */
async function member(email = 'medlem@example.no') {
  const { user, sessionToken } = await t.signIn(email);
  await expectJson(t.as(sessionToken).premium.upgrade.$post({ json: { plan: 'monthly', price: 399, withdrawalConsent: true } }));
  return { id: user.id, token: sessionToken };
}

/** A friend buying from the pricing page through `referrer`'s link. */
const friendBuys = (
  referrer: string,
  email = 'venn@example.no',
  extra: { price?: number; code?: string; trialDays?: number } = {},
) => t.api.checkout.$post({ json: { email, plan: 'monthly', withdrawalConsent: true, referrer, ...extra } });

const summary = (token: string) => expectJson(budgetedClient(t, token).account.referral.$get());
const referralRows = () => t.db.select().from(referrals);
/** The mails queued to `to`, with their kind. */
const mailsTo = (to: string) =>
  t.db
    .select({ subject: mailQueue.subject, kind: mailQueue.kind, text: mailQueue.text })
    .from(mailQueue)
    .where(eq(mailQueue.to, to));
const memberSub = async (userId: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;

describe('GET /api/account/referral', () => {
  it('gives the member’s link and counts nothing before anyone used it', async () => {
    const { user, sessionToken } = await t.signIn('ny@example.no');
    expect(await summary(sessionToken)).toEqual({
      link: referralLink(t.deps.config.PUBLIC_URL, user.id),
      signups: 0,
      paid: 0,
      earnedMonths: 0,
    });
  });

  it('answers 401 without a session', async () => {
    await expectApiError(await t.api.account.referral.$get(), 401, 'unauthenticated');
  });

  it('counts a friend’s sign-up and payment at once, and the earned month after the refund window', async () => {
    await referralCoupon();
    const m = await member();
    expect(await expectJson(friendBuys(m.id, 'venn@example.no', { price: 299 }))).toMatchObject({ status: 'paid' });
    expect(await summary(m.token)).toMatchObject({ signups: 1, paid: 1, earnedMonths: 0 });
    t.clock.advance(REFERRAL_WAIT_MS + 1);
    await runReferrals(t.deps, t.clock.now());
    // Sessions last 30 days: signed in again.
    const { sessionToken } = await t.signIn('medlem@example.no');
    expect(await summary(sessionToken)).toMatchObject({ signups: 1, paid: 1, earnedMonths: 1 });
  });
});

describe('POST /api/checkout through a member’s link (test provider)', () => {
  it('charges the admin’s referral discount for the first period, records the referral and tags the friend verved', async () => {
    await referralCoupon();
    const m = await member();
    t.roundTrips.reset();
    const res = await friendBuys(m.id, 'venn@example.no', { price: 299 });
    expect(t.roundTrips.count).toBeLessThanOrEqual(2);
    expect(await expectJson(res)).toMatchObject({ status: 'paid' });
    const [friend] = await t.db.select().from(users).where(eq(users.email, 'venn@example.no'));
    const [payment] = await t.db.select().from(payments).where(eq(payments.userId, friend!.id));
    expect(payment).toMatchObject({ amount: 29900, status: 'paid' });
    expect(await referralRows()).toMatchObject([
      { referrerId: m.id, friendId: friend!.id, paymentId: payment!.id, status: 'registered' },
    ]);
    const { tags } = await expectJson(
      t.as((await t.signIn('admin@soloprenor.no')).sessionToken).admin.users[':id'].tags.$get({ param: { id: friend!.id } }),
    );
    expect(tags.map((x) => x.tag)).toContain('verved');
  });

  it('charges the list price through a link when there is no referral discount, and a typed code wins over the link', async () => {
    const m = await member();
    expect(await expectJson(friendBuys(m.id, 'a@example.no', { price: 399 }))).toMatchObject({ status: 'paid' });
    await referralCoupon();
    await t.db.insert(coupons).values({ id: 'halv', code: 'HALV', percentOff: 50, plans: 'both' });
    expect(await expectJson(friendBuys(m.id, 'b@example.no', { price: 199, code: 'halv' }))).toMatchObject({ status: 'paid' });
    expect((await referralRows()).length).toBe(2);
  });

  it('keeps the referral code out of the code field: typed, it is unknown', async () => {
    await referralCoupon();
    await expectApiError(
      await t.api.checkout.coupon.$post({ json: { code: REFERRAL_COUPON_CODE, plan: 'monthly' } }),
      400,
      'coupon_unknown',
    );
  });

  it('gives no discount for an unknown member’s link, and records nothing', async () => {
    await referralCoupon();
    expect(await expectJson(friendBuys('finnes-ikke', 'c@example.no', { price: 399 }))).toMatchObject({ status: 'paid' });
    expect(await referralRows()).toEqual([]);
  });
});

describe('the referrals job', () => {
  it('credits the member a month only past the refund window, once (the period and access move a month on)', async () => {
    await referralCoupon();
    const m = await member();
    await expectJson(friendBuys(m.id));
    const before = await memberSub(m.id);
    expect(await runReferrals(t.deps, t.clock.now())).toEqual({ paid: 1, credited: 0, rejected: 0 });
    expect((await referralRows())[0]).toMatchObject({ status: 'paid' });
    t.clock.advance(REFERRAL_WAIT_MS - DAY);
    expect(await runReferrals(t.deps, t.clock.now())).toEqual({ paid: 0, credited: 0, rejected: 0 });
    t.clock.advance(DAY + 1);
    expect(await runReferrals(t.deps, t.clock.now())).toEqual({ paid: 0, credited: 1, rejected: 0 });
    const after = await memberSub(m.id);
    expect(after.currentPeriodEnd.getTime()).toBeGreaterThan(before.currentPeriodEnd.getTime() + 27 * DAY);
    const [row] = await referralRows();
    expect(row).toMatchObject({ status: 'credited', creditKind: 'period' });
    expect(row!.creditedAt).not.toBeNull();
    const credited = (await mailsTo('medlem@example.no')).filter((mail) => mail.subject === 'Du har fått en gratis måned');
    expect(credited).toMatchObject([{ kind: 'transactional' }]);
    expect(credited[0]!.text).toContain(`Neste trekk er flyttet én måned fram, til ${formatDate(after.currentPeriodEnd)}`);
    // Again: nothing more, and no second mail.
    expect(await runReferrals(t.deps, t.clock.now())).toEqual({ paid: 0, credited: 0, rejected: 0 });
    expect((await memberSub(m.id)).currentPeriodEnd).toEqual(after.currentPeriodEnd);
    expect((await mailsTo('medlem@example.no')).filter((mail) => mail.subject === 'Du har fått en gratis måned')).toHaveLength(1);
  });

  it('credits nothing for a refunded friend', async () => {
    const m = await member();
    await expectJson(friendBuys(m.id));
    const [row] = await referralRows();
    await t.db.update(payments).set({ status: 'refunded', refundedOre: 39900 }).where(eq(payments.id, row!.paymentId));
    t.clock.advance(REFERRAL_WAIT_MS + 1);
    expect(await runReferrals(t.deps, t.clock.now())).toEqual({ paid: 0, credited: 0, rejected: 1 });
    expect((await referralRows())[0]).toMatchObject({ status: 'rejected', rejectReason: 'refunded' });
    expect((await mailsTo('medlem@example.no')).map((mail) => mail.subject)).not.toContain('Du har fått en gratis måned');
  });

  it('credits nothing for the member’s own address (a +tag of it too)', async () => {
    const m = await member('kari@example.no');
    await expectJson(friendBuys(m.id, 'kari+venn@example.no'));
    t.clock.advance(REFERRAL_WAIT_MS + 1);
    expect(await runReferrals(t.deps, t.clock.now())).toEqual({ paid: 0, credited: 0, rejected: 1 });
    expect((await referralRows())[0]).toMatchObject({ status: 'rejected', rejectReason: 'own_address' });
  });

  it('counts a friend’s free trial from its first charge, and turns down a trial cancelled before any charge', async () => {
    await t.db.update(siteSettings).set({ trialDays: 14 });
    await referralCoupon();
    const m = await member();
    // The trial is the friend's offer instead of the link's discount: nothing charged now, the list price later.
    expect(await expectJson(friendBuys(m.id, 'venn@example.no', { price: 399, trialDays: 14 }))).toMatchObject({
      status: 'paid',
    });
    const { user: other, sessionToken } = await t.signIn('venn2@example.no');
    const json = { plan: 'monthly' as const, price: 399, withdrawalConsent: true, trialDays: 14, referrer: m.id };
    expect(await expectJson(t.as(sessionToken).premium.upgrade.$post({ json }))).toEqual({ status: 'paid' });
    await t.as(sessionToken).account.subscription.cancel.$post();
    expect((await referralRows()).map((r) => r.status)).toEqual(['registered', 'registered']);
    // During the trial: nothing paid yet.
    expect(await runReferrals(t.deps, t.clock.now())).toEqual({ paid: 0, credited: 0, rejected: 0 });

    t.clock.advance(14 * DAY);
    await runRenewals(t.deps, t.clock.now());
    expect(await runReferrals(t.deps, t.clock.now())).toEqual({ paid: 1, credited: 0, rejected: 1 });
    const rows = await referralRows();
    expect(rows.find((r) => r.friendId === other.id)).toMatchObject({ status: 'rejected', rejectReason: 'unpaid' });
    const firstCharge = (await t.db.select().from(payments).where(eq(payments.status, 'paid'))).find((p) => p.userId !== m.id);
    expect(rows.find((r) => r.friendId !== other.id)).toMatchObject({ status: 'paid', paidAt: firstCharge!.paidAt });

    // The member's own renewals keep their subscription running meanwhile.
    t.clock.advance(REFERRAL_WAIT_MS + 1);
    await runRenewals(t.deps, t.clock.now());
    expect(await runReferrals(t.deps, t.clock.now())).toEqual({ paid: 0, credited: 1, rejected: 0 });
  });
});
