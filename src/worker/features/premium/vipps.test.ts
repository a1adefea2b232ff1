/**
 * Premium paid and renewed with Vipps MobilePay, against a local fake of its HTTP API
 * (tests/support/fake-vipps.ts): the real provider, the real routes and jobs, a real database.
 */
import { asc, desc, eq, notLike } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailQueue, paymentEvents, payments, receipts, subscriptionEvents, subscriptions, users } from '#db/schema';
import { DAY, MINUTE } from '#shared/time';
import { TEST_ORIGIN } from '#support/app';
import { budgetedClient } from '#support/budgeted-client';
import { expectConsoleError } from '#support/console-guard';
import { expectApiError } from '#support/errors';
import { expectJson } from '#support/typed-body';
import { signedVippsWebhook, type VippsWebhook } from '#support/fake-vipps';
import { vippsAppPerTest } from '#support/vipps-app';
import { pollPendingPayments } from '#worker/jobs/pending-payments';
import { runRenewals } from '#worker/jobs/renewals';

const { fake, t } = vippsAppPerTest();

const WEBHOOK_URL = `${TEST_ORIGIN}/api/payments/vipps/webhook`;
async function deliver(hook: VippsWebhook, opts: { secret?: string; body?: string; at?: number } = {}) {
  const signed = signedVippsWebhook(hook, WEBHOOK_URL, { secret: opts.secret, at: opts.at ?? t.clock.now() });
  t.roundTrips.reset();
  const res = await t.app.request(WEBHOOK_URL, { method: 'POST', headers: signed.headers, body: opts.body ?? signed.body });
  expect(t.roundTrips.count).toBeLessThanOrEqual(2);
  return res;
}
/** Every webhook the fake has sent since the last call, delivered to the app. */
async function deliverAll() {
  const hooks = fake.vipps.webhooks.splice(0);
  for (const hook of hooks) expect((await deliver(hook)).status).toBe(200);
  return hooks.map((h) => h.eventType);
}

async function checkout(plan: 'monthly' | 'yearly' = 'monthly', email = 'kari@example.no') {
  const { sessionToken, user } = await t.signIn(email);
  const res = await budgetedClient(t, sessionToken).premium.upgrade.$post({
    json: { plan, price: plan === 'yearly' ? 1995 : 399, withdrawalConsent: true, provider: 'vipps' },
  });
  expect(res.status).toBe(200);
  const body = await res.json();
  if (body.status !== 'redirect') throw new Error(`expected the Vipps page, got ${JSON.stringify(body)}`);
  return { sessionToken, user, ...body };
}
/** `checkout`, approved in the app, and both webhooks delivered. */
async function subscribed(plan: 'monthly' | 'yearly' = 'monthly') {
  const bought = await checkout(plan);
  await fake.vipps.accept(fake.vipps.latestAgreement().id);
  await deliverAll();
  return bought;
}
const status = (token: string, id: string) => budgetedClient(t, token).premium.payments[':id'].$get({ param: { id } });
const sub = async () => (await t.db.select().from(subscriptions))[0]!;
const history = async () => (await t.db.select().from(subscriptionEvents).orderBy(asc(subscriptionEvents.id))).map((e) => e.kind);
const subjects = async () =>
  (await t.db.select().from(mailQueue).where(notLike(mailQueue.dedupeKey, 'sign-in:%')).orderBy(asc(mailQueue.id))).map(
    (m) => m.subject,
  );
const premiumEnd = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.premiumEndDate;

describe('Vipps checkout: an agreement with an initial charge', () => {
  it('answers with the agreement’s confirmation URL and asks Vipps as its API requires', async () => {
    const { url, status: answered, paymentId } = await checkout('yearly');
    expect(answered).toBe('redirect');
    expect(url).toBe(`${fake.vipps.url}/confirm/agr_1`);
    const token = fake.vipps.requests.filter((r) => r.path === '/accesstoken/get');
    const created = fake.vipps.requests.find((r) => r.path === '/recurring/v3/agreements')!;
    expect(token[0]!.headers).toMatchObject({
      client_id: 'fake-client-id',
      'ocp-apim-subscription-key': 'fake-subscription-key',
    });
    expect(created.headers).toMatchObject({
      'merchant-serial-number': '123456',
      'vipps-system-name': 'soloprenor',
      'idempotency-key': `agreement-${paymentId}`,
    });
    expect(created.body).toMatchObject({
      interval: { unit: 'YEAR', count: 1 },
      pricing: { type: 'LEGACY', amount: 199500, currency: 'NOK' },
      initialCharge: { amount: 199500, transactionType: 'DIRECT_CAPTURE', orderId: paymentId },
      externalId: paymentId,
      merchantRedirectUrl: `${TEST_ORIGIN}/premium?status=success&payment=${paymentId}`,
    });
    expect((await t.db.select().from(payments))[0]).toMatchObject({
      id: paymentId,
      status: 'pending',
      provider: 'vipps',
      providerRef: 'agr_1',
    });
  });

  it('reuses the access token until it expires', async () => {
    await checkout('monthly', 'a@example.no');
    await checkout('monthly', 'b@example.no');
    expect(fake.vipps.requests.filter((r) => r.path === '/accesstoken/get').length).toBeLessThanOrEqual(1);
    expect(fake.vipps.requests.filter((r) => r.path === '/recurring/v3/agreements')).toHaveLength(2);
  });

  it('refuses a provider that is not configured (400), and answers 502 with nothing charged when Vipps is down', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    const json = { plan: 'monthly', price: 399, withdrawalConsent: true } as const;
    const upgrade = t.as(sessionToken).premium.upgrade;
    await expectApiError(await upgrade.$post({ json: { ...json, provider: 'stripe' } }), 400, 'provider_unavailable');
    // A provider the client's types refuse, sent as it is.
    await expectApiError(
      await t.request('/api/premium/upgrade', { token: sessionToken, json: { ...json, provider: 'paypal' } }),
      400,
      'validation_error',
    );
    fake.vipps.state.failWith = 503;
    const logged = expectConsoleError();
    await expectApiError(await upgrade.$post({ json: { ...json, provider: 'vipps' } }), 502, 'payment_unavailable');
    expect(logged.flat().join(' ')).toContain('HTTP 503');
    expect((await t.db.select().from(payments))[0]).toMatchObject({ status: 'failed', provider: 'vipps' });
  });

  it('starts Premium when the agreement is accepted and its initial charge captured: once, however often told', async () => {
    const { user, paymentId, sessionToken } = await checkout();
    await fake.vipps.accept('agr_1');
    const hooks = [...fake.vipps.webhooks];
    expect(await deliverAll()).toEqual(['recurring.agreement-activated.v1', 'recurring.charge-captured.v1']);
    for (const hook of hooks) expect((await deliver(hook)).status).toBe(200);
    expect(await sub()).toMatchObject({
      userId: user.id,
      provider: 'vipps',
      providerRef: 'agr_1',
      status: 'active',
      plan: 'monthly',
    });
    expect((await t.db.select().from(payments))[0]).toMatchObject({ status: 'paid', providerRef: paymentId });
    expect(await t.db.select({ n: receipts.number, total: receipts.totalOre }).from(receipts)).toEqual([{ n: 1, total: 39900 }]);
    expect(await subjects()).toEqual(['Kvittering nr. 1 fra Soloprenør']);
    expect(await history()).toEqual(['started']);
    expect(await (await status(sessionToken, paymentId)).json()).toEqual({ status: 'paid' });
    const me = await t.as(sessionToken).auth.me.$get();
    expect(await me.json()).toMatchObject({ user: { isPremium: true } });
  });

  it('a rejected agreement fails the checkout: no Premium, the return page says so', async () => {
    const { paymentId, sessionToken, user } = await checkout();
    await fake.vipps.reject('agr_1');
    await deliverAll();
    expect((await t.db.select().from(payments))[0]).toMatchObject({ status: 'failed' });
    expect(await t.db.select().from(subscriptions)).toEqual([]);
    expect(await premiumEnd(user.id)).toBeNull();
    expect(await (await status(sessionToken, paymentId)).json()).toEqual({ status: 'failed' });
  });

  it('refuses a delivery whose signature, body or secret is wrong (400), and a provider without webhooks (404)', async () => {
    await checkout();
    await fake.vipps.accept('agr_1');
    const [activated] = fake.vipps.webhooks.splice(0);
    await expectApiError(await deliver(activated!, { secret: 'not-the-secret' }), 400, 'invalid_signature');
    await expectApiError(
      await deliver(activated!, { body: JSON.stringify({ ...activated, agreementId: 'agr_9' }) }),
      400,
      'invalid_signature',
    );
    const unsigned = await t.app.request(WEBHOOK_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await expectApiError(unsigned, 400, 'invalid_signature');
    await expectApiError(
      await t.app.request(`${TEST_ORIGIN}/api/payments/stripe/webhook`, { method: 'POST', body: '{}' }),
      404,
      'not_found',
    );
    expect((await t.db.select().from(payments))[0]).toMatchObject({ status: 'pending' });
  });

  it('refuses a correctly signed delivery dated outside five minutes of our clock, before any change', async () => {
    await checkout();
    await fake.vipps.accept('agr_1');
    const [activated] = fake.vipps.webhooks.splice(0);
    for (const at of [t.clock.now() - 365 * DAY, t.clock.now() - 6 * MINUTE, t.clock.now() + 6 * MINUTE])
      await expectApiError(await deliver(activated!, { at }), 400, 'invalid_signature');
    expect((await t.db.select().from(payments))[0]).toMatchObject({ status: 'pending' });
    expect(await t.db.select().from(paymentEvents)).toEqual([]);
    expect((await deliver(activated!, { at: t.clock.now() - 4 * MINUTE })).status).toBe(200);
    expect((await t.db.select().from(payments))[0]).toMatchObject({ status: 'paid' });
  });
});

describe('one subscription per person (Vipps)', () => {
  it('refuses a second checkout while an agreement waits in the app, stopping the one it just made', async () => {
    await checkout();
    const { sessionToken } = await t.signIn('kari@example.no');
    await expectApiError(
      await budgetedClient(t, sessionToken).premium.upgrade.$post({
        json: { plan: 'yearly', price: 1995, withdrawalConsent: true, provider: 'vipps' },
      }),
      409,
      'checkout_open',
    );
    expect([...fake.vipps.agreements.values()].map((a) => [a.id, a.status])).toEqual([
      ['agr_1', 'PENDING'],
      ['agr_2', 'STOPPED'],
    ]);
    expect(await t.db.select().from(payments)).toHaveLength(1);
  });
});

describe('GET /api/premium/payments/{id}: back from Vipps before the webhook', () => {
  it('asks Vipps while the webhook is late and starts Premium from its answer; the late webhook then changes nothing', async () => {
    const { paymentId, sessionToken } = await checkout();
    expect(await (await status(sessionToken, paymentId)).json()).toEqual({ status: 'pending' });
    await fake.vipps.accept('agr_1');
    expect(await (await status(sessionToken, paymentId)).json()).toEqual({ status: 'paid' });
    expect(await sub()).toMatchObject({ providerRef: 'agr_1', status: 'active' });
    await deliverAll();
    expect(await t.db.select({ n: receipts.number }).from(receipts)).toEqual([{ n: 1 }]);
    expect(await history()).toEqual(['started']);
  });

  it('answers a buyer who is not signed in by the payment id alone; 403 for someone else’s payment, 404 for none', async () => {
    const { paymentId } = await checkout();
    const anonymous = await t.api.premium.payments[':id'].$get({ param: { id: paymentId } });
    expect(await expectJson(anonymous, 200)).toEqual({ status: 'pending' });
    await fake.vipps.accept('agr_1');
    expect(await expectJson(await t.api.premium.payments[':id'].$get({ param: { id: paymentId } }), 200)).toEqual({
      status: 'paid',
    });
    await expectApiError(await t.api.premium.payments[':id'].$get({ param: { id: 'no-such-payment' } }), 404, 'not_found');
    const other = await t.signIn('ola@example.no');
    await expectApiError(await status(other.sessionToken, paymentId), 403, 'forbidden');
    await expectApiError(await status(other.sessionToken, 'no-such-payment'), 404, 'not_found');
  });

  it('the job polls checkouts older than ten minutes: an agreement never accepted expires', async () => {
    await checkout();
    await fake.vipps.expire('agr_1');
    fake.vipps.webhooks.length = 0; // lost
    expect(await pollPendingPayments(t.deps, t.clock.now())).toEqual({ polled: 0, settled: 0 });
    t.clock.advance(11 * MINUTE);
    expect(await pollPendingPayments(t.deps, t.clock.now())).toEqual({ polled: 1, settled: 1 });
    expect((await t.db.select().from(payments))[0]).toMatchObject({ status: 'expired' });
  });
});

describe('Vipps renewals: charges on the agreement, created ahead of the due date', () => {
  it('creates the charge four days ahead, once; its capture renews the period with receipt nr. 2', async () => {
    const { user } = await subscribed();
    const end = (await sub()).currentPeriodEnd.getTime();
    t.clock.advance(end - t.clock.now() - 5 * DAY);
    expect(await runRenewals(t.deps, t.clock.now())).toMatchObject({ pending: 0 });
    t.clock.advance(2 * DAY);
    expect(await runRenewals(t.deps, t.clock.now())).toMatchObject({ renewed: 0, pending: 1, failed: 0 });
    expect(await runRenewals(t.deps, t.clock.now())).toMatchObject({ pending: 0 });
    const created = fake.vipps.requests.filter((r) => r.method === 'POST' && r.path === '/recurring/v3/agreements/agr_1/charges');
    expect(created).toHaveLength(1);
    const dueDay = new Date(end - DAY).toISOString().slice(0, 10);
    expect(created[0]!.body).toMatchObject({ amount: 39900, type: 'RECURRING', transactionType: 'DIRECT_CAPTURE', due: dueDay });
    expect(created[0]!.headers['idempotency-key']).toBe(`renewal-${(await sub()).id}-${end}`);
    const pending = (await t.db.select().from(payments).where(eq(payments.status, 'pending')))[0]!;
    expect(pending).toMatchObject({ amount: 39900, periodStart: new Date(end) });

    t.clock.advance(2 * DAY);
    await fake.vipps.settleCharge(pending.providerRef!, 'CHARGED');
    await deliverAll();
    await deliverAll();
    const renewed = await sub();
    expect(renewed.status).toBe('active');
    expect(renewed.currentPeriodStart).toEqual(new Date(end));
    expect(await premiumEnd(user.id)).toEqual(renewed.currentPeriodEnd);
    expect((await t.db.select().from(payments).where(eq(payments.id, pending.id)))[0]).toMatchObject({ status: 'paid' });
    expect(await subjects()).toEqual(['Kvittering nr. 1 fra Soloprenør', 'Kvittering nr. 2 fra Soloprenør']);
    expect(await history()).toEqual(['started', 'renewed']);
  });

  it('a failed renewal charge makes it past due with the dunning mail and Premium through the grace period', async () => {
    const { user } = await subscribed();
    const end = (await sub()).currentPeriodEnd.getTime();
    t.clock.advance(end - t.clock.now() - 3 * DAY);
    await runRenewals(t.deps, t.clock.now());
    const pending = (await t.db.select().from(payments).where(eq(payments.status, 'pending')))[0]!;
    t.clock.advance(4 * DAY);
    await fake.vipps.settleCharge(pending.providerRef!, 'FAILED');
    await deliverAll();
    expect(await sub()).toMatchObject({ status: 'past_due' });
    expect((await t.db.select().from(payments).where(eq(payments.id, pending.id)))[0]).toMatchObject({ status: 'failed' });
    expect(await subjects()).toContain('Vi fikk ikke trukket betalingen for Premium');
    expect((await premiumEnd(user.id))!.getTime()).toBeGreaterThan(end);
    expect(await history()).toEqual(['started', 'renewal_failed']);
  });

  it('a renewal whose webhook is lost is settled by the job’s poll', async () => {
    await subscribed();
    const end = (await sub()).currentPeriodEnd.getTime();
    t.clock.advance(end - t.clock.now() - 3 * DAY);
    await runRenewals(t.deps, t.clock.now());
    const pending = (await t.db.select().from(payments).where(eq(payments.status, 'pending')))[0]!;
    await fake.vipps.settleCharge(pending.providerRef!, 'CHARGED');
    fake.vipps.webhooks.length = 0;
    t.clock.advance(DAY);
    expect(await pollPendingPayments(t.deps, t.clock.now())).toEqual({ polled: 1, settled: 1 });
    expect(await history()).toEqual(['started', 'renewed']);
  });

  it('sends the yearly reminder before the renewal, as for every provider', async () => {
    await subscribed('yearly');
    const end = (await sub()).currentPeriodEnd.getTime();
    t.clock.advance(end - t.clock.now() - 6 * DAY);
    expect(await runRenewals(t.deps, t.clock.now())).toMatchObject({ reminded: 1, pending: 0 });
    expect((await subjects()).at(-1)).toMatch(/fornyes/i);
  });
});

describe('Cancel and refund with Vipps', () => {
  it('cancel stops the agreement (Premium to the period’s end); Vipps’s stopped webhook adds nothing', async () => {
    const { sessionToken } = await subscribed();
    t.roundTrips.reset();
    const res = await t.as(sessionToken).account.subscription.cancel.$post();
    expect(res.status).toBe(200);
    const stop = fake.vipps.requests.find((r) => r.method === 'PATCH')!;
    expect(stop).toMatchObject({ path: '/recurring/v3/agreements/agr_1', body: { status: 'STOPPED' } });
    expect(stop.headers['idempotency-key']).toBe('stop-agr_1');
    expect(fake.vipps.agreements.get('agr_1')!.status).toBe('STOPPED');
    await deliver({ agreementId: 'agr_1', eventType: 'recurring.agreement-stopped.v1', agreementExternalId: null });
    expect(await sub()).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    expect(await history()).toEqual(['started', 'canceled']);
    // A stopped agreement cannot be restarted: the answer says so, and nothing changes.
    await expectApiError(await t.as(sessionToken).account.subscription.resume.$post(), 409, 'subscription_resume_elsewhere');
    expect(await history()).toEqual(['started', 'canceled']);
  });

  it('stopping the agreement in the Vipps app cancels at the period’s end', async () => {
    await subscribed();
    await fake.vipps.stop('agr_1');
    expect(await deliverAll()).toEqual(['recurring.agreement-stopped.v1']);
    expect(await sub()).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
  });

  it('the admin’s refund pays the charge back on its agreement, stops it and issues the credit note', async () => {
    const { paymentId } = await subscribed();
    const admin = await t.signIn('admin@soloprenor.no');
    const res = await t.as(admin.sessionToken).admin.payments[':id'].refund.$post({ param: { id: paymentId }, json: {} });
    expect(res.status).toBe(200);
    const refund = fake.vipps.requests.find((r) => r.path.endsWith('/refund'))!;
    expect(refund).toMatchObject({ path: `/recurring/v3/agreements/agr_1/charges/${paymentId}/refund`, body: { amount: 39900 } });
    expect(fake.vipps.charges.get(paymentId)!.status).toBe('REFUNDED');
    expect(fake.vipps.agreements.get('agr_1')!.status).toBe('STOPPED');
    expect(await t.db.select({ n: receipts.number, kind: receipts.kind, total: receipts.totalOre }).from(receipts)).toEqual([
      { n: 1, kind: 'receipt', total: 39900 },
      { n: 2, kind: 'credit_note', total: -39900 },
    ]);
    expect(await sub()).toMatchObject({ status: 'expired' });
  });

  it('counts a Vipps subscription in the revenue figures', async () => {
    await subscribed();
    const admin = await t.signIn('admin@soloprenor.no');
    const res = await t.as(admin.sessionToken).admin.dashboard.revenue.$get();
    expect(await res.json()).toMatchObject({ mrr: 399 });
  });
});

describe('Vipps refunds (the admin’s refund path)', () => {
  const creditNotes = async () =>
    (await t.db.select().from(receipts).where(eq(receipts.kind, 'credit_note')).orderBy(asc(receipts.number))).map((r) => [
      r.number,
      r.totalOre,
    ]);

  it('a refund made in Vipps’s portal is read from the charge: partial keeps Premium, the rest ends it; each once', async () => {
    const { paymentId } = await subscribed();
    await fake.vipps.refundInPortal(paymentId, 9900);
    const [partial] = fake.vipps.webhooks.splice(0);
    // The webhook says only "refunded"; the amount comes from GET …/charges/{id}.
    expect(partial).toMatchObject({ eventType: 'recurring.charge-refunded.v1', chargeId: paymentId });
    expect((await deliver(partial!)).status).toBe(200);
    expect((await deliver(partial!)).status).toBe(200);
    expect(await creditNotes()).toEqual([[2, -9900]]);
    expect(await sub()).toMatchObject({ status: 'active' });

    await fake.vipps.refundInPortal(paymentId, 30000);
    await deliverAll();
    expect(await creditNotes()).toEqual([
      [2, -9900],
      [3, -30000],
    ]);
    expect((await t.db.select().from(payments))[0]).toMatchObject({ status: 'refunded', refundedOre: 39900 });
    expect(await sub()).toMatchObject({ status: 'expired' });
    // Nothing left: the agreement is stopped, so no renewal is charged.
    expect(fake.vipps.agreements.get('agr_1')!.status).toBe('STOPPED');
    const mails = await subjects();
    expect(mails.at(-1)).toBe('Kreditnota nr. 3: 300,00 kr tilbake fra Soloprenør');
    const [last] = await t.db.select().from(mailQueue).orderBy(desc(mailQueue.id)).limit(1);
    expect(last!.text).toContain('vanligvis innen 2–3 virkedager');
  });

  it('the admin’s partial refund and its webhook from Vipps record one credit note', async () => {
    const { paymentId } = await subscribed();
    const admin = await t.signIn('admin@soloprenor.no');
    const res = await budgetedClient(t, admin.sessionToken).admin.payments[':id'].refund.$post({
      param: { id: paymentId },
      json: { amountOre: 10000 },
    });
    expect(res.status).toBe(200);
    expect(fake.vipps.charges.get(paymentId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refunded: 10000 });
    expect(await deliverAll()).toEqual(['recurring.charge-refunded.v1']);
    expect(await creditNotes()).toEqual([[2, -10000]]);
    expect(fake.vipps.agreements.get('agr_1')!.status).toBe('ACTIVE');
  });
});
