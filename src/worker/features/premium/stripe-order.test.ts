/**
 * Stripe's events in every order they may arrive (docs/decisions/0041-provider-is-the-source-of-truth.md):
 * what is about a subscription we do not know yet is refused (409) and delivered again by Stripe;
 * what we apply is the subscription as Stripe has it now. The end state is Stripe's, whatever the order.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentEvents, payments, subscriptionEvents, subscriptions, users } from '#db/schema';
import { expectConsoleError } from '#support/console-guard';
import { expectApiError } from '#support/errors';
import { checkoutCompleted, type FakeStripeSubscription, type StripeTestEvent } from '#support/fake-stripe';
import { orders } from '#support/orders';
import { stripeTestApp } from '#support/stripe-app';

const { t, stripe, deliver: post } = stripeTestApp();

type Name = 'deleted' | 'updated' | 'completed';
const subscriptionObject = (extra: Record<string, unknown>) => ({ id: 'sub_kari', object: 'subscription', ...extra });

/**
 * Kari checks out; at Stripe the subscription is then `truth`. The three events Stripe sent on
 * the way are delivered in `order`; each refused one is delivered again afterwards, as Stripe retries.
 */
async function deliverInOrder(order: Name[], truth: Omit<FakeStripeSubscription, 'id'>) {
  const { sessionToken, user } = await t.signIn('kari@example.no');
  const upgraded = await t
    .as(sessionToken)
    .premium.upgrade.$post({ json: { plan: 'monthly', price: 399, withdrawalConsent: true } });
  expect(upgraded.status).toBe(200);
  const [payment] = await t.db.select().from(payments);
  stripe.subscriptions.set('sub_kari', { id: 'sub_kari', ...truth });
  const events: Record<Name, StripeTestEvent> = {
    completed: checkoutCompleted('evt_completed', payment!, {
      mode: 'subscription',
      subscription: 'sub_kari',
      invoice: 'in_first',
    }),
    updated: {
      id: 'evt_updated',
      type: 'customer.subscription.updated',
      object: subscriptionObject({ status: 'active', cancel_at_period_end: true }),
    },
    deleted: {
      id: 'evt_deleted',
      type: 'customer.subscription.deleted',
      object: subscriptionObject({ status: 'canceled', cancel_at_period_end: false }),
    },
  };
  const refused: Name[] = [];
  for (const name of order) {
    const res = await post(events[name]);
    if (res.status === 200) continue;
    await expectApiError(res, 409, 'webhook_target_unknown');
    refused.push(name);
  }
  // Before the checkout's completion nothing is known of sub_kari: refused, and not marked handled.
  expect(refused).toEqual(order.slice(0, order.indexOf('completed')));
  expect(await t.db.select().from(paymentEvents)).toHaveLength(order.length - refused.length);
  for (const name of refused) expect((await post(events[name])).status).toBe(200);
  expect(await t.db.select().from(paymentEvents)).toHaveLength(order.length);
  return { sessionToken, user, payment: payment! };
}

const state = async (userId: string) => ({
  payment: (await t.db.select({ status: payments.status }).from(payments))[0],
  subscription: (
    await t.db.select({ status: subscriptions.status, cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd }).from(subscriptions)
  )[0],
  history: (await t.db.select().from(subscriptionEvents).orderBy(asc(subscriptionEvents.id))).map((e) => e.kind),
  premiumEndDate: (await t.db.select().from(users).where(eq(users.id, userId)))[0]!.premiumEndDate,
});

describe('Stripe: deleted, updated (cancel at period end) and completed, in every order', () => {
  for (const order of orders<Name>(['deleted', 'updated', 'completed'])) {
    it(`${order.join(' → ')}: ended, as at Stripe`, async () => {
      const { user, sessionToken } = await deliverInOrder(order, {
        status: 'canceled',
        cancel_at_period_end: false,
        unit_amount: 39900,
      });
      expect(await state(user.id)).toEqual({
        payment: { status: 'paid' },
        subscription: { status: 'expired', cancelAtPeriodEnd: false },
        history: ['started', 'expired'],
        premiumEndDate: new Date(t.clock.now()),
      });
      expect((await (await t.as(sessionToken).auth.me.$get()).json()).user?.isPremium).toBe(false);
    });
  }

  for (const order of orders<Name>(['updated', 'completed'])) {
    it(`${order.join(' → ')}, still running at Stripe to its period's end: cancelled, Premium to the period's end`, async () => {
      const { user } = await deliverInOrder(order, { status: 'active', cancel_at_period_end: true, unit_amount: 39900 });
      expect(await state(user.id)).toEqual({
        payment: { status: 'paid' },
        subscription: { status: 'canceled', cancelAtPeriodEnd: true },
        history: ['started', 'canceled'],
        premiumEndDate: new Date('2026-12-21T09:00:00.000Z'),
      });
    });
  }

  it('answers 502 and records nothing when Stripe cannot be asked, so the event comes again', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    await t.as(sessionToken).premium.upgrade.$post({ json: { plan: 'monthly', price: 399, withdrawalConsent: true } });
    const [payment] = await t.db.select().from(payments);
    const completed = checkoutCompleted('evt_completed', payment!, {
      mode: 'subscription',
      subscription: 'sub_gone',
      invoice: 'in_1',
    });
    const logged = expectConsoleError();
    await expectApiError(await post(completed), 502, 'provider_unreachable');
    expect(logged.flat().join(' ')).toContain('sub_gone');
    expect(await t.db.select().from(paymentEvents)).toEqual([]);
    expect((await t.db.select().from(payments))[0]).toMatchObject({ status: 'pending' });
  });
});
