import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { payments, users } from '#db/schema';
import { TEST_ORIGIN } from '#support/app';
import { countOnlyTheRoute } from '#support/budget';
import { budgetedClient } from '#support/budgeted-client';
import { checkoutCompleted, signedStripeEvent } from '#support/fake-stripe';
import { signedVippsWebhook } from '#support/fake-vipps';
import { vippsAppPerTest } from '#support/vipps-app';
import { stripeTestApp } from '#support/stripe-app';
import { expectJson } from '#support/typed-body';
import type { TestApp } from '#support/app';

/*
 * POST /api/checkout with the providers that send the buyer to a payment page: the answer is
 * the page, a new address's buyer already holds the provisional session (so the return page
 * works), and Premium comes with the provider's word, once.
 */
const buy = (t: TestApp, provider?: 'vipps') =>
  budgetedClient(t).checkout.$post({
    json: { email: 'ny@example.no', plan: 'monthly', withdrawalConsent: true, ...(provider ? { provider } : {}) },
  });
const cookieToken = (res: Response) => /sp_session=([\w-]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? null;
const buyer = async (t: TestApp) => (await t.db.select().from(users).where(eq(users.email, 'ny@example.no')))[0]!;

describe('POST /api/checkout with Stripe', () => {
  const { t, stripe } = stripeTestApp();
  beforeEach(() => countOnlyTheRoute(t));

  it('answers with the Stripe page; the webhook grants Premium once, and the status answers without a session', async () => {
    const res = await buy(t);
    const body = await expectJson(res.clone());
    expect(body).toMatchObject({ status: 'redirect', signedIn: true });
    const token = cookieToken(res)!;
    expect((await buyer(t)).isPremium).toBe(false);
    const [payment] = await t.db.select().from(payments);
    expect(payment).toMatchObject({ status: 'pending', amount: 39900, provider: 'stripe' });

    // Stripe's truth, which the webhook reads back (docs/decisions/0041).
    stripe.subscriptions.set('sub_ny', { id: 'sub_ny', status: 'active', cancel_at_period_end: false, unit_amount: 39900 });
    const event = checkoutCompleted('evt_public', payment!, { mode: 'subscription', subscription: 'sub_ny', invoice: 'in_ny' });
    for (let i = 0; i < 2; i++) {
      const { body: raw, signature } = await signedStripeEvent(event, { at: t.clock.now() });
      const hook = await t.app.request('/api/payments/stripe/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: raw,
      });
      expect(hook.status).toBe(200);
    }
    expect(await buyer(t)).toMatchObject({ isPremium: true, premiumPlan: 'monthly' });
    expect(await t.db.select({ id: payments.id }).from(payments)).toHaveLength(1);
    const status = await budgetedClient(t).premium.payments[':id'].$get({ param: { id: payment!.id } });
    expect(await expectJson(status)).toEqual({ status: 'paid' });
    expect((await expectJson(t.as(token).auth.me.$get())).user).toMatchObject({ isPremium: true });
  });
});

describe('POST /api/checkout with Vipps', () => {
  const { fake, t } = vippsAppPerTest();
  beforeEach(() => countOnlyTheRoute(t));

  it('answers with the Vipps page; accepted in the app, the status (no session) and the webhook grant Premium once', async () => {
    const res = await buy(t, 'vipps');
    expect(await expectJson(res.clone())).toEqual({ status: 'redirect', url: `${fake.vipps.url}/confirm/agr_1`, signedIn: true });
    const [payment] = await t.db.select().from(payments);
    await fake.vipps.accept('agr_1');
    const status = await budgetedClient(t).premium.payments[':id'].$get({ param: { id: payment!.id } });
    expect(await expectJson(status)).toEqual({ status: 'paid' });
    const url = `${TEST_ORIGIN}/api/payments/vipps/webhook`;
    for (const hook of fake.vipps.webhooks.splice(0)) {
      const signed = signedVippsWebhook(hook, url, { at: t.clock.now() });
      expect((await t.app.request(url, { method: 'POST', headers: signed.headers, body: signed.body })).status).toBe(200);
    }
    expect(await buyer(t)).toMatchObject({ isPremium: true, premiumPlan: 'monthly' });
    expect(await t.db.select({ id: payments.id }).from(payments)).toHaveLength(1);
  });
});
