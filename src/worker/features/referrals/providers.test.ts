import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coupons, mailQueue, payments, referrals, subscriptions, users } from '#db/schema';
import { REFERRAL_COUPON_CODE } from '#shared/referrals';
import { DAY } from '#shared/time';
import type { TestApp } from '#support/app';
import { countOnlyTheRoute } from '#support/budget';
import { vippsAppPerTest } from '#support/vipps-app';
import { stripeTestApp } from '#support/stripe-app';
import { expectJson } from '#support/typed-body';
import { runReferrals } from '#worker/jobs/referrals';
import { REFERRAL_WAIT_MS } from './rules';

/*
 * «Verv en venn» through the providers that charge on their own page, faked at their HTTP
 * boundary: the link's discount reaches Stripe's session and Vipps's first charge as a code's does,
 * and the member's free month at Stripe is a customer-balance credit, refused for the same card.
 */
const referralCoupon = (t: TestApp) =>
  t.db.insert(coupons).values({ id: 'verv', code: REFERRAL_COUPON_CODE, percentOff: 25, plans: 'both', periods: 1 });
const buy = (t: TestApp, json: { referrer: string; price: number; provider?: 'vipps' }) =>
  t.api.checkout.$post({ json: { email: 'venn@example.no', plan: 'monthly', withdrawalConsent: true, ...json } });

describe('Verv en venn at Stripe', () => {
  const { t, stripe } = stripeTestApp();
  beforeEach(() => countOnlyTheRoute(t));

  /** Kari's Stripe subscription paid by invoice in_kari, and Ola's payment through her link, paid by in_ola. */
  async function paidReferral() {
    const now = t.clock.now();
    await t.db.insert(users).values([
      { id: 'kari', email: 'kari@example.no' },
      { id: 'ola', email: 'ola@example.no' },
    ]);
    await t.db.insert(subscriptions).values({
      id: 'sub_kari',
      userId: 'kari',
      plan: 'monthly',
      provider: 'stripe',
      providerRef: 'sub_stripe_kari',
      amountOre: 39900,
      currentPeriodStart: new Date(now),
      currentPeriodEnd: new Date(now + 40 * DAY),
      updatedAt: new Date(now),
    });
    await t.db.insert(payments).values([
      {
        id: 'pk',
        userId: 'kari',
        subscriptionId: 'sub_kari',
        plan: 'monthly',
        amount: 39900,
        provider: 'stripe',
        providerRef: 'in_kari',
        status: 'paid',
        paidAt: new Date(now),
      },
      {
        id: 'po',
        userId: 'ola',
        plan: 'monthly',
        amount: 29900,
        provider: 'stripe',
        providerRef: 'in_ola',
        status: 'paid',
        paidAt: new Date(now),
      },
    ]);
    await t.db.insert(referrals).values({ id: 'r1', referrerId: 'kari', friendId: 'ola', paymentId: 'po' });
    stripe.subscriptions.set('sub_stripe_kari', {
      id: 'sub_stripe_kari',
      status: 'active',
      cancel_at_period_end: false,
      unit_amount: 39900,
    });
    t.clock.advance(REFERRAL_WAIT_MS + 1);
  }

  it('puts the link’s discount on the Checkout Session as a once-only coupon', async () => {
    await referralCoupon(t);
    const { user } = await t.signIn('medlem@example.no');
    await expectJson(buy(t, { referrer: user.id, price: 299 }));
    const made = stripe.requests.find((r) => r.path === '/v1/coupons')!;
    expect(made.form.get('duration')).toBe('once');
    expect(made.form.get('amount_off')).toBe('10000');
  });

  it('credits a month to the member’s customer balance, once, keyed on the referral', async () => {
    await paidReferral();
    expect(await runReferrals(t.deps, t.clock.now())).toEqual({ paid: 0, credited: 1, rejected: 0 });
    const credit = stripe.requests.find((r) => r.path === '/v1/customers/cus_sub_stripe_kari/balance_transactions')!;
    expect(credit.form.get('amount')).toBe('-39900');
    expect(credit.headers['idempotency-key']).toBe('referral:r1');
    expect((await t.db.select().from(referrals))[0]).toMatchObject({
      status: 'credited',
      creditKind: 'balance',
      creditOre: 39900,
    });
    const [mail] = await t.db.select().from(mailQueue).where(eq(mailQueue.dedupeKey, 'referral-credit:r1'));
    expect(mail).toMatchObject({ to: 'kari@example.no', subject: 'Du har fått en gratis måned', kind: 'transactional' });
    expect(mail!.text).toContain('Vi har gitt deg 399,00 kr i kreditt');
    await runReferrals(t.deps, t.clock.now());
    expect(stripe.requests.filter((r) => r.path.endsWith('/balance_transactions'))).toHaveLength(1);
  });

  it('credits nothing when the friend paid with the member’s card', async () => {
    await paidReferral();
    stripe.cards.set('in_kari', 'fp_same').set('in_ola', 'fp_same');
    expect(await runReferrals(t.deps, t.clock.now())).toEqual({ paid: 0, credited: 0, rejected: 1 });
    expect((await t.db.select().from(referrals))[0]).toMatchObject({ status: 'rejected', rejectReason: 'same_card' });
    expect(stripe.requests.filter((r) => r.path.endsWith('/balance_transactions'))).toEqual([]);
  });
});

describe('Verv en venn at Vipps', () => {
  const { fake, t } = vippsAppPerTest();
  beforeEach(() => countOnlyTheRoute(t));

  it('makes the agreement at the list price and the first charge at the link’s discount', async () => {
    await referralCoupon(t);
    const { user } = await t.signIn('medlem@example.no');
    await expectJson(buy(t, { referrer: user.id, price: 299, provider: 'vipps' }));
    const created = fake.vipps.requests.find((r) => r.method === 'POST' && r.path === '/recurring/v3/agreements')!;
    expect(created.body).toMatchObject({
      pricing: { amount: 39900 },
      initialCharge: { amount: 29900 },
    });
  });
});
