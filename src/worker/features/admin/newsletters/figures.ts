import { sql } from 'drizzle-orm';
import { newsletters } from '#db/schema';
import { mailEffectColumns } from '#worker/features/clicks/index';

/** The mail queue's rows of a newsletter: dedupe keys `newsletter:<id>:<address>`, a range of the key's unique index. */
export const queueKeyPrefix = (id: string) => `newsletter:${id}:`;
export const queueKeyRange = (key: ReturnType<typeof sql>, id: ReturnType<typeof sql>) =>
  sql`${key} >= 'newsletter:' || ${id} || ':' AND ${key} < 'newsletter:' || ${id} || ';'`;

const n = newsletters;
const fromQueue = (status: 'sent' | 'failed') =>
  sql<number>`(SELECT count(*) FROM mail_queue q WHERE ${queueKeyRange(sql`q.dedupe_key`, sql`${n.id}`)} AND q.status = ${status})`;

/**
 * A newsletter's figures as columns of a select from `newsletters`, each an indexed count:
 * recipients (the snapshot), sent and failed (the queue's outcome of its rows), skipped (consent
 * withdrawn or address suppressed before their turn), unsubscribed (recipients who withdrew
 * consent after the send started, by any way: link, profile, complaint); and what it did: clicks
 * on its links, sign-ups through them and purchases within 7 days of a click (features/clicks).
 */
export const figureColumns = {
  recipients: sql<number>`(SELECT count(*) FROM newsletter_recipients r WHERE r.newsletter_id = ${n.id})`,
  sent: fromQueue('sent'),
  failed: fromQueue('failed'),
  skipped: sql<number>`(SELECT count(*) FROM newsletter_recipients r WHERE r.newsletter_id = ${n.id} AND r.outcome = 'skipped')`,
  unsubscribed: sql<number>`(SELECT count(*) FROM newsletter_recipients r WHERE r.newsletter_id = ${n.id} AND ${n.startedAt} IS NOT NULL
    AND EXISTS (SELECT 1 FROM consent_events c WHERE c.email = r.email AND c.action = 'withdrawn' AND c.created_at >= ${n.startedAt}))`,
  // Qualified by hand: a bare column would be read as the subqueries' own `id`.
  ...mailEffectColumns('newsletter', sql`${n}.${sql.identifier('id')}`),
};
