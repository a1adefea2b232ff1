import { describe, expect, it } from 'vitest';
import { mailQueue } from '#db/schema';
import { appPerTest } from '#support/app';
import { countOnlyTheRoute, roundTripsOf } from '#support/budget';
import { expectConsoleError } from '#support/console-guard';
import { expectApiError } from '#support/errors';
import type { FailedMailResponse } from '#shared/schemas/admin/mail';
import { enqueueMail } from '#worker/emails/queue';
import { GIVE_UP_AFTER_MS } from '#worker/jobs/mail-queue';

const t = appPerTest();
const HOUR = 60 * 60_000;

async function asAdmin() {
  return (await t.signIn('admin@soloprenor.no')).sessionToken;
}

/** Queues `n` receipts and lets the queue give up on them: the transport refuses every attempt for a day. */
async function failReceipts(n: number) {
  expectConsoleError();
  const now = t.clock.now();
  await t.db.batch(
    Array.from({ length: n }, (_, i) =>
      enqueueMail(
        t.db,
        {
          to: `kunde${i}@example.no`,
          subject: `Kvittering ${i}`,
          text: 'Takk',
          html: '<p>Takk</p>',
          kind: 'transactional',
          dedupeKey: `receipt:${i}`,
        },
        now,
      ),
    ) as [ReturnType<typeof enqueueMail>],
  );
  t.deps.mailer = { send: () => Promise.reject(new Error('550 Mailbox unavailable')) };
  for (let spent = 0; spent <= GIVE_UP_AFTER_MS + HOUR; spent += HOUR / 2) {
    await t.deliverMail();
    t.clock.advance(HOUR / 2);
  }
}

describe('GET /api/admin/mail/failed', () => {
  it('says no mail has failed on a quiet day', async () => {
    const res = await t.request('/api/admin/mail/failed', { token: await asAdmin() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: 0, latest: [] });
  });

  it('counts what the queue gave up on and lists the latest five, recipient masked, with subject, error and time', async () => {
    const token = await asAdmin();
    await failReceipts(7);
    const res = await t.request('/api/admin/mail/failed', { token });
    const body = (await res.json()) as FailedMailResponse;
    expect(body.count).toBe(7);
    expect(body.latest).toHaveLength(5);
    expect(body.latest[0]).toEqual({
      id: expect.any(Number),
      to: 'k***@example.no',
      subject: expect.stringMatching(/^Kvittering \d$/),
      lastError: '550 Mailbox unavailable',
      failedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(JSON.stringify(body)).not.toContain('kunde');
    const receipts = (await t.db.select().from(mailQueue)).filter((r) => r.dedupeKey.startsWith('receipt:'));
    expect(receipts.map((r) => r.status)).toEqual(Array(7).fill('failed'));
  });

  it('answers 401 without a session and 403 to someone who is not an admin', async () => {
    await expectApiError(await t.request('/api/admin/mail/failed'), 401, 'unauthenticated');
    const { sessionToken } = await t.signIn('kari@example.no');
    await expectApiError(await t.request('/api/admin/mail/failed', { token: sessionToken }), 403, 'forbidden');
  });

  it('costs at most two round trips, session included', async () => {
    const token = await asAdmin();
    countOnlyTheRoute(t);
    expect(await roundTripsOf(t, () => t.request('/api/admin/mail/failed', { token }), 200)).toBeLessThanOrEqual(2);
  });
});
