/**
 * Sends newsletters (docs/decisions: newsletters and deliverability). A due newsletter becomes
 * `sending`; its recipients are snapshotted in batches (INSERT … SELECT, each address once by the
 * primary key, resuming after the highest address already taken); then they are handed to the
 * mail queue at NEWSLETTER_RATE_PER_MINUTE for all newsletters together (the sending provider's
 * limit is one), each hand-over one batch that queues the mails
 * (`marketingMailsStatement`; dedupe key `newsletter:<id>:<address>`, consent and suppression
 * checked again in the statement) and marks the recipients. Every step is all or nothing and derived from what is
 * stored, so a process killed anywhere resumes where it stopped on the next run, and two runners
 * at once queue nobody twice. The queue delivers; the figures read its outcome.
 */
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { newsletterRecipients, newsletters } from '#db/schema';
import { MINUTE } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import type { MarketingDraft } from '#worker/emails/marketing';
import { newsletterDraft } from '#worker/emails/newsletter';
import { queueKeyPrefix, segmentOfRow, segmentWhere } from '#worker/features/admin/index';
import { marketingMailsStatement } from '#worker/features/privacy/index';
import { trackLinks } from '#worker/features/clicks/index';
import { nextTurn } from '#worker/platform/next-turn';

/** Addresses one snapshot statement takes. */
export const SNAPSHOT_BATCH = 2000;
/**
 * A run starts no statement after this long: on a file database each runs on the event loop, so
 * a segment of 100 000 is taken in ~10 ms steps with requests in between, over several runs (every
 * 5 s on Node, every minute on Workers), each resuming where the last one stopped.
 */
export const RUN_BUDGET_MS = 250;
/** Recipients one hand-over batch queues (fewer when the pace allows fewer). */
export const RELEASE_BATCH = 500;

export type NewsletterReport = { started: number; queued: number; skipped: number; finished: number };

type Sending = typeof newsletters.$inferSelect;
type JobCtx = ServiceCtx<'config'>;

const stillSending = (id: string) => sql`EXISTS (SELECT 1 FROM ${newsletters} WHERE id = ${id} AND status = 'sending')`;

/**
 * Takes the segment's consented addresses into the recipients, a batch at a time, then marks the
 * snapshot whole; false when the run's time was up first (the next run goes on).
 */
async function snapshot(ctx: JobCtx, row: Sending, startedAt: number, deadline: number): Promise<boolean> {
  const { db } = ctx;
  const { inEmailOrder, where } = segmentWhere(segmentOfRow(row), startedAt);
  for (;;) {
    const inserted = await db.run(sql`
      INSERT INTO ${newsletterRecipients} (newsletter_id, email)
      SELECT ${row.id}, x.email FROM ${inEmailOrder}
      WHERE ${where} AND x.email > coalesce((SELECT max(email) FROM ${newsletterRecipients} WHERE newsletter_id = ${row.id}), '')
        AND ${stillSending(row.id)}
      ORDER BY x.email LIMIT ${SNAPSHOT_BATCH}
      ON CONFLICT DO NOTHING`);
    if (inserted.rowsAffected < SNAPSHOT_BATCH) break;
    // Checked after a step, so every run takes one.
    if (Date.now() > deadline) return false;
    await nextTurn();
  }
  await db
    .update(newsletters)
    .set({ snapshotAt: new Date(ctx.now()) })
    .where(and(eq(newsletters.id, row.id), eq(newsletters.status, 'sending')));
  return true;
}

/**
 * Hands up to `limit` waiting recipients to the mail queue, in one batch: their mails (only
 * while their consent stands and they are not suppressed), their marks ('queued' or 'skipped'),
 * and — once nobody waits and the snapshot is whole — the newsletter's end.
 */
async function release(ctx: JobCtx, row: Sending, draft: MarketingDraft, limit: number) {
  const { db } = ctx;
  const waiting = await db
    .select({ email: newsletterRecipients.email })
    .from(newsletterRecipients)
    .where(and(eq(newsletterRecipients.newsletterId, row.id), isNull(newsletterRecipients.queuedAt)))
    .orderBy(newsletterRecipients.email)
    .limit(limit);
  const now = ctx.now();
  const prefix = queueKeyPrefix(row.id);
  const emails = JSON.stringify(waiting.map((w) => w.email));
  const [mails] = await marketingMailsStatement(ctx, {
    draft,
    recipients: waiting.map(({ email }) => ({ to: email, dedupeKey: `${prefix}${email}` })),
    now,
    when: stillSending(row.id),
  });
  const [queued, marked, ended] = await db.batch([
    mails,
    db.run(sql`
      UPDATE ${newsletterRecipients}
      SET queued_at = ${now},
        outcome = CASE WHEN EXISTS (SELECT 1 FROM mail_queue q WHERE q.dedupe_key = ${prefix} || email) THEN 'queued' ELSE 'skipped' END
      WHERE newsletter_id = ${row.id} AND queued_at IS NULL
        AND email IN (SELECT value FROM json_each(${emails})) AND ${stillSending(row.id)}`),
    db.run(sql`
      UPDATE ${newsletters} SET status = 'sent', finished_at = ${now}
      WHERE id = ${row.id} AND status = 'sending' AND snapshot_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM ${newsletterRecipients} WHERE newsletter_id = ${row.id} AND queued_at IS NULL)`),
  ]);
  return {
    waiting: waiting.length,
    queued: queued.rowsAffected,
    skipped: marked.rowsAffected - queued.rowsAffected,
    finished: ended.rowsAffected,
  };
}

/**
 * One run of the job: starts what is due, snapshots, and hands over as many recipients as the
 * pace allows this minute: every newsletter's recipients queued in the last 60 s count against
 * one allowance, so two newsletters sending at once share NEWSLETTER_RATE_PER_MINUTE.
 * `maxBatches` stops it after that many hand-over batches (a test's "crash" between batches);
 * `budgetMs` is how long it may start statements (RUN_BUDGET_MS; the bench times a whole send).
 */
export async function sendDueNewsletters(
  ctx: JobCtx,
  opts: { maxBatches?: number; budgetMs?: number } = {},
): Promise<NewsletterReport> {
  const { db } = ctx;
  const now = ctx.now();
  const since = now - MINUTE;
  const [started, sending, [recent]] = await db.batch([
    db
      .update(newsletters)
      .set({ status: 'sending', startedAt: new Date(now) })
      .where(and(eq(newsletters.status, 'scheduled'), lte(newsletters.scheduledAt, new Date(now))))
      .returning({ id: newsletters.id }),
    db.select().from(newsletters).where(eq(newsletters.status, 'sending')),
    // What every newsletter queued in the last minute: those still sending, and those that ended
    // (sent or canceled) within it. Each found by its recipients' (newsletter, queued_at) index.
    db
      .select({ n: sql<number>`count(*)` })
      .from(newsletterRecipients)
      .where(
        and(
          inArray(
            newsletterRecipients.newsletterId,
            db
              .select({ id: newsletters.id })
              .from(newsletters)
              .where(or(eq(newsletters.status, 'sending'), gt(newsletters.finishedAt, new Date(since)))),
          ),
          gt(newsletterRecipients.queuedAt, new Date(since)),
        ),
      ),
  ]);
  const report: NewsletterReport = { started: started.length, queued: 0, skipped: 0, finished: 0 };
  let batches = opts.maxBatches ?? Infinity;
  const deadline = Date.now() + (opts.budgetMs ?? RUN_BUDGET_MS);
  let allowance = ctx.config.NEWSLETTER_RATE_PER_MINUTE - Number(recent?.n ?? 0);
  for (const row of sending) {
    if (!row.snapshotAt && !(await snapshot(ctx, row, row.startedAt?.getTime() ?? now, deadline))) return report;
    // Rendered once for every recipient: its links are counted per link, not per person.
    const draft = await trackLinks(
      ctx.config,
      newsletterDraft({ subject: row.subject, markdown: row.markdown }, ctx.config.PUBLIC_URL),
      { kind: 'newsletter', mailId: row.id },
    );
    // At least one pass, so a newsletter whose last recipients went (or that had none) is marked sent.
    do {
      if (batches-- <= 0) return report;
      const done = await release(ctx, row, draft, Math.max(0, Math.min(RELEASE_BATCH, allowance)));
      report.queued += done.queued;
      report.skipped += done.skipped;
      report.finished += done.finished;
      allowance -= done.waiting;
      if (done.waiting === 0) break;
      if (Date.now() > deadline) return report;
      await nextTurn();
    } while (allowance > 0);
  }
  return report;
}
