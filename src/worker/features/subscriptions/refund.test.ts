import { asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAuditLog, mailQueue, payments, receipts, subscriptionEvents, subscriptions } from '#db/schema';
import { adminTestApp, expectAdminOnly } from '#support/admin-session';
import { expectApiError } from '#support/errors';
import { expectJson } from '#support/typed-body';

const ctx = adminTestApp();
/** The admin's typed payments routes (each request within the round-trip budget). */
const admin = () => ctx.s.api.admin.payments;
const refund = (id: string, amountOre?: number) =>
  admin()[':id'].refund.$post({ param: { id }, json: amountOre === undefined ? {} : { amountOre } });
/** The user buys Premium with the test provider, which pays at once; the payment. */
async function buy(plan: 'monthly' | 'yearly') {
  const res = await ctx.t
    .as(ctx.s.user.sessionToken)
    .premium.upgrade.$post({ json: { plan, price: plan === 'yearly' ? 1995 : 399, withdrawalConsent: true } });
  expect(res.status).toBe(200);
  return (await ctx.t.db.select().from(payments))[0]!;
}
const documents = async () =>
  (await ctx.t.db.select().from(receipts).orderBy(asc(receipts.number))).map((r) => [
    r.number,
    r.kind,
    r.totalOre,
    r.vatOre,
    r.creditsNumber,
  ]);
const refundMails = () =>
  ctx.t.db.select().from(mailQueue).where(like(mailQueue.dedupeKey, 'refund:%')).orderBy(asc(mailQueue.id));
const isPremium = async () => (await (await ctx.t.as(ctx.s.user.sessionToken).auth.me.$get()).json()).user;

describe('POST /api/admin/payments/{id}/refund', () => {
  it('refunds in parts: a credit note for each, Premium kept until nothing is left, then ended; VAT nets to zero', async () => {
    const { t } = ctx;
    const payment = await buy('monthly');
    const first = await expectJson(await refund(payment.id, 10001));
    expect(first).toEqual({ message: '100,01 kr er refundert. Premium fortsetter.', refundedOre: 10001, creditNoteNumber: 2 });
    expect((await t.db.select().from(payments))[0]).toMatchObject({ status: 'paid', refundedOre: 10001 });
    expect((await t.db.select().from(subscriptions))[0]).toMatchObject({ status: 'active' });
    expect((await isPremium()).isPremium).toBe(true);

    // What is left, when no amount is given.
    const rest = await expectJson(await refund(payment.id));
    expect(rest).toEqual({
      message: 'Betalingen er refundert, og Premium er avsluttet.',
      refundedOre: 39900,
      creditNoteNumber: 3,
    });
    // 399 kr: VAT 79,80 on the receipt; the parts take 20,00 and 59,80 of it.
    expect(await documents()).toEqual([
      [1, 'receipt', 39900, 7980, null],
      [2, 'credit_note', -10001, -2000, 1],
      [3, 'credit_note', -29899, -5980, 1],
    ]);
    expect((await t.db.select().from(payments))[0]).toMatchObject({ status: 'refunded', refundedOre: 39900 });
    expect((await t.db.select().from(subscriptions))[0]).toMatchObject({ status: 'expired' });
    expect((await t.db.select().from(subscriptionEvents)).map((e) => e.kind)).toEqual(['started', 'refunded']);
    const me = await isPremium();
    expect(me.premiumSubscription?.endDate).toBe(new Date(t.clock.now()).toISOString());
    expect(
      (await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'payment.refund'))).map((a) => a.details),
    ).toEqual([
      { amountOre: 10001, refundedOre: 10001, paidOre: 39900, plan: 'monthly' },
      { amountOre: 29899, refundedOre: 39900, paidOre: 39900, plan: 'monthly' },
    ]);
    // Nothing is left: a third refund is refused, and nothing more is written.
    await expectApiError(await refund(payment.id), 409, 'refund_not_allowed');
    expect(await documents()).toHaveLength(3);
  });

  it('mails the buyer each refund: the amount, when it arrives, Premium’s state and the credit note’s link', async () => {
    const payment = await buy('yearly');
    await refund(payment.id, 50000);
    await refund(payment.id);
    const [part, all] = await refundMails();
    expect(part!.subject).toBe('Kreditnota nr. 2: 500,00 kr tilbake fra Soloprenør');
    expect(part!.text).toContain('Vi har betalt tilbake 500,00 kr av betalingen din for Soloprenør Premium (kvittering nr. 1).');
    expect(part!.text).toContain('Betalingen ble gjort i testmodus');
    expect(part!.text).toContain('Premium-abonnementet ditt fortsetter som før.');
    expect(part!.text).toContain('/guide/kvittering?nr=2');
    expect(all!.subject).toMatch(/^Kreditnota nr\. 3: 1\s495,00 kr tilbake fra Soloprenør$/);
    expect(all!.text).toMatch(/Premium-abonnementet ditt ble avsluttet \d+\. \w+ \d{4}/);
    expect(all!.html).toContain('/guide/kvittering?nr=3');
    // The refund mail says it all: no second "avsluttet" mail without the amount.
    expect(await ctx.t.db.select().from(mailQueue).where(like(mailQueue.dedupeKey, 'ended:%'))).toEqual([]);
  });

  it('refuses more than is left (400), a bad amount (400), an unknown payment (404), a user (403) and no session (401)', async () => {
    const { t, s } = ctx;
    const payment = await buy('monthly');
    await refund(payment.id, 30000);
    await expectApiError(
      await refund(payment.id, 10000),
      400,
      'refund_too_much',
      'Du kan refundere høyst 99,00 kr: det er det som er igjen av betalingen.',
    );
    for (const amountOre of [0, -5, 1.5]) await expectApiError(await refund(payment.id, amountOre), 400, 'validation_error');
    await expectApiError(
      await s.asAdmin(`/api/admin/payments/${payment.id}/refund`, { method: 'POST', json: { amountOre: '10' } }),
      400,
      'validation_error',
    );
    await expectApiError(await refund('ukjent'), 404, 'not_found', 'Fant ikke betalingen.');
    await expectAdminOnly(t, s.user.sessionToken, [['POST', `/api/admin/payments/${payment.id}/refund`, {}]]);
    expect((await t.db.select().from(payments))[0]).toMatchObject({ refundedOre: 30000 });
    expect(await documents()).toHaveLength(2);
  });
});

describe('GET /api/admin/payments', () => {
  it('finds payments by e-mail or by receipt or credit note number, with what was refunded and each credit note', async () => {
    const { s } = ctx;
    const payment = await buy('yearly');
    await refund(payment.id, 20000);
    const expected = {
      id: payment.id,
      email: 'bruker@example.no',
      receiptNumber: 1,
      amountOre: 199500,
      refundedOre: 20000,
      provider: 'test',
      status: 'paid',
      paidAt: payment.paidAt!.toISOString(),
      plan: 'yearly',
      disputeStatus: null,
      creditNotes: [{ number: 2, totalOre: 20000, issuedAt: expect.any(String) }],
    };
    for (const query of ['BRUKER@example', '1', '2', '']) {
      const body = await expectJson(await admin().$get({ query: { query } }));
      expect(body.payments, query).toEqual([expect.objectContaining(expected)]);
      expect(body.subscription).toBeNull();
    }
    for (const query of ['annen@example.no', '3', '%']) {
      expect((await expectJson(await admin().$get({ query: { query } }))).payments, query).toEqual([]);
    }
    // The user card: that user's payments and latest subscription.
    const card = await expectJson(await admin().$get({ query: { user: s.user.user.id } }));
    expect(card.subscription).toMatchObject({ plan: 'yearly', status: 'active' });
    expect(card.payments).toEqual([expect.objectContaining(expected)]);
  });

  it('answers 400 for a too long query, 404 for an unknown user, 401 and 403 to others', async () => {
    const { t, s } = ctx;
    await expectApiError(
      await admin().$get({ query: { query: 'x'.repeat(255) } }),
      400,
      'validation_error',
      /Søket kan være høyst 254 tegn\./,
    );
    await expectApiError(await admin().$get({ query: { user: 'ukjent' } }), 404, 'not_found', 'Fant ikke brukeren.');
    await expectAdminOnly(t, s.user.sessionToken, [['GET', '/api/admin/payments?query=1']]);
  });
});
