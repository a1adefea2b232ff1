import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users, webhookDeliveries, webhookEndpoints } from '#db/schema';
import { HOUR } from '#shared/time';
import { appPerTest } from '#support/app';
import { startFakeWebhookReceiver, verifySignature, type FakeWebhookReceiver } from '#support/fake-webhook-receiver';
import { memberCreatedStatement } from '#worker/features/webhooks/index';
import { deliverDueWebhooks, WEBHOOK_GIVE_UP_AFTER_MS } from './webhooks';

const t = appPerTest();
let receiver: FakeWebhookReceiver;
beforeEach(async () => {
  receiver = await startFakeWebhookReceiver();
});
afterEach(() => receiver.close());

const SECRET = 'whsec_testhemmelighet';
/** The jitter pinned to its top: each wait is the full doubling. */
const run = () => deliverDueWebhooks(t.deps, { random: () => 1 });
const rows = () => t.db.select().from(webhookDeliveries);

/** An endpoint on the fake receiver and one `member.created` queued to it, as a sign-up's batch does. */
async function queued() {
  await t.db.insert(webhookEndpoints).values({ id: 'ep', url: receiver.url, events: ['member.created'], secret: SECRET });
  await t.db.insert(users).values({ id: 'u1', email: 'kari@example.no' });
  await t.db.batch([
    memberCreatedStatement(t.db, { userId: 'u1', email: 'kari@example.no', firstName: 'Kari', now: t.clock.now() }),
  ]);
}
describe('deliverDueWebhooks', () => {
  it('POSTs the stored body, signed so a receiver can verify it with the secret', async () => {
    await queued();
    expect(await run()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [got] = receiver.received;
    const [row] = await rows();
    expect(got!.body).toBe(row!.payload);
    expect(JSON.parse(got!.body)).toEqual({
      id: row!.eventId,
      type: 'member.created',
      created: new Date(t.clock.now()).toISOString(),
      data: { memberId: 'u1', email: 'kari@example.no', firstName: 'Kari' },
    });
    const header = got!.headers['soloprenor-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(header, got!.body, SECRET, t.clock.now() / 1000)).toBe(true);
    expect(verifySignature(header, got!.body, 'whsec_feil', t.clock.now() / 1000)).toBe(false);
    expect(verifySignature(header, got!.body.replace('Kari', 'Ola'), SECRET, t.clock.now() / 1000)).toBe(false);
    // Replayed an hour later: too old for a receiver that keeps to five minutes.
    expect(verifySignature(header, got!.body, SECRET, t.clock.now() / 1000 + 3600)).toBe(false);
    expect(got!.headers).toMatchObject({ 'soloprenor-event': 'member.created', 'soloprenor-delivery': row!.id });
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastStatus: 200, lastResponse: 'ok' });
    // Sent once: the next run has nothing.
    expect(await run()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it('retries a failing receiver with doubling waits, keeping its last answer, and sends when it answers', async () => {
    await queued();
    receiver.state.failTimes = 3;
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      expect(await run()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'pending', attempts: i + 1, lastStatus: 503, lastResponse: 'midlertidig nede' });
      waits.push(row!.nextAttemptAt.getTime() - t.clock.now());
      // Not yet due: nothing is sent.
      expect(await run()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      t.clock.advance(waits.at(-1)!);
    }
    expect(waits).toEqual([30_000, 60_000, 120_000]);
    expect(await run()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(receiver.received).toHaveLength(4);
    // Each attempt is signed anew, at its own time.
    const times = receiver.received.map((r) => (r.headers['soloprenor-signature'] as string).split(',')[0]);
    expect(new Set(times).size).toBe(4);
  });

  it('gives up a day after it was queued, and a receiver that never answers times out', async () => {
    await queued();
    receiver.state.failTimes = 1000;
    const start = t.clock.now();
    let report = await run();
    while (report.failed === 0) {
      t.clock.advance(HOUR);
      report = await deliverDueWebhooks(t.deps, { random: () => 1 });
    }
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', lastStatus: 503 });
    expect(t.clock.now() - start).toBeLessThanOrEqual(WEBHOOK_GIVE_UP_AFTER_MS + HOUR);
    expect(t.clock.now() - start).toBeGreaterThan(WEBHOOK_GIVE_UP_AFTER_MS - 2 * HOUR);
    expect(await run()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    // Queued again (the admin's "Send på nytt") to a receiver that hangs: the timeout ends the attempt.
    await t.db
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(t.clock.now()), queuedAt: new Date(t.clock.now()) });
    receiver.state.hang = true;
    expect(await deliverDueWebhooks(t.deps, { timeoutMs: 200 })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect((await rows())[0]).toMatchObject({ status: 'pending', lastStatus: null, lastResponse: 'Svarte ikke innen 0.2 s' });
  });

  it('holds the deliveries of a switched-off endpoint until it is on again', async () => {
    await queued();
    await t.db.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, 'ep'));
    expect(await run()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    await t.db.update(webhookEndpoints).set({ enabled: true }).where(eq(webhookEndpoints.id, 'ep'));
    expect(await run()).toEqual({ sent: 1, retrying: 0, failed: 0 });
  });

  it('refuses to send to an address the policy forbids (production: this machine), without retrying', async () => {
    await queued();
    const production = { ...t.deps, config: { ...t.deps.config, APP_ENV: 'production' as const } };
    expect(await deliverDueWebhooks(production)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(receiver.received).toHaveLength(0);
    expect((await rows())[0]).toMatchObject({ status: 'failed', lastResponse: 'Adressen er ikke tillatt (not_https)' });
  });
});
