/**
 * A free trial through Vipps MobilePay Recurring, faked at its HTTP boundary
 * (docs/decisions/0060-free-trial.md): an agreement without initial charge, activated in the app,
 * starts the trial; the renewals job creates the first charge due on the trial's last day, and its
 * capture is the first payment. Stopped during the trial, nothing is ever charged.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { payments, receipts, siteSettings, subscriptionEvents, subscriptions } from '#db/schema';
import { DAY } from '#shared/time';
import { TEST_ORIGIN } from '#support/app';
import { vippsAppPerTest } from '#support/vipps-app';
import { signedVippsWebhook } from '#support/fake-vipps';
import { runRenewals } from '#worker/jobs/renewals';

const { fake, t } = vippsAppPerTest({ alsoTest: false });
beforeEach(() =>
  t.db
    .insert(siteSettings)
    .values({ id: 1, trialDays: 14 })
    .onConflictDoUpdate({ target: siteSettings.id, set: { trialDays: 14 } }),
);

const WEBHOOK_URL = `${TEST_ORIGIN}/api/payments/vipps/webhook`;
async function deliverAll() {
  for (const hook of fake.vipps.webhooks.splice(0)) {
    const signed = signedVippsWebhook(hook, WEBHOOK_URL, { at: t.clock.now() });
    expect((await t.app.request(WEBHOOK_URL, { method: 'POST', headers: signed.headers, body: signed.body })).status).toBe(200);
  }
}
async function startTrial() {
  const { sessionToken, user } = await t.signIn('kari@example.no');
  const res = await t
    .as(sessionToken)
    .premium.upgrade.$post({ json: { plan: 'monthly', price: 399, trialDays: 14, withdrawalConsent: true } });
  expect(res.status).toBe(200);
  const agreement = fake.vipps.latestAgreement().id;
  await fake.vipps.accept(agreement);
  await deliverAll();
  return { sessionToken, userId: user.id, agreement, end: t.clock.now() + 14 * DAY };
}
const charges = () => fake.vipps.requests.filter((r) => r.method === 'POST' && /\/charges$/.test(r.path));

describe('a free trial with Vipps', () => {
  it('takes an agreement without initial charge, and charges the list price due on the trial’s end day', async () => {
    const { userId, end } = await startTrial();
    const created = fake.vipps.requests.find((r) => r.method === 'POST' && r.path === '/recurring/v3/agreements')!;
    expect(created.body).not.toHaveProperty('initialCharge');
    expect(created.body).toMatchObject({ pricing: { amount: 39900 } });
    expect((await t.db.select().from(subscriptions))[0]).toMatchObject({ status: 'trialing', userId });
    expect((await t.db.select().from(payments))[0]).toMatchObject({ status: 'trial', amount: 0 });

    // Vipps's lead time before the end: the charge is created, due on the trial's last day (Oslo), not the day before.
    t.clock.advance(end - 4 * DAY - t.clock.now());
    await runRenewals(t.deps, t.clock.now());
    expect(charges().map((r) => r.body)).toEqual([expect.objectContaining({ amount: 39900, due: '2026-12-05' })]);
    expect(await t.db.select().from(receipts)).toEqual([]);
    const [pending] = await t.db.select().from(payments).where(eq(payments.status, 'pending'));
    t.clock.advance(4 * DAY);
    await fake.vipps.settleCharge(pending!.providerRef!, 'CHARGED');
    await deliverAll();
    expect((await t.db.select().from(subscriptions))[0]).toMatchObject({ status: 'active' });
    expect((await t.db.select().from(receipts)).map((r) => r.totalOre)).toEqual([39900]);
    expect((await t.db.select().from(subscriptionEvents).orderBy(asc(subscriptionEvents.id))).map((e) => e.kind)).toEqual([
      'trial_started',
      'renewed',
    ]);
  });

  it('stops the agreement when cancelled in the trial: no charge is ever created, and Premium ends with the trial', async () => {
    const { sessionToken, agreement, end } = await startTrial();
    expect((await t.as(sessionToken).account.subscription.cancel.$post()).status).toBe(200);
    expect(
      fake.vipps.requests.some((r) => r.method === 'PATCH' && r.path.endsWith(agreement) && r.body?.status === 'STOPPED'),
    ).toBe(true);
    for (const at of [end - 4 * DAY, end]) {
      t.clock.advance(at - t.clock.now());
      await runRenewals(t.deps, t.clock.now());
    }
    expect(charges()).toEqual([]);
    expect((await t.db.select().from(subscriptions))[0]).toMatchObject({ status: 'expired' });
    expect(await t.db.select().from(payments).where(eq(payments.status, 'paid'))).toEqual([]);
  });
});
