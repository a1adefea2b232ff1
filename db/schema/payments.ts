import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { CURRENCIES, PAYMENT_STATUSES } from './enums';
import { campaigns } from './campaigns';
import { users } from './users';

export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    /** Set null, not cascaded: bokføringsloven requires keeping the (then anonymous) record. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    campaignId: text('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    plan: text('plan', { enum: ['monthly', 'yearly'] }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('NOK'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    providerRef: text('provider_ref'),
    createdAt: createdAt(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('payments_user_idx').on(t.userId),
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef),
    index('payments_status_paid_idx').on(t.status, t.paidAt),
    // Foreign key: deleting a campaign sets it null here.
    index('payments_campaign_idx').on(t.campaignId),
  ],
);

/** Webhook events already processed, so a redelivered event changes nothing. */
export const paymentEvents = sqliteTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: createdAt(),
});
