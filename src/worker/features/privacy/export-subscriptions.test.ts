/**
 * The user's own export (GDPR art. 15 and 20) holds what they bought: their subscriptions with
 * the free trial's end, each subscription's history, and every payment — the trial's checkout
 * (nothing charged) and the first charge after it (docs/decisions/0060-free-trial.md). The export
 * walks the schema (export.ts); this pins what a buyer must find in it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { siteSettings } from '#db/schema';
import { DAY } from '#shared/time';
import { appPerTest } from '#support/app';
import { expectJson } from '#support/typed-body';
import { runRenewals } from '#worker/jobs/renewals';

const t = appPerTest({ seed: true });
beforeEach(() =>
  t.db
    .insert(siteSettings)
    .values({ id: 1, trialDays: 14 })
    .onConflictDoUpdate({ target: siteSettings.id, set: { trialDays: 14 } }),
);

const iso = (ms: number) => new Date(ms).toISOString();

async function trialThenFirstCharge(email: string) {
  const { sessionToken, user } = await t.signIn(email);
  const upgrade = t.as(sessionToken).premium.upgrade.$post({
    json: { plan: 'monthly', price: 399, withdrawalConsent: true, trialDays: 14 },
  });
  expect(await expectJson(await upgrade)).toEqual({ status: 'paid' });
  return { sessionToken, user, end: t.clock.now() + 14 * DAY };
}

describe('GET /api/account/export: subscriptions and payments', () => {
  it('holds the subscription with its trial’s end, its history and every payment, and nothing of another buyer', async () => {
    const kari = await trialThenFirstCharge('kari@example.no');
    const ola = await trialThenFirstCharge('ola@example.no');
    t.clock.advance(kari.end - t.clock.now());
    await runRenewals(t.deps, t.clock.now());

    const data = await expectJson(await t.as(kari.sessionToken).account.export.$get());
    expect(data.tables.subscriptions).toEqual([
      expect.objectContaining({
        userId: kari.user.id,
        plan: 'monthly',
        status: 'active',
        amountOre: 39900,
        trialEndsAt: iso(kari.end),
      }),
    ]);
    const [subscription] = data.tables.subscriptions!;
    expect(data.tables.subscription_events!.map((e) => [e.subscriptionId, e.kind, e.status])).toEqual([
      [subscription!.id, 'trial_started', 'trialing'],
      [subscription!.id, 'renewed', 'active'],
    ]);
    const byStatus = Object.fromEntries(data.tables.payments!.map((p) => [p.status, p]));
    expect(Object.keys(byStatus).sort()).toEqual(['paid', 'trial']);
    expect(byStatus.trial).toMatchObject({ amount: 0, trialEndsAt: iso(kari.end), paidAt: null });
    expect(byStatus.paid).toMatchObject({ amount: 39900, subscriptionId: subscription!.id, periodStart: iso(kari.end) });
    expect(data.tables.receipts).toEqual([expect.objectContaining({ totalOre: 39900, kind: 'receipt' })]);

    expect(JSON.stringify(data)).not.toContain(ola.user.id);
  });
});
