import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { MAIL_KINDS, MAIL_STATUSES } from './enums';

export type MailCharge = { key: string; windowMs: number };

/**
 * The durable mail queue: every mail the product sends is a row here first, written in the same
 * batch as the change it is about (a receipt with its payment, a sign-in link with its token), and
 * handed to the transport by the delivery job, retried with backoff until it goes or gives up.
 */
export const mailQueue = sqliteTable(
  'mail_queue',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** One mail per key: enqueueing the same key again (a redelivered webhook, a rerun job) is a no-op. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: text('headers', { mode: 'json' }).$type<Record<string, string>>(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    lastError: text('last_error'),
    /**
     * When the mail stops being worth sending (a sign-in link past its token's life): it is not
     * sent after this, and its text and HTML — which hold a live link — are erased once it is sent
     * or expires, as tokens are otherwise only stored hashed.
     */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    /** The rate-limit counters the mail is charged to when (and only when) the transport takes it. */
    chargeTo: text('charge_to', { mode: 'json' }).$type<MailCharge[]>(),
    createdAt: createdAt(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('mail_queue_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_queue_to_idx').on(t.to),
    index('mail_queue_expires_idx').on(t.status, t.expiresAt),
    // The clean-up job deletes finished mail by age.
    index('mail_queue_created_idx').on(t.createdAt),
  ],
);
