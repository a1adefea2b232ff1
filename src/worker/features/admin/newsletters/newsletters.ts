import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { mailQueue, newsletters } from '#db/schema';
import type { Newsletter, NewsletterInput, NewsletterList, NewsletterStats } from '#shared/schemas/admin/newsletters';
import { linkClicksQuery } from '#worker/features/clicks/index';
import type { ServiceCtx } from '#worker/context';
import { AppError, notFound } from '#worker/errors';
import { figureColumns, queueKeyRange } from './figures';
import { segmentColumns, segmentOfRow } from './segments';

const n = newsletters;
type Row = typeof newsletters.$inferSelect & { [K in keyof typeof figureColumns]: number };

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toNewsletter(row: Row): Newsletter {
  const segment = segmentOfRow(row);
  return {
    id: row.id,
    subject: row.subject,
    markdown: row.markdown,
    segment,
    status: row.status,
    scheduledAt: iso(row.scheduledAt),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    createdAt: row.createdAt.toISOString(),
    recipients: Number(row.recipients),
    sent: Number(row.sent),
    failed: Number(row.failed),
    unsubscribed: Number(row.unsubscribed),
    skipped: Number(row.skipped),
    clicks: Number(row.clicks),
    signups: Number(row.signups),
    purchases: Number(row.purchases),
  };
}

/** A newsletter with its figures, by id: a query for a batch (or a session's side read). */
export const newsletterQuery = (ctx: Pick<ServiceCtx, 'db'>, id: string) =>
  ctx.db
    .select({ ...sqlColumns(), ...figureColumns })
    .from(n)
    .where(eq(n.id, id));

const sqlColumns = () => ({
  id: n.id,
  subject: n.subject,
  markdown: n.markdown,
  segmentKind: n.segmentKind,
  segmentDays: n.segmentDays,
  segmentTag: n.segmentTag,
  status: n.status,
  scheduledAt: n.scheduledAt,
  startedAt: n.startedAt,
  snapshotAt: n.snapshotAt,
  finishedAt: n.finishedAt,
  createdAt: n.createdAt,
  updatedAt: n.updatedAt,
});

/** The row a `newsletterQuery` found, in the API's shape; 404 when none. */
export function foundNewsletter(rows: Row[]): Newsletter {
  const row = rows[0];
  if (!row) throw notFound();
  return toNewsletter(row);
}

/** How many of the latest newsletters the list shows. */
export const NEWSLETTER_LIST_LIMIT = 100;

/** The latest newsletters, newest first, with their figures. One statement. */
export async function listNewsletters(ctx: ServiceCtx): Promise<NewsletterList> {
  const rows = await ctx.db
    .select({ ...sqlColumns(), ...figureColumns })
    .from(n)
    .orderBy(desc(n.createdAt))
    .limit(NEWSLETTER_LIST_LIMIT);
  return { newsletters: rows.map(toNewsletter) };
}

/** GET /:id: a newsletter with its figures and its clicks per link. One batch. */
export async function getNewsletter(ctx: ServiceCtx, id: string): Promise<NewsletterStats> {
  const [rows, links] = await ctx.db.batch([
    newsletterQuery(ctx, id),
    linkClicksQuery(ctx.db, { kind: 'newsletter', mailId: id }),
  ]);
  return {
    newsletter: foundNewsletter(rows),
    links: links.map((l) => ({ index: l.index, url: l.url, clicks: Number(l.clicks) })),
  };
}

/** A new draft. One statement. */
export async function createNewsletter(ctx: ServiceCtx, input: { draft: NewsletterInput }) {
  const id = crypto.randomUUID();
  const at = new Date(ctx.now());
  await ctx.db.insert(n).values({
    id,
    subject: input.draft.subject,
    markdown: input.draft.markdown,
    ...segmentColumns(input.draft.segment),
    createdAt: at,
    updatedAt: at,
  });
  return { id, status: 'draft' as const };
}

/**
 * The outcome of a write allowed only in some statuses, read in the same batch: the updated row,
 * or 404 (no such newsletter) or 409 `code` (it exists, in another status).
 */
function outcome<T>(updated: T[], after: Row[], code: 'newsletter_not_draft' | 'newsletter_not_cancelable'): Newsletter {
  const row = after[0];
  if (!row) throw notFound();
  if (updated.length === 0) throw new AppError(code, 409);
  return toNewsletter(row);
}

/** Replaces a draft's subject, text and segment; only a draft may change. One round trip. */
export async function updateNewsletter(ctx: ServiceCtx, input: { id: string; draft: NewsletterInput }): Promise<Newsletter> {
  const { db } = ctx;
  const [updated, after] = await db.batch([
    db
      .update(n)
      .set({
        subject: input.draft.subject,
        markdown: input.draft.markdown,
        ...segmentColumns(input.draft.segment),
        updatedAt: new Date(ctx.now()),
      })
      .where(and(eq(n.id, input.id), eq(n.status, 'draft')))
      .returning({ id: n.id }),
    newsletterQuery(ctx, input.id),
  ]);
  return outcome(updated, after, 'newsletter_not_draft');
}

/**
 * Sends a draft now or at `at` (no earlier than now). Now: it is `sending` from this moment (the
 * admin sees "Sender" and the counts rise as the job, woken by the caller, snapshots and queues);
 * later: `scheduled`, and the job starts it when it is due. One round trip.
 */
export async function scheduleNewsletter(ctx: ServiceCtx, input: { id: string; at?: string }): Promise<Newsletter> {
  const { db } = ctx;
  const now = ctx.now();
  const at = input.at === undefined ? now : Date.parse(input.at);
  // A minute's grace: "send at 14:00" pressed at 14:00:30 means now, not an error.
  if (at < now - 60_000) throw new AppError('schedule_in_past', 400);
  const [updated, after] = await db.batch([
    db
      .update(n)
      .set(
        input.at === undefined
          ? { status: 'sending', scheduledAt: new Date(now), startedAt: new Date(now), updatedAt: new Date(now) }
          : { status: 'scheduled', scheduledAt: new Date(Math.max(at, now)), updatedAt: new Date(now) },
      )
      .where(and(eq(n.id, input.id), eq(n.status, 'draft')))
      .returning({ id: n.id }),
    newsletterQuery(ctx, input.id),
  ]);
  return outcome(updated, after, 'newsletter_not_draft');
}

/**
 * Stops a scheduled send, or one under way: nobody else is handed to the queue, and its mail
 * still waiting in the queue is cancelled. What went stays sent. One round trip.
 */
export async function cancelNewsletter(ctx: ServiceCtx, input: { id: string }): Promise<Newsletter> {
  const { db } = ctx;
  const now = new Date(ctx.now());
  const [updated, , after] = await db.batch([
    db
      .update(n)
      .set({ status: 'canceled', finishedAt: now, updatedAt: now })
      .where(and(eq(n.id, input.id), inArray(n.status, ['scheduled', 'sending'])))
      .returning({ id: n.id }),
    db
      .update(mailQueue)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(mailQueue.status, 'pending'),
          queueKeyRange(sql`${mailQueue.dedupeKey}`, sql`${input.id}`),
          sql`EXISTS (SELECT 1 FROM ${n} WHERE ${n.id} = ${input.id} AND ${n.status} = 'canceled')`,
        ),
      ),
    newsletterQuery(ctx, input.id),
  ]);
  return outcome(updated, after, 'newsletter_not_cancelable');
}
