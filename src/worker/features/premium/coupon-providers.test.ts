import { beforeEach, describe, expect, it } from 'vitest';
import { coupons, payments } from '#db/schema';
import type { TestApp } from '#support/app';
import { countOnlyTheRoute } from '#support/budget';
import { vippsAppPerTest } from '#support/vipps-app';
import { stripeTestApp } from '#support/stripe-app';
import { expectJson } from '#support/typed-body';

/*
 * A coupon through the providers that charge on their own page, faked at their HTTP boundary:
 * Stripe gets a coupon of the difference on the session (once, or repeating for the months its
 * periods span); Vipps an agreement at the list price with a period campaign at the code's price.
 */
const addCoupon = (t: TestApp, periods: number) =>
  t.db.insert(coupons).values({ id: crypto.randomUUID(), code: 'VAR20', percentOff: 20, plans: 'both', periods });
const buy = (t: TestApp, json: { plan: 'monthly' | 'yearly'; price: number; provider?: 'vipps' }) =>
  t.api.checkout.$post({ json: { email: 'ny@example.no', withdrawalConsent: true, code: 'var20', ...json } });

describe('a coupon at Stripe', () => {
  const { t, stripe } = stripeTestApp();
  beforeEach(() => countOnlyTheRoute(t));

  it('puts a repeating Stripe coupon of the saving on the Checkout Session; the item keeps the list price', async () => {
    await addCoupon(t, 2);
    await expectJson(buy(t, { plan: 'yearly', price: 1596 }));
    const made = stripe.requests.find((r) => r.path === '/v1/coupons')!;
    expect(Object.fromEntries(made.form)).toMatchObject({
      amount_off: '39900',
      currency: 'nok',
      duration: 'repeating',
      duration_in_months: '24',
      max_redemptions: '1',
    });
    const session = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(session.form.get('line_items[0][price_data][unit_amount]')).toBe('199500');
    expect(session.form.get('discounts[0][coupon]')).toBe([...stripe.coupons.keys()][0]);
    // What Stripe will charge first is what we recorded.
    expect((await t.db.select().from(payments))[0]).toMatchObject({ amount: 159600, status: 'pending' });
  });

  it('uses a once-only coupon for one discounted period', async () => {
    await addCoupon(t, 1);
    await expectJson(buy(t, { plan: 'monthly', price: 319 }));
    const made = stripe.requests.find((r) => r.path === '/v1/coupons')!;
    expect(made.form.get('duration')).toBe('once');
    expect(made.form.get('amount_off')).toBe('8000');
  });
});

describe('a coupon at Vipps', () => {
  const { fake, t } = vippsAppPerTest();
  beforeEach(() => countOnlyTheRoute(t));

  it('makes the agreement at the list price with a period campaign at the code’s price and the first charge at it', async () => {
    await addCoupon(t, 3);
    await expectJson(buy(t, { plan: 'monthly', price: 319, provider: 'vipps' }));
    const created = fake.vipps.requests.find((r) => r.method === 'POST' && r.path === '/recurring/v3/agreements')!;
    expect(created.body).toMatchObject({
      pricing: { type: 'LEGACY', amount: 39900, currency: 'NOK' },
      campaign: { type: 'PERIOD_CAMPAIGN', price: 31900, period: { unit: 'MONTH', count: 3 } },
      initialCharge: { amount: 31900 },
    });
  });
});
