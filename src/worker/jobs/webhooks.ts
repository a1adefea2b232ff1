/**
 * Delivery of the webhooks the admin registered (docs/decisions/0053-webhooks-out.md), as the
 * mail queue delivers mail: due rows of enabled endpoints are claimed by one UPDATE with a lease
 * (two runners never send the same row), each is POSTed signed to its endpoint with a timeout
 * and without following redirects, and the outcomes are written in one batch. A receiver that
 * does not answer 2xx is retried with the mail queue's backoff until a day after the delivery
 * was queued, then it is marked failed. Runs every few seconds on Node and each minute on Workers.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { webhookDeliveries, webhookEndpoints } from '#db/schema';
import { DAY, SECOND } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { refusedUrl, SIGNATURE_HEADER, signatureHeader } from '#worker/features/webhooks/index';
import { CLAIM_BATCH, CLAIM_LEASE_MS, retryDelay } from './mail-queue';

export const WEBHOOK_GIVE_UP_AFTER_MS = DAY;
export const WEBHOOK_TIMEOUT_MS = 10 * SECOND;
/** How much of a receiver's answer is kept for the admin to see. */
export const RESPONSE_EXCERPT_CHARS = 200;

export type WebhookReport = { sent: number; retrying: number; failed: number };
type Options = { random?: () => number; timeoutMs?: number };
type Claimed = typeof webhookDeliveries.$inferSelect;
type Endpoint = { id: string; url: string; secret: string };
type Outcome = { status: number | null; response: string; ok: boolean; retry: boolean };

const d = webhookDeliveries;

/** One POST: its answer's status and the start of its body, or why there was none. */
async function send(ctx: ServiceCtx<'config'>, row: Claimed, endpoint: Endpoint, timeoutMs: number): Promise<Outcome> {
  const refused = refusedUrl(ctx.config, endpoint.url);
  if (refused) return { status: null, response: `Adressen er ikke tillatt (${refused})`, ok: false, retry: false };
  try {
    const res = await fetch(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Soloprenor-Webhooks/1',
        [SIGNATURE_HEADER]: await signatureHeader(endpoint.secret, row.payload, ctx.now()),
        'Soloprenor-Event': row.event,
        'Soloprenor-Delivery': row.id,
      },
      body: row.payload,
      // A redirect could point anywhere, this machine included: it counts as a failed answer.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = (await res.text().catch(() => '')).slice(0, RESPONSE_EXCERPT_CHARS);
    return { status: res.status, response: text, ok: res.status >= 200 && res.status < 300, retry: true };
  } catch (err) {
    const message = err instanceof Error && err.name === 'TimeoutError' ? `Svarte ikke innen ${timeoutMs / 1000} s` : String(err);
    return { status: null, response: message.slice(0, RESPONSE_EXCERPT_CHARS), ok: false, retry: true };
  }
}

export async function deliverDueWebhooks(ctx: ServiceCtx<'config'>, options: Options = {}): Promise<WebhookReport> {
  const { db } = ctx;
  const now = ctx.now();
  const leaseUntil = new Date(now + CLAIM_LEASE_MS);
  const report = { sent: 0, retrying: 0, failed: 0 };
  const [claimed, endpoints] = await db.batch([
    db
      .update(d)
      .set({ attempts: sql`${d.attempts} + 1`, nextAttemptAt: leaseUntil })
      .where(
        inArray(
          d.id,
          db
            .select({ id: d.id })
            .from(d)
            .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.id, d.endpointId), eq(webhookEndpoints.enabled, true)))
            .where(and(eq(d.status, 'pending'), lte(d.nextAttemptAt, new Date(now))))
            .orderBy(asc(d.nextAttemptAt))
            .limit(CLAIM_BATCH),
        ),
      )
      .returning(),
    // The endpoints of the rows just claimed (held until the lease's end).
    db
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(
        inArray(
          webhookEndpoints.id,
          db
            .select({ id: d.endpointId })
            .from(d)
            .where(and(eq(d.status, 'pending'), eq(d.nextAttemptAt, leaseUntil))),
        ),
      ),
  ]);
  if (claimed.length === 0) return report;
  const byId = new Map(endpoints.map((e) => [e.id, e]));
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const outcomes = await Promise.all(claimed.map((row) => send(ctx, row, byId.get(row.endpointId)!, timeoutMs)));

  const doneAt = ctx.now();
  const statements: BatchItem<'sqlite'>[] = outcomes.map((outcome, i) => {
    const row = claimed[i]!;
    const last = { lastStatus: outcome.status, lastResponse: outcome.response, lastAttemptAt: new Date(doneAt) };
    const ours = and(eq(d.id, row.id), eq(d.status, 'pending'), eq(d.attempts, row.attempts));
    if (outcome.ok) {
      report.sent++;
      return db
        .update(d)
        .set({ ...last, status: 'sent', nextAttemptAt: new Date(doneAt) })
        .where(ours);
    }
    const next = doneAt + retryDelay(row.attempts, options.random);
    if (outcome.retry && next - row.queuedAt.getTime() <= WEBHOOK_GIVE_UP_AFTER_MS) {
      report.retrying++;
      return db
        .update(d)
        .set({ ...last, nextAttemptAt: new Date(next) })
        .where(ours);
    }
    report.failed++;
    return db
      .update(d)
      .set({ ...last, status: 'failed', nextAttemptAt: new Date(doneAt) })
      .where(ours);
  });
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return report;
}
