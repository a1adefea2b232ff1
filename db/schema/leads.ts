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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('leads_user_idx').on(t.userId), index('leads_created_idx').on(t.createdAt)],
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
