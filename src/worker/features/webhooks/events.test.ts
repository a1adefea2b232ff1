import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payments, webhookDeliveries } from '#db/schema';
import { DAY } from '#shared/time';
import { adminTestApp } from '#support/admin-session';
import { startFakeWebhookReceiver, verifySignature, type FakeWebhookReceiver } from '#support/fake-webhook-receiver';
import { eraseUser, withdrawConsent } from '#worker/features/privacy/index';
import { deliverDueWebhooks } from '#worker/jobs/webhooks';
import { runRenewals } from '#worker/jobs/renewals';
import { WEBHOOK_EVENTS } from '#shared/schemas/admin/webhooks';

const ctx = adminTestApp();
let receiver: FakeWebhookReceiver;
beforeEach(async () => {
  receiver = await startFakeWebhookReceiver();
});
afterEach(() => receiver.close());

const client = { ip: '127.0.0.1', userAgent: 'test' };
type Sent = { id: string; type: string; created: string; data: Record<string, unknown> };

/** An endpoint on the fake receiver for every event; its secret. */
async function registerAll() {
  const res = await ctx.s.api.admin.webhooks.$post({ json: { url: receiver.url, events: [...WEBHOOK_EVENTS] } });
  expect(res.status).toBe(201);
  return (await res.json()).webhook.secret;
}

/** Delivers what is queued and returns what the receiver has got, parsed, in order. */
async function received(): Promise<Sent[]> {
  await deliverDueWebhooks(ctx.t.deps);
  return receiver.received.map((r) => JSON.parse(r.body) as Sent);
}

describe('the events, each queued once in the batch of its change', () => {
  it('tells of a member from sign-up to refund, once per change, with only what each needs', async () => {
    const secret = await registerAll();
    const { t } = ctx;
    const email = 'ny@example.no';

    // A sign-up with marketing consent, confirmed by signing in with the link; then signing in again.
    const lead = await t.api.lead.$post({ json: { email, acceptTerms: true, consentMarketing: true, firstName: 'Nora' } });
    expect(lead.status).toBe(201);
    const verified = await t.api.auth.verify.$get({ query: { token: (await t.latestMail(email))!.token! } });
    const { user, sessionToken } = await verified.json();
    await t.signIn(email);
    const as = t.as(sessionToken);

    // Withdrawn twice (one withdrawal), bought, a lesson completed twice, a question, cancelled, renewed, refunded.
    await withdrawConsent(t.deps, { email, userId: user.id, source: 'account', client });
    await withdrawConsent(t.deps, { email, userId: user.id, source: 'account', client });
    expect((await as.premium.upgrade.$post({ json: { plan: 'yearly', price: 1995, withdrawalConsent: true } })).status).toBe(200);
    const progress = { moduleId: 'mindset', completedSections: ['mindset-quick-win'] };
    expect((await as.guide.progress.$post({ json: progress })).status).toBe(200);
    expect((await as.guide.progress.$post({ json: progress })).status).toBe(200);
    const asked = await as.guide.lessons[':id'].questions.$post({
      param: { id: 'mindset-quick-win' },
      json: { body: 'Hvordan starter jeg?' },
    });
    expect(asked.status).toBe(201);
    expect((await as.account.subscription.cancel.$post()).status).toBe(200);
    expect((await as.account.subscription.resume.$post()).status).toBe(200);
    t.clock.advance(366 * DAY);
    await runRenewals(t.deps, t.clock.now());
    await runRenewals(t.deps, t.clock.now());
    const [renewal] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.userId, user.id))
      .orderBy(payments.createdAt)
      .limit(1)
      .offset(1);
    // A year on, the admin signs in again to refund the renewal.
    const admin = t.as((await t.signIn('admin@soloprenor.no')).sessionToken);
    expect((await admin.admin.payments[':id'].refund.$post({ param: { id: renewal!.id }, json: {} })).status).toBe(200);

    const events = await received();
    expect(events.map((e) => e.type)).toEqual([
      'member.created',
      'member.consent_changed',
      'member.consent_changed',
      'subscription.started',
      'lesson.completed',
      'question.asked',
      'subscription.canceled',
      'subscription.renewed',
      'payment.refunded',
    ]);
    const [created, granted, withdrawn, started, lesson, question, canceled, renewed, refunded] = events;
    expect(created!.data).toEqual({ memberId: user.id, email, firstName: 'Nora' });
    expect(granted!.data).toMatchObject({ memberId: user.id, email, consent: 'granted', source: 'landing_page' });
    expect(withdrawn!.data).toMatchObject({ memberId: user.id, email, consent: 'withdrawn', source: 'account' });
    expect(started!.data).toEqual({
      subscriptionId: expect.any(String),
      memberId: user.id,
      plan: 'yearly',
      provider: 'test',
      amountOre: 199500,
      currentPeriodEnd: '2027-11-21T09:00:00.000Z',
    });
    expect(lesson!.data).toEqual({ memberId: user.id, lessonId: 'mindset-quick-win', moduleId: 'mindset' });
    expect(question!.data).toEqual({ questionId: expect.any(String), lessonId: 'mindset-quick-win', memberId: user.id });
    expect(canceled!.data).toMatchObject({ subscriptionId: started!.data.subscriptionId, memberId: user.id, plan: 'yearly' });
    expect(renewed!.data).toMatchObject({
      subscriptionId: started!.data.subscriptionId,
      amountOre: 199500,
      currentPeriodEnd: '2028-11-21T09:00:00.000Z',
    });
    expect(refunded!.data).toMatchObject({ paymentId: renewal!.id, memberId: user.id, amountOre: 199500, refundedOre: 199500 });
    // The address only where the event is about the member; never the question's text.
    for (const e of [started, lesson, question, canceled, renewed, refunded]) expect(JSON.stringify(e)).not.toContain(email);
    expect(JSON.stringify(question)).not.toContain('Hvordan');
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    for (const r of receiver.received) {
      expect(verifySignature(r.headers['soloprenor-signature'] as string, r.body, secret, t.clock.now() / 1000)).toBe(true);
    }
  });

  it('queues nothing for an event no endpoint asked for, nor for a switched-off endpoint', async () => {
    const res = await ctx.s.api.admin.webhooks.$post({ json: { url: receiver.url, events: ['question.asked'] } });
    const { id } = (await res.json()).webhook;
    await ctx.t.signIn('en@example.no');
    await ctx.s.api.admin.webhooks[':id'].$patch({ param: { id }, json: { enabled: false, events: ['member.created'] } });
    await ctx.t.signIn('to@example.no');
    expect(await ctx.t.db.select().from(webhookDeliveries)).toEqual([]);
  });

  it('erasure deletes the deliveries naming the person, queued or sent, and keeps others’', async () => {
    await registerAll();
    const kari = await ctx.t.signIn('kari@example.no');
    await ctx.t.signIn('ola@example.no');
    await deliverDueWebhooks(ctx.t.deps);
    await withdrawConsent(ctx.t.deps, { email: 'kari@example.no', userId: kari.user.id, source: 'account', client });
    await ctx.t.db.batch([
      ctx.t.db.update(webhookDeliveries).set({ status: 'pending' }).where(eq(webhookDeliveries.event, 'member.consent_changed')),
    ]);
    await eraseUser(ctx.t.deps, { userId: kari.user.id, email: 'kari@example.no' });
    const left = await ctx.t.db.select().from(webhookDeliveries);
    expect(left.map((d) => d.email)).toEqual(['ola@example.no']);
    expect(JSON.stringify(left)).not.toContain('kari');
  });
});
