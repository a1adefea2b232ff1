import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, updatedAt } from './columns';
import { WEBHOOK_DELIVERY_STATUSES, type WEBHOOK_EVENTS } from './enums';
import { users } from './users';

/** A receiver the admin registered (Make, Zapier, their CRM), told about the events it names. */
export const webhookEndpoints = sqliteTable('webhook_endpoints', {
  id: text('id').primaryKey(),
  url: text('url').notNull(),
  /** The events it gets, a JSON array: a delivery is queued by `json_each` over it, in the state change's batch. */
  events: text('events', { mode: 'json' }).notNull().$type<(typeof WEBHOOK_EVENTS)[number][]>(),
  /** The HMAC key deliveries are signed with; shown to the admin once, when registered. */
  secret: text('secret').notNull(),
  enabled: bool('enabled').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One event for one endpoint: queued in the same batch as the change it tells of, sent by the
 * webhook job (jobs/webhooks.ts), retried with backoff for a day. `payload` is the exact body
 * sent and signed. `user_id` and `email` name the person it is about, so erasure finds them.
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The event's id, the same for every endpoint told of it: receivers dedupe by it. */
    eventId: text('event_id').notNull(),
    event: text('event').notNull().$type<(typeof WEBHOOK_EVENTS)[number]>(),
    payload: text('payload').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    /** When it was queued, or queued again by the admin: retries stop a day after. */
    queuedAt: integer('queued_at', { mode: 'timestamp_ms' }).notNull(),
    /** The last attempt's answer: HTTP status (null: no answer — timeout, refused) and the start of its body or error. */
    lastStatus: integer('last_status'),
    lastResponse: text('last_response'),
    lastAttemptAt: integer('last_attempt_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The job claims due rows; the admin lists an endpoint's newest; erasure finds a person's.
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_user_idx').on(t.userId),
    index('webhook_deliveries_email_idx').on(t.email),
    // A lesson save withdraws the events it queued by their ids' common prefix.
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);
