/**
 * Delivery of the mail queue (db/schema/mail.ts; docs/decisions/0018-mail-queue.md): due rows are
 * claimed by one UPDATE, so two runners (two Node processes, a cron run overlapping a
 * `waitUntil`) never take the same row; each is handed to the transport; the outcomes are
 * written in one batch. A failed send is retried with exponential backoff and jitter for up to
 * a day, then the row is marked failed and the failure logged — once, by the runner whose
 * claim it was.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { isBusy } from '#db/errors';
import { mailQueue } from '#db/schema';
import { DAY, HOUR, MINUTE, SECOND } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { counterStatement } from '#worker/http/rate-limit';
import { maskEmail } from '#worker/emails/mask';
import { nextTurn } from '#worker/platform/next-turn';

/** The Workers cron trigger (wrangler.toml) that delivers due mail; the other trigger runs every job. */
export const MAIL_CRON = '* * * * *';

/** Rows one claim takes; they are sent concurrently. */
export const CLAIM_BATCH = 25;
/**
 * How long a claim holds a row: longer than any transport may take (MAIL_TIMEOUT_MS), so only
 * a runner that died mid-send loses its rows — to the next runner, after this.
 */
export const CLAIM_LEASE_MS = 5 * MINUTE;
export const RETRY_BASE_MS = 30 * SECOND;
export const RETRY_MAX_DELAY_MS = HOUR;
/** After this long since it was queued, a mail that still cannot go is given up. */
export const GIVE_UP_AFTER_MS = DAY;
const EXPIRED_ERROR = 'Utløpt før den kunne sendes';

/** The wait before attempt `attempts + 1`: doubling from 30 s up to an hour, jittered down by up to half. */
export function retryDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_DELAY_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}

export type DeliveryReport = { sent: number; retrying: number; failed: number; expired: number };

type Claimed = typeof mailQueue.$inferSelect;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

function logFinalFailure(row: Pick<Claimed, 'id' | 'to' | 'subject'>, error: string) {
  console.error(`E-post ga opp (#${row.id} til ${maskEmail(row.to)}, «${row.subject}»): ${error}`);
}

/**
 * One claim's worth of due mail, sent; returns what happened. `random` is the jitter's source
 * (tests pin it).
 */
async function deliverOnce(ctx: ServiceCtx<'mailer'>, random: () => number): Promise<DeliveryReport & { claimed: number }> {
  const { db } = ctx;
  const now = ctx.now();
  const at = new Date(now);
  // Mail whose link has died is not sent late: it fails, and its text (the live link) is erased.
  const [expired, claimed] = await db.batch([
    db
      .update(mailQueue)
      // next_attempt_at of a failed row is when it was given up (the admin's list orders by it).
      .set({ status: 'failed', lastError: EXPIRED_ERROR, text: '', html: '', nextAttemptAt: at })
      .where(and(eq(mailQueue.status, 'pending'), lte(mailQueue.expiresAt, at)))
      .returning({ id: mailQueue.id, to: mailQueue.to, subject: mailQueue.subject }),
    db
      .update(mailQueue)
      .set({ attempts: sql`${mailQueue.attempts} + 1`, nextAttemptAt: new Date(now + CLAIM_LEASE_MS) })
      .where(
        inArray(
          mailQueue.id,
          db
            .select({ id: mailQueue.id })
            .from(mailQueue)
            .where(and(eq(mailQueue.status, 'pending'), lte(mailQueue.nextAttemptAt, at)))
            .orderBy(mailQueue.nextAttemptAt)
            .limit(CLAIM_BATCH),
        ),
      )
      .returning(),
  ]);
  for (const row of expired) logFinalFailure(row, EXPIRED_ERROR);
  if (!claimed.length) return { claimed: 0, sent: 0, retrying: 0, failed: 0, expired: expired.length };

  const results = await Promise.allSettled(
    claimed.map((row) =>
      ctx.mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html, headers: row.headers ?? undefined }),
    ),
  );

  const doneAt = ctx.now();
  // Only the claim's own attempt may write the outcome: a row reclaimed after a lost lease is the other runner's.
  const ours = (row: Claimed) =>
    and(eq(mailQueue.id, row.id), eq(mailQueue.status, 'pending'), eq(mailQueue.attempts, row.attempts));
  // A mail that carried a live link keeps no readable copy once it has gone or been given up.
  const erased = (row: Claimed) => (row.expiresAt ? { text: '', html: '' } : {});
  const statements: BatchItem<'sqlite'>[] = [];
  const givenUp: { row: Claimed; error: string; index: number }[] = [];
  let sent = 0;
  let retrying = 0;
  results.forEach((result, i) => {
    const row = claimed[i]!;
    if (result.status === 'fulfilled') {
      sent++;
      statements.push(
        db
          .update(mailQueue)
          .set({ status: 'sent', sentAt: new Date(doneAt), lastError: null, ...erased(row) })
          .where(ours(row)),
        // Only now does the mail count against the quotas it is charged to.
        ...(row.chargeTo ?? []).map((c) => counterStatement(db, c.key, { limit: 0, windowMs: c.windowMs }, doneAt)),
      );
      return;
    }
    const error = errorText(result.reason);
    const next = doneAt + retryDelay(row.attempts, random);
    if (next - row.createdAt.getTime() > GIVE_UP_AFTER_MS) {
      givenUp.push({ row, error, index: statements.length });
      statements.push(
        db
          .update(mailQueue)
          .set({ status: 'failed', lastError: error, nextAttemptAt: new Date(doneAt), ...erased(row) })
          .where(ours(row))
          .returning({ id: mailQueue.id }),
      );
    } else {
      retrying++;
      statements.push(
        db
          .update(mailQueue)
          .set({ nextAttemptAt: new Date(next), lastError: error })
          .where(ours(row)),
      );
    }
  });
  const written = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  let failed = 0;
  for (const { row, error, index } of givenUp) {
    if ((written[index] as unknown[]).length === 0) continue;
    failed++;
    logFinalFailure(row, error);
  }
  return { claimed: claimed.length, sent, retrying, failed, expired: expired.length };
}

/** Sends every mail that is due, a claim at a time, until none is left; what it did, summed. */
export async function deliverDueMail(ctx: ServiceCtx<'mailer'>, opts: { random?: () => number } = {}): Promise<DeliveryReport> {
  const total: DeliveryReport = { sent: 0, retrying: 0, failed: 0, expired: 0 };
  for (;;) {
    const { claimed, ...report } = await deliverOnce(ctx, opts.random ?? Math.random);
    for (const key of Object.keys(total) as (keyof DeliveryReport)[]) total[key] += report[key];
    if (claimed < CLAIM_BATCH) return total;
    // Let requests in between claims: the outbox transport and a file database never wait on I/O,
    // so without a turn a backlog of mail would hold the event loop for the whole run.
    await nextTurn();
  }
}

/**
 * The Node runner: delivers every `intervalMs`, and at once when `kick()`ed (a request just
 * queued a sign-in link). Runs never overlap in this process; a kick during a run makes one
 * more run after it. `kick()` resolves when the mail queued before it has been tried.
 */
export function mailLoop(ctx: ServiceCtx<'mailer'>, intervalMs: number) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const runOnce = async () => {
    try {
      await deliverDueMail(ctx);
    } catch (err) {
      // A locked database is a wait, not a fault: one line, and the next run tries again.
      if (isBusy(err)) console.warn('Utsending av e-post venter: databasen er låst av en annen prosess; prøver igjen.');
      else console.error('Utsending av e-post feilet:', err);
    }
  };
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await runOnce();
      } while (again && !stopped);
      running = null;
    })();
    return running;
  };
  const timer = setInterval(() => void run(), intervalMs);
  (timer as { unref?: () => void }).unref?.();
  return {
    kick: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
