import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from './columns';
import { NEWSLETTER_STATUSES, SEGMENT_KINDS, SUPPRESSION_REASONS } from './enums';

/**
 * A newsletter the admin writes (subject and Markdown) for a segment, sent now or at a stored
 * time (UTC). The send job (src/worker/jobs/newsletters.ts) snapshots its recipients and hands
 * them to the mail queue at a pace; see docs/decisions (newsletters).
 */
export const newsletters = sqliteTable(
  'newsletters',
  {
    id: text('id').primaryKey(),
    subject: text('subject').notNull(),
    markdown: text('markdown').notNull(),
    segmentKind: text('segment_kind', { enum: SEGMENT_KINDS }).notNull(),
    /** `inactive` only: no activity in this many days. */
    segmentDays: integer('segment_days'),
    /** `tag` only: the tag the audience carries (an admin's, or an automatic one such as `kjøpt`). */
    segmentTag: text('segment_tag'),
    status: text('status', { enum: NEWSLETTER_STATUSES }).notNull().default('draft'),
    /** When it is due (send now: the moment the admin pressed it). */
    scheduledAt: integer('scheduled_at', { mode: 'timestamp_ms' }),
    /** When the job took it: withdrawals after this count as "unsubscribed after it". */
    startedAt: integer('started_at', { mode: 'timestamp_ms' }),
    /** Every recipient of the segment is in newsletter_recipients (the snapshot is whole). */
    snapshotAt: integer('snapshot_at', { mode: 'timestamp_ms' }),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The job looks for due and sending newsletters; the list pages newest first.
    index('newsletters_status_idx').on(t.status, t.scheduledAt),
    index('newsletters_created_idx').on(t.createdAt),
  ],
);

/**
 * A newsletter's recipients, snapshotted when it starts: each address once (the primary key), so
 * a restarted snapshot or a second runner adds nobody twice. `queuedAt` is set when the address
 * was handed to the mail queue (`outcome` 'queued') or passed over because its consent was
 * withdrawn or it was suppressed meanwhile ('skipped').
 */
export const newsletterRecipients = sqliteTable(
  'newsletter_recipients',
  {
    newsletterId: text('newsletter_id')
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    queuedAt: integer('queued_at', { mode: 'timestamp_ms' }),
    outcome: text('outcome', { enum: ['queued', 'skipped'] }),
  },
  (t) => [
    primaryKey({ columns: [t.newsletterId, t.email] }),
    // The next addresses to hand over (queued_at IS NULL, by address) and the pace's last minute.
    index('newsletter_recipients_queued_idx').on(t.newsletterId, t.queuedAt, t.email),
    // Export and erasure find an address's rows.
    index('newsletter_recipients_email_idx').on(t.email),
  ],
);

/**
 * Addresses that get no more marketing mail: the mail provider reported a hard bounce or a spam
 * complaint (POST /api/webhooks/mail). Transactional mail the person asks for still goes.
 */
export const mailSuppressions = sqliteTable('mail_suppressions', {
  email: text('email').primaryKey(),
  reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull(),
  createdAt: createdAt(),
});

/** The provider's webhook deliveries already handled (its message id), so a redelivery changes nothing. */
export const mailWebhookEvents = sqliteTable(
  'mail_webhook_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_webhook_events_created_idx').on(t.createdAt)],
);
