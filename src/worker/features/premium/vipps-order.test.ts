/**
 * Vipps's webhooks in every order they may arrive (docs/decisions/0041-provider-is-the-source-of-truth.md):
 * the buyer accepts the agreement (activated, and its initial charge captured), then stops it in
 * the app. What names an agreement we do not hold yet is refused (409) and delivered again; what
 * we apply is the agreement as Vipps has it now. Whatever the order, the end is Vipps's: paid for
 * one period, no renewal, and the renewals job never charges the stopped agreement.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentEvents, payments, subscriptionEvents, subscriptions, users } from '#db/schema';
import { DAY } from '#shared/time';
import { TEST_ORIGIN } from '#support/app';
import { vippsAppPerTest } from '#support/vipps-app';
import { expectApiError } from '#support/errors';
import { signedVippsWebhook, type VippsWebhook } from '#support/fake-vipps';
import { orders } from '#support/orders';
import { runRenewals } from '#worker/jobs/renewals';

const { fake, t } = vippsAppPerTest({ alsoTest: false });

const WEBHOOK_URL = `${TEST_ORIGIN}/api/payments/vipps/webhook`;
async function deliver(hook: VippsWebhook) {
  const signed = signedVippsWebhook(hook, WEBHOOK_URL, { at: t.clock.now() });
  t.roundTrips.reset();
  const res = await t.app.request(WEBHOOK_URL, { method: 'POST', headers: signed.headers, body: signed.body });
  expect(t.roundTrips.count).toBeLessThanOrEqual(2);
  return res;
}

const STOPPED = 'recurring.agreement-stopped.v1';
const ACTIVATED = 'recurring.agreement-activated.v1';
const CAPTURED = 'recurring.charge-captured.v1';

describe('Vipps: agreement-stopped, agreement-activated and charge-captured, in every order', () => {
  for (const order of orders([STOPPED, ACTIVATED, CAPTURED])) {
    it(`${order.map((e) => e.split('.')[1]).join(' → ')}: one paid period, cancelled, never charged again`, async () => {
      const { sessionToken, user } = await t.signIn('kari@example.no');
      const upgraded = await t
        .as(sessionToken)
        .premium.upgrade.$post({ json: { plan: 'monthly', price: 399, withdrawalConsent: true } });
      expect(upgraded.status).toBe(200);
      const agreement = fake.vipps.latestAgreement().id;
      await fake.vipps.accept(agreement);
      await fake.vipps.stop(agreement);
      const hooks = new Map(fake.vipps.webhooks.splice(0).map((h) => [h.eventType, h]));

      const refused: string[] = [];
      for (const type of order) {
        const res = await deliver(hooks.get(type)!);
        if (res.status === 200) continue;
        await expectApiError(res, 409, 'webhook_target_unknown');
        refused.push(type);
      }
      // Only the stop can come before anything we know of: then it is refused, not marked handled.
      expect(refused).toEqual(order[0] === STOPPED ? [STOPPED] : []);
      // Vipps delivers it again.
      for (const type of refused) expect((await deliver(hooks.get(type)!)).status).toBe(200);
      expect(await t.db.select().from(paymentEvents)).toHaveLength(3);

      const [sub] = await t.db.select().from(subscriptions);
      expect(sub).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true, providerRef: agreement });
      expect((await t.db.select().from(payments))[0]).toMatchObject({ status: 'paid' });
      expect((await t.db.select().from(subscriptionEvents).orderBy(asc(subscriptionEvents.id))).map((e) => e.kind)).toEqual([
        'started',
        'canceled',
      ]);
      const end = sub!.currentPeriodEnd.getTime();
      expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.premiumEndDate).toEqual(new Date(end));

      // The renewals job, through the lead time and past the end: no charge on the stopped agreement.
      fake.vipps.requests.length = 0;
      t.clock.advance(end - t.clock.now() - 3 * DAY);
      expect(await runRenewals(t.deps, t.clock.now())).toMatchObject({ pending: 0, renewed: 0, failed: 0 });
      t.clock.advance(3 * DAY);
      expect(await runRenewals(t.deps, t.clock.now())).toMatchObject({ pending: 0, expired: 1 });
      expect(fake.vipps.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/charges'))).toEqual([]);
      expect((await t.db.select().from(subscriptions))[0]).toMatchObject({ status: 'expired' });
    });
  }
});
