/**
 * A 10 000-recipient newsletter into the mail queue, for `npm run bench`: the send job's
 * snapshot of the segment (consent read per address) and the hand-over of every recipient to
 * the queue (a rendered mail each, with its own unsubscribe links), on an in-process app over a
 * fresh libSQL file. The pace is lifted for the measure (NEWSLETTER_RATE_PER_MINUTE 100 000),
 * so the figure is the job's own cost; delivery is the mail queue's bench.
 */
import { performance } from 'node:perf_hooks';
import { and, count, gte, lt } from 'drizzle-orm';
import { mailQueue } from '#db/schema';
import { createTestApp } from '#support/app';
import { sendDueNewsletters } from '#worker/jobs/newsletters';
import type { BenchReport } from './report';

const RECIPIENTS = 10_000;
/** Snapshot and hand-over of 10 000 recipients, with room for a busy shared machine. */
const MAX_MS = 5_000;

export async function newsletterBench(out: BenchReport): Promise<void> {
  const t = await createTestApp({ env: { NEWSLETTER_RATE_PER_MINUTE: '100000' } });
  try {
    for (let start = 0; start < RECIPIENTS; start += 1000) {
      const ids = Array.from({ length: 1000 }, (_, i) => start + i);
      await t.client.batch(
        ids.flatMap((i) => [
          {
            sql: 'INSERT INTO users (id, email, created_at, last_modified_at) VALUES (?, ?, 0, 0)',
            args: [`bench-${i}`, `leser${i}@example.no`],
          },
          {
            sql: `INSERT INTO consent_events (id, email, action, text_version, source, client_hash, created_at)
                  VALUES (?, ?, 'granted', 'v1', 'landing_page', 'x', 0)`,
            args: [`bench-consent-${i}`, `leser${i}@example.no`],
          },
        ]),
        'write',
      );
    }
    const { sessionToken } = await t.signIn('admin@soloprenor.no');
    const admin = t.as(sessionToken);
    const created = await admin.admin.newsletters.$post({
      json: {
        subject: 'Ukens tips',
        markdown: '# Tre verktøy\n\nHei! Her er ukens tips.\n\n- **Canva** for grafikk\n- [Guiden](/guide)\n',
        segment: { kind: 'free' },
      },
    });
    if (!created.ok) throw new Error(`newsletter: ${created.status}`);
    const { newsletter } = await created.json();
    await admin.admin.newsletters[':id'].send.$post({ param: { id: newsletter.id }, json: {} });

    const started = performance.now();
    const report = await sendDueNewsletters(t.deps, { budgetMs: Infinity });
    const ms = performance.now() - started;
    const [queued] = await t.db
      .select({ n: count() })
      .from(mailQueue)
      .where(
        and(gte(mailQueue.dedupeKey, `newsletter:${newsletter.id}:`), lt(mailQueue.dedupeKey, `newsletter:${newsletter.id};`)),
      );
    const all = (queued?.n ?? 0) === RECIPIENTS && report.finished === 1;
    out.row(
      `Newsletter to ${RECIPIENTS} recipients into the mail queue (snapshot + enqueue)`,
      `${(ms / 1000).toFixed(2)} s (${Math.round((RECIPIENTS / ms) * 1000)} recipients/s)${all ? '' : ` · ONLY ${queued?.n ?? 0} QUEUED`}`,
      `≤ ${MAX_MS / 1000} s, all queued once`,
      all && ms <= MAX_MS,
    );
  } finally {
    t.close();
  }
}
