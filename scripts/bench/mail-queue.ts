/**
 * The mail queue's figures for `npm run bench` (docs/decisions/0018-mail-queue.md), on an
 * in-process app over a fresh libSQL file database with the outbox transport (a table write per
 * mail, so the figure is the queue's own cost, not a mail server's):
 * - throughput: mails per second from queued to handed over, claims of 25 sent concurrently;
 * - enqueue latency: POST /api/auth/magic-link (the sign-in link written with its mail in one
 *   batch) p50/p99 under 20 concurrent requests, first with delivery off, then while the Node
 *   loop drains the queue as the requests fill it: the cost delivery adds to a request.
 */
import { performance } from 'node:perf_hooks';
import { count, eq } from 'drizzle-orm';
import { mailQueue } from '#db/schema';
import { createTestApp } from '#support/app';
import { enqueueMail } from '#worker/emails/queue';
import { deliverDueMail, mailLoop } from '#worker/jobs/mail-queue';
import type { BenchReport } from './report';

const THROUGHPUT_MAILS = 2000;
const REQUESTS = 600;
const CONCURRENCY = 20;
const MIN_MAILS_PER_SECOND = 200;
/** Delivery shares the database's one writer with the requests: it may slow them, within reason. */
const MAX_DELIVERY_SLOWDOWN = 1.5;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function throughput(out: BenchReport) {
  const t = await createTestApp();
  try {
    const now = t.clock.now();
    for (let start = 0; start < THROUGHPUT_MAILS; start += 100) {
      const batch = Array.from({ length: 100 }, (_, i) =>
        enqueueMail(
          t.db,
          {
            to: `kunde${start + i}@example.no`,
            subject: 'Kvittering',
            text: 'Takk for kjøpet',
            html: '<p>Takk for kjøpet</p>',
            kind: 'transactional',
            dedupeKey: `bench:${start + i}`,
          },
          now,
        ),
      );
      await t.db.batch(batch as [(typeof batch)[number], ...typeof batch]);
    }
    const started = performance.now();
    const report = await deliverDueMail({ db: t.db, now: t.clock.now, mailer: t.deps.mailer });
    const seconds = (performance.now() - started) / 1000;
    const perSecond = Math.round(report.sent / seconds);
    out.row(
      `Mail queue → outbox transport (${THROUGHPUT_MAILS} mails)`,
      `${perSecond} mails/s`,
      `≥ ${MIN_MAILS_PER_SECOND} mails/s, all sent`,
      report.sent === THROUGHPUT_MAILS && perSecond >= MIN_MAILS_PER_SECOND,
    );
  } finally {
    t.close();
  }
}

/** p50/p99 of POST /api/auth/magic-link at CONCURRENCY, with the Node loop delivering the mail it queues, or with delivery off. */
async function enqueueLatency(delivering: boolean) {
  const t = await createTestApp({ env: { MAIL_HOURLY_BUDGET: String(REQUESTS * 10) } });
  // The Node entry's runner: woken by every request that queues mail, and on its own every second.
  const loop = mailLoop({ db: t.db, now: t.clock.now, mailer: t.deps.mailer }, delivering ? 1000 : 3_600_000);
  t.deps.mailQueued = delivering ? () => void loop.kick() : () => {};
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  try {
    const client = async () => {
      while (next < REQUESTS) {
        const i = next++;
        const started = performance.now();
        const res = await t.app.request('/api/auth/magic-link', {
          method: 'POST',
          // A network of its own per request: this measures the queue, not the per-network limit.
          headers: { 'content-type': 'application/json', 'x-test-ip': `10.${i >> 8}.${i & 255}.1` },
          body: JSON.stringify({ email: `bench${i}@example.no` }),
        });
        times.push(performance.now() - started);
        if (res.status !== 200) failures++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, client));
    if (delivering) await loop.kick();
    const [sent] = await t.db.select({ n: count() }).from(mailQueue).where(eq(mailQueue.status, 'sent'));
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p99: percentile(times, 99), failures, sent: sent?.n ?? 0 };
  } finally {
    await loop.stop();
    t.close();
  }
}

async function enqueueUnderDelivery(out: BenchReport) {
  const quiet = await enqueueLatency(false);
  const busy = await enqueueLatency(true);
  const fmt = (r: { p50: number; p99: number }) => `${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} ms`;
  out.row(`POST /api/auth/magic-link, ${CONCURRENCY} concurrent, queue not delivering (p50 / p99)`, fmt(quiet));
  out.row(
    `POST /api/auth/magic-link, ${CONCURRENCY} concurrent, Node loop delivering (p50 / p99)`,
    fmt(busy),
    `p99 ≤ ${MAX_DELIVERY_SLOWDOWN}× not delivering, 0 errors, all ${REQUESTS} sent`,
    quiet.failures + busy.failures === 0 && busy.p99 <= quiet.p99 * MAX_DELIVERY_SLOWDOWN && busy.sent === REQUESTS,
  );
}

export async function mailQueueBench(out: BenchReport): Promise<void> {
  await throughput(out);
  await enqueueUnderDelivery(out);
}
