/**
 * A list price change walked through with Vipps (faked at its HTTP boundary) and the fake clock:
 * a monthly and a yearly subscriber get the notice, keep their price at least 30 days, the
 * agreement's price is raised before the renewal that charges the new one, and the receipts say so.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailQueue, payments, priceHistory, receipts, subscriptions, users } from '#db/schema';
import { DAY } from '#shared/time';
import { TEST_ORIGIN } from '#support/app';
import { vippsAppPerTest } from '#support/vipps-app';
import { expectJson } from '#support/typed-body';
import { signedVippsWebhook } from '#support/fake-vipps';
import { runPriceChanges } from './price-changes';
import { runRenewals } from './renewals';

const { fake, t } = vippsAppPerTest({ alsoTest: false });

const WEBHOOK_URL = `${TEST_ORIGIN}/api/payments/vipps/webhook`;
async function deliverAll() {
  for (const hook of fake.vipps.webhooks.splice(0)) {
    const signed = signedVippsWebhook(hook, WEBHOOK_URL, { at: t.clock.now() });
    expect((await t.app.request(WEBHOOK_URL, { method: 'POST', headers: signed.headers, body: signed.body })).status).toBe(200);
  }
}
async function subscribe(email: string, plan: 'monthly' | 'yearly') {
  const { sessionToken, user } = await t.signIn(email);
  const res = await t
    .as(sessionToken)
    .premium.upgrade.$post({ json: { plan, price: plan === 'yearly' ? 1995 : 399, withdrawalConsent: true } });
  expect(res.status).toBe(200);
  const agreement = fake.vipps.latestAgreement().id;
  await fake.vipps.accept(agreement);
  await deliverAll();
  return { sessionToken, userId: user.id, agreement };
}
const subOf = async (userId: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;
const amountShown = async (token: string) =>
  (await expectJson(await t.as(token).account.subscription.$get())).subscription?.amountOre;
const mailsTo = async (email: string) =>
  (
    await t.db
      .select({ subject: mailQueue.subject, text: mailQueue.text })
      .from(mailQueue)
      .where(eq(mailQueue.to, email))
      .orderBy(asc(mailQueue.id))
  ).filter((m) => !m.subject.includes('Logg inn') && !/kode/i.test(m.subject));
const pricePatches = () =>
  fake.vipps.requests.filter((r) => r.method === 'PATCH' && r.body && 'pricing' in r.body).map((r) => [r.path, r.body!.pricing]);

/** Runs both jobs at the clock's time, and settles any renewal charge created as Vipps would on its due date. */
async function jobs() {
  await runPriceChanges(t.deps, t.clock.now());
  await runRenewals(t.deps, t.clock.now());
}
/** Advances to `end` − 4 days (`userId`'s charge is created), then to `end` (captured and reported). */
async function renewAt(userId: string, end: number) {
  t.clock.advance(end - 4 * DAY - t.clock.now());
  await jobs();
  const [pending] = await t.db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'pending'), eq(payments.userId, userId)));
  if (!pending) throw new Error('no renewal charge was created');
  t.clock.advance(4 * DAY);
  await fake.vipps.settleCharge(pending.providerRef!, 'CHARGED');
  await deliverAll();
  return pending;
}

describe('a list price change: notice, renewal and receipt', () => {
  it('walks a monthly and a yearly subscriber from the notice to a renewal at the new price', async () => {
    const kari = await subscribe('kari@example.no', 'monthly');
    const ola = await subscribe('ola@example.no', 'yearly');
    const kariEnd = (await subOf(kari.userId)).currentPeriodEnd.getTime();
    const olaEnd = (await subOf(ola.userId)).currentPeriodEnd.getTime();
    expect(await subOf(kari.userId)).toMatchObject({ amountOre: 39900, nextAmountOre: null });
    expect(await amountShown(kari.sessionToken)).toBe(39900);

    // Five days on, the list prices go up (the record the procedure stores: a price_history row each).
    t.clock.advance(5 * DAY);
    await t.db.insert(priceHistory).values([
      { plan: 'monthly', amount: 449, effectiveFrom: new Date(t.clock.now()) },
      { plan: 'yearly', amount: 2495, effectiveFrom: new Date(t.clock.now()) },
    ]);
    expect(await runPriceChanges(t.deps, t.clock.now())).toEqual({ noticed: 2, told: 0 });
    expect(await runPriceChanges(t.deps, t.clock.now())).toEqual({ noticed: 0, told: 1 });
    expect(await runPriceChanges(t.deps, t.clock.now())).toEqual({ noticed: 0, told: 0 });

    // Kari's next renewal is under 30 days away: hers is the one after it. Ola's is 360 days away.
    const kariFrom = Date.UTC(2027, 0, 21, 9);
    expect(await subOf(kari.userId)).toMatchObject({
      amountOre: 39900,
      nextAmountOre: 44900,
      nextAmountFrom: new Date(kariFrom),
    });
    expect(await subOf(ola.userId)).toMatchObject({ amountOre: 199500, nextAmountOre: 249500, nextAmountFrom: new Date(olaEnd) });
    const [kariNotice] = (await mailsTo('kari@example.no')).filter((m) => m.subject === 'Ny pris på Soloprenør Premium');
    expect(kariNotice!.text).toContain('Prisen på Soloprenør Premium (månedsabonnement) endres fra 399,00 kr til 449,00 kr.');
    expect(kariNotice!.text).toContain('Den nye prisen gjelder først fra fornyelsen 21. januar 2027.');
    expect(kariNotice!.text).toContain('si opp gratis under Profil i guiden når som helst før 21. januar 2027');
    expect((await mailsTo('ola@example.no')).map((m) => m.subject)).toContain('Ny pris på Soloprenør Premium');
    // What the next renewal charges: Kari's still the old price, Ola's (a year on) the new one.
    expect(await amountShown(kari.sessionToken)).toBe(39900);
    expect(await amountShown(ola.sessionToken)).toBe(249500);
    // Ola's agreement is raised now (his next renewal is the changed one); Kari's not yet.
    expect(pricePatches()).toEqual([[`/recurring/v3/agreements/${ola.agreement}`, { amount: 249500 }]]);

    // Kari's first renewal: the price she agreed, and her agreement is raised right after it.
    const first = await renewAt(kari.userId, kariEnd);
    expect(first.amount).toBe(39900);
    await jobs();
    expect(pricePatches()).toContainEqual([`/recurring/v3/agreements/${kari.agreement}`, { amount: 44900 }]);
    expect(await amountShown(kari.sessionToken)).toBe(44900);

    // Her second renewal, the first at least 30 days after the notice: the new price, on the receipt too.
    const second = await renewAt(kari.userId, kariFrom);
    expect(second.amount).toBe(44900);
    expect(await subOf(kari.userId)).toMatchObject({ amountOre: 44900, nextAmountOre: null, nextAmountFrom: null });
    const kariReceipts = await t.db
      .select({ total: receipts.totalOre })
      .from(receipts)
      .innerJoin(payments, eq(payments.id, receipts.paymentId))
      .where(eq(payments.userId, kari.userId))
      .orderBy(asc(receipts.number));
    expect(kariReceipts.map((r) => r.total)).toEqual([39900, 39900, 44900]);
    expect((await mailsTo('kari@example.no')).at(-1)!.text).toContain('449,00 kr');

    // Ola: the yearly reminder names the new price, and his renewal charges it.
    t.clock.advance(olaEnd - 6 * DAY - t.clock.now());
    await jobs();
    expect((await mailsTo('ola@example.no')).at(-1)!.text).toMatch(/2\s495,00 kr/);
    expect((await renewAt(ola.userId, olaEnd)).amount).toBe(249500);
    expect(await subOf(ola.userId)).toMatchObject({ amountOre: 249500, nextAmountOre: null });
    expect((await t.db.select().from(users).where(eq(users.id, ola.userId)))[0]!.premiumEndDate).toEqual(
      (await subOf(ola.userId)).currentPeriodEnd,
    );
  });

  it('a subscriber who cancels after the notice is never charged the new price', async () => {
    const kari = await subscribe('kari@example.no', 'monthly');
    const end = (await subOf(kari.userId)).currentPeriodEnd.getTime();
    t.clock.advance(5 * DAY);
    await t.db.insert(priceHistory).values({ plan: 'monthly', amount: 449, effectiveFrom: new Date(t.clock.now()) });
    await runPriceChanges(t.deps, t.clock.now());
    expect((await t.as(kari.sessionToken).account.subscription.cancel.$post()).status).toBe(200);
    t.clock.advance(end - t.clock.now());
    await jobs();
    expect(fake.vipps.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/charges'))).toEqual([]);
    expect(await subOf(kari.userId)).toMatchObject({ status: 'expired', amountOre: 39900 });
  });
});
