import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createDb } from '#db';
import { openDatabase } from '#db/node';
import { consentEvents, mailQueue } from '#db/schema';
import { appPerTest, createTestApp, type TestApp } from '#support/app';
import { expectConsoleError } from '#support/console-guard';
import { signInParts } from '#support/outbox';
import { smtpSink } from '#support/smtp-sink';
import { enqueueMail } from '#worker/emails/queue';
import { smtpMailer } from '#worker/platform/mailer/smtp';
import type { Mailer, MailMessage } from '#worker/platform/mailer/types';
import { CLAIM_BATCH, CLAIM_LEASE_MS, deliverDueMail, GIVE_UP_AFTER_MS, mailLoop, retryDelay } from './mail-queue';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const mail = (n: number, extra: Partial<Parameters<typeof enqueueMail>[1]> = {}) => ({
  to: `kunde${n}@example.no`,
  subject: `Kvittering ${n}`,
  text: `Takk for kjøpet ${n}`,
  html: `<p>Takk for kjøpet ${n}</p>`,
  kind: 'transactional' as const,
  dedupeKey: `receipt:${n}`,
  ...extra,
});

async function queue(t: TestApp, mails: ReturnType<typeof mail>[]) {
  await t.db.batch(mails.map((m) => enqueueMail(t.db, m, t.clock.now())) as [ReturnType<typeof enqueueMail>]);
}

const rows = (t: TestApp) => t.db.select().from(mailQueue).orderBy(mailQueue.id);

describe('with a real SMTP server that goes down and comes back', () => {
  const smtp = smtpSink();
  let t: TestApp;
  beforeEach(async () => {
    smtp.inbox.length = 0;
    await smtp.start();
    t = await createTestApp({
      mailer: smtpMailer(smtp.url, 'Soloprenør <hei@soloprenor.no>', { heloName: 'soloprenor.no', timeoutMs: 2000 }),
    });
    await smtp.stop();
  });
  afterEach(() => t.close());

  it('saves the lead with 201 while SMTP is down, and the mail arrives with a working link once it is back', async () => {
    const res = await t.api.lead.$post({ json: { email: 'kari@example.no', acceptTerms: true, consentMarketing: true } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ message: 'Vi har registrert deg – e-posten er på vei' });
    const [waiting] = await rows(t);
    expect(waiting).toMatchObject({ to: 'kari@example.no', status: 'pending', attempts: 1, sentAt: null });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(smtp.inbox).toHaveLength(0);

    await smtp.start();
    // Not before its backoff is over: then it goes on the next run.
    expect(await deliverDueMail({ ...t.deps, db: t.db })).toEqual({ sent: 0, retrying: 0, failed: 0, expired: 0 });
    t.clock.advance(MINUTE);
    expect(await deliverDueMail({ ...t.deps, db: t.db })).toEqual({ sent: 1, retrying: 0, failed: 0, expired: 0 });
    await smtp.stop();

    expect(smtp.inbox.map((m) => m.to)).toEqual([['kari@example.no']]);
    const parsed = await simpleParser(smtp.inbox[0]!.raw);
    expect(parsed.subject).toBe('Din innloggingslenke til Soloprenør');
    const { token, code } = signInParts(parsed.text!);
    expect(code).toMatch(/^\d{6}$/);
    // The queue keeps no readable copy of a live link once it has gone.
    expect(await rows(t)).toMatchObject([{ status: 'sent', attempts: 2, text: '', html: '', lastError: null }]);

    expect((await t.api.auth.verify.$get({ query: { token: token! } })).status).toBe(200);
    const consent = await t.db.select({ action: consentEvents.action }).from(consentEvents);
    expect(consent.map((c) => c.action)).toEqual(['terms_accepted', 'requested', 'granted']);
  });

  it('the Node loop delivers at once when kicked, and picks up retries on its own', async () => {
    const loop = mailLoop({ db: t.db, now: t.clock.now, mailer: t.deps.mailer }, 50);
    try {
      await queue(t, [mail(1)]);
      await loop.kick();
      expect((await rows(t))[0]).toMatchObject({ status: 'pending', attempts: 1 });
      await smtp.start();
      t.clock.advance(MINUTE);
      await expect.poll(async () => (await rows(t))[0]!.status, { timeout: 5000 }).toBe('sent');
      expect(smtp.inbox).toHaveLength(1);
    } finally {
      await loop.stop();
      await smtp.stop();
    }
  });
});

describe('delivery', () => {
  const t = appPerTest();
  const sent: MailMessage[] = [];
  const recording = (delayMs = 0): Mailer => ({
    send: async (m) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      sent.push(m);
    },
  });
  beforeEach(() => void (sent.length = 0));
  const run = (mailer: Mailer, db = t.db) => deliverDueMail({ db, now: t.clock.now, mailer });

  it('never sends a mail twice when two runners (two connections, as two processes) run at once', async () => {
    const many = Array.from({ length: CLAIM_BATCH * 3 + 7 }, (_, i) => mail(i));
    await queue(t, many);
    const second = await openDatabase(t.dbUrl);
    try {
      const reports = await Promise.all([run(recording(2)), run(recording(2), createDb(second.client))]);
      expect(reports[0]!.sent + reports[1]!.sent).toBe(many.length);
      expect(reports.every((r) => r.sent > 0)).toBe(true);
    } finally {
      second.client.close();
    }
    expect(sent.map((m) => m.subject).sort()).toEqual(many.map((m) => m.subject).sort());
    expect(new Set(sent.map((m) => m.subject)).size).toBe(many.length);
    expect((await rows(t)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('lets other requests in between claims when the transport never waits (the outbox), so a backlog does not freeze the server', async () => {
    await queue(
      t,
      Array.from({ length: CLAIM_BATCH * 4 }, (_, i) => mail(i)),
    );
    const instant: Mailer = { send: async (m) => void sent.push(m) };
    let sentWhenATimerRan = -1;
    setTimeout(() => (sentWhenATimerRan = sent.length), 0);
    expect(await run(instant)).toMatchObject({ sent: CLAIM_BATCH * 4 });
    // The timer ran while mail was still left, not only after the whole backlog.
    expect(sentWhenATimerRan).toBeGreaterThanOrEqual(0);
    expect(sentWhenATimerRan).toBeLessThan(CLAIM_BATCH * 4);
  });

  it('queues a mail once per dedupe key', async () => {
    await queue(t, [mail(1)]);
    await queue(t, [mail(1, { subject: 'Annen' })]);
    await run(recording());
    expect(sent.map((m) => m.subject)).toEqual(['Kvittering 1']);
  });

  it('retries with doubling, jittered waits, then gives up after a day and logs it once', async () => {
    const logged = expectConsoleError();
    await queue(t, [mail(1)]);
    const down: Mailer = { send: () => Promise.reject(new Error('421 Service not available')) };
    const waits: number[] = [];
    for (;;) {
      const report = await run(down);
      const [row] = await rows(t);
      if (row!.status === 'failed') {
        expect(report.failed).toBe(1);
        break;
      }
      const wait = row!.nextAttemptAt.getTime() - t.clock.now();
      waits.push(wait);
      // Nothing happens before the wait is over.
      t.clock.advance(wait - 1);
      expect(await run(down)).toEqual({ sent: 0, retrying: 0, failed: 0, expired: 0 });
      t.clock.advance(1);
    }
    // 30 s, 1, 2, 4 … minutes, each jittered into [half, whole], never more than an hour; about a day in all.
    waits.forEach((w, i) => {
      const ceiling = Math.min(HOUR, 30_000 * 2 ** i);
      expect(w).toBeGreaterThanOrEqual(ceiling / 2);
      expect(w).toBeLessThanOrEqual(ceiling);
    });
    const total = waits.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(GIVE_UP_AFTER_MS);
    expect(total).toBeGreaterThan(GIVE_UP_AFTER_MS - HOUR);
    const [row] = await rows(t);
    expect(row).toMatchObject({
      status: 'failed',
      lastError: '421 Service not available',
      sentAt: null,
      attempts: waits.length + 1,
    });
    expect(logged.map((args) => String(args[0]))).toEqual([
      `E-post ga opp (#${row!.id} til k***@example.no, «Kvittering 1»): 421 Service not available`,
    ]);
    // A failed mail is not tried again.
    t.clock.advance(GIVE_UP_AFTER_MS);
    await run(recording());
    expect(sent).toEqual([]);
  });

  it('jitters: the wait lies between half and all of the doubled delay', () => {
    expect(retryDelay(1, () => 0)).toBe(15_000);
    expect(retryDelay(1, () => 1)).toBe(30_000);
    expect(retryDelay(3, () => 0.5)).toBe(90_000);
    expect(retryDelay(30, () => 1)).toBe(HOUR);
  });

  it('a runner that died mid-send loses its claim to the next runner only after the lease', async () => {
    await queue(t, [mail(1)]);
    // A claim whose runner never wrote back: as if the process died while sending.
    await t.db.update(mailQueue).set({ attempts: 1, nextAttemptAt: new Date(t.clock.now() + CLAIM_LEASE_MS) });
    await run(recording());
    expect(sent).toEqual([]);
    t.clock.advance(CLAIM_LEASE_MS);
    await run(recording());
    expect(sent.map((m) => m.subject)).toEqual(['Kvittering 1']);
    expect((await rows(t))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('does not send a sign-in link after it has expired, and erases it', async () => {
    const logged = expectConsoleError();
    const down: Mailer = { send: () => Promise.reject(new Error('SMTP nede')) };
    t.deps.mailer = down;
    expect((await t.api.auth['magic-link'].$post({ json: { email: 'kari@example.no' } })).status).toBe(200);
    t.clock.advance(15 * MINUTE);
    expect(await run(recording())).toEqual({ sent: 0, retrying: 0, failed: 0, expired: 1 });
    expect(sent).toEqual([]);
    const [row] = await rows(t);
    expect(row).toMatchObject({ status: 'failed', text: '', html: '', lastError: 'Utløpt før den kunne sendes' });
    expect(logged).toHaveLength(1);
  });

  it('keeps what a receipt said after it is sent (it holds no live link)', async () => {
    await queue(t, [mail(1)]);
    await run(recording());
    expect((await t.db.select().from(mailQueue).where(eq(mailQueue.dedupeKey, 'receipt:1')))[0]).toMatchObject({
      status: 'sent',
      text: 'Takk for kjøpet 1',
    });
  });
});
