import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * A sign-up for the free guide: the address and where it came from (first touch). An
 * unverified repeat sign-up never changes it; the consent itself is the history in
 * `consent_events`. `userId` is set when the address signs in.
 */
export const leads = sqliteTable(
  'leads',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    /**
     * The address's standing marketing consent: the latest grant or withdrawal in `consent_events`,
     * or `pending` when a request (the box ticked at sign-up) came after anything but a grant and
     * its link is not opened yet; NULL when never asked. Kept by triggers on that table
     * (hand-written in migrations `lead_consent` and `insights`, which also backfilled it), so the
     * admin's lead list filters on an index, not on each lead's history. The history stays the
     * proof; a migration that rebuilds `consent_events` must recreate them.
     */
    consentDecision: text('consent_decision', { enum: ['granted', 'withdrawn', 'pending'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The admin's lead list pages newest first, within each of its filters.
  (t) => [
    index('leads_user_idx').on(t.userId),
    index('leads_created_idx').on(t.createdAt),
    index('leads_consent_created_idx').on(t.consentDecision, t.createdAt),
    index('leads_source_created_idx').on(t.source, t.createdAt),
    index('leads_utm_source_created_idx').on(t.utmSource, t.createdAt),
    index('leads_utm_campaign_created_idx').on(t.utmCampaign, t.createdAt),
  ],
);

export const analyticsEvents = sqliteTable(
  'analytics_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventName: text('event_name').notNull(),
    leadId: text('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    props: text('props', { mode: 'json' }).$type<Record<string, string | number | boolean>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_name_created_idx').on(t.eventName, t.createdAt),
    index('events_user_idx').on(t.userId),
    // Foreign key: export and erasure read a lead's events.
    index('events_lead_idx').on(t.leadId),
    // The dashboard's active users: signed-in users' events within the window, read by time alone.
    index('events_user_created_idx')
      .on(t.createdAt, t.userId)
      .where(sql`user_id IS NOT NULL`),
  ],
);
