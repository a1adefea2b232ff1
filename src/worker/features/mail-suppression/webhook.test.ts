import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consentEvents, mailQueue, mailSuppressions } from '#db/schema';
import { appPerTest } from '#support/app';
import { audience } from '#support/audience';
import { countOnlyTheRoute, roundTripsOf } from '#support/budget';
import { expectApiError } from '#support/errors';
import { enqueueMail } from '#worker/emails/queue';
import { complaint as complained, MAIL_WEBHOOK_SECRET, signedMailEvent } from '#support/mail-webhook';

const t = appPerTest({ env: { MAIL_WEBHOOK_SECRET } });
const KARI = 'kari@example.no';

/** A delivery as Resend (Svix) sends it: signed over id, timestamp and raw body. */
async function deliver(event: unknown, opts: { id?: string; secret?: string; at?: number } = {}) {
  const signed = await signedMailEvent(event, { ...opts, now: opts.at ?? t.clock.now() });
  return t.app.request('/api/webhooks/mail', { method: 'POST', ...signed });
}
const bounced = (to: string) => ({
  type: 'email.bounced',
  created_at: '2026-11-21T09:00:00Z',
  data: { to: [to], bounce: { type: 'Permanent' } },
});
const suppressed = () => t.db.select().from(mailSuppressions);
const history = (email: string) =>
  t.db
    .select({ action: consentEvents.action, source: consentEvents.source })
    .from(consentEvents)
    .where(eq(consentEvents.email, email));

describe('POST /api/webhooks/mail', () => {
  it('suppresses a hard-bounced address and cancels marketing mail still waiting for it, not its transactional mail', async () => {
    const now = t.clock.now();
    const mail = { to: KARI, subject: 'x', text: 'x', html: '<p>x</p>' };
    await t.db.batch([
      enqueueMail(t.db, { ...mail, kind: 'marketing', dedupeKey: 'tips:1' }, now + 3_600_000),
      enqueueMail(t.db, { ...mail, kind: 'transactional', dedupeKey: 'receipt:1' }, now + 3_600_000),
    ]);
    const res = await deliver(bounced(KARI));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false });
    expect(await suppressed()).toMatchObject([{ email: KARI, reason: 'bounce' }]);
    const queue = await t.db.select({ key: mailQueue.dedupeKey, status: mailQueue.status }).from(mailQueue);
    expect(queue).toEqual(
      expect.arrayContaining([
        { key: 'tips:1', status: 'cancelled' },
        { key: 'receipt:1', status: 'pending' },
      ]),
    );
    // A bounce is no withdrawal: the person asked nothing.
    expect(await history(KARI)).toEqual([]);
  });

  it('on a spam complaint suppresses the address and withdraws consent, recorded in the consent history', async () => {
    await audience(t).user(KARI);
    expect(await (await deliver(complained(KARI))).json()).toEqual({ received: true, duplicate: false });
    expect(await suppressed()).toMatchObject([{ email: KARI, reason: 'complaint' }]);
    expect(await history(KARI)).toEqual([
      { action: 'granted', source: 'landing_page' },
      { action: 'withdrawn', source: 'spam_complaint' },
    ]);
    const count = await t.request('/api/admin/newsletters/segment-count?kind=free', {
      token: (await t.signIn('admin@soloprenor.no')).sessionToken,
    });
    expect(await count.json()).toEqual({ count: 0 });
  });

  it('handles each event once: a replay changes nothing, even after the person consented again', async () => {
    const people = audience(t);
    await people.user(KARI);
    await deliver(complained(KARI), { id: 'msg_same' });
    await t.client.execute({ sql: 'DELETE FROM mail_suppressions WHERE email = ?', args: [KARI] });
    t.clock.advance(60_000);
    await people.consent(KARI, 'granted');
    const replay = await deliver(complained(KARI), { id: 'msg_same' });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect((await history(KARI)).map((e) => e.action)).toEqual(['granted', 'withdrawn', 'granted']);
    expect(await suppressed()).toEqual([]);
  });

  it('ignores soft bounces and other events', async () => {
    await deliver({ type: 'email.bounced', data: { to: [KARI], bounce: { type: 'Transient' } } });
    await deliver({ type: 'email.delivered', data: { to: [KARI] } });
    expect(await suppressed()).toEqual([]);
  });

  it('refuses a wrong signature, a missing one, and one signed too long ago (a replay outside the window)', async () => {
    await expectApiError(await deliver(bounced(KARI), { secret: 'whsec_d3JvbmcgNGtleQ==' }), 400, 'invalid_signature');
    await expectApiError(
      await t.app.request('/api/webhooks/mail', { method: 'POST', body: JSON.stringify(bounced(KARI)) }),
      400,
      'invalid_signature',
    );
    await expectApiError(await deliver(bounced(KARI), { at: t.clock.now() - 6 * 60_000 }), 400, 'invalid_signature');
    await expectApiError(await deliver(bounced(KARI), { at: t.clock.now() + 6 * 60_000 }), 400, 'invalid_signature');
    expect(await suppressed()).toEqual([]);
  });

  it('takes one round trip', async () => {
    countOnlyTheRoute(t);
    expect(await roundTripsOf(t, () => deliver(complained(KARI)), 200)).toBeLessThanOrEqual(2);
  });
});

describe('POST /api/webhooks/mail without MAIL_WEBHOOK_SECRET', () => {
  const bare = appPerTest();
  it('answers 404: there is no webhook to call', async () => {
    const res = await bare.app.request('/api/webhooks/mail', { method: 'POST', body: '{}' });
    await expectApiError(res, 404, 'webhook_not_configured');
  });
});
