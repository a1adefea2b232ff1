import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, updatedAt } from './columns';
import { users } from './users';

export const leads = sqliteTable(
  'leads',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull().default(''),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    consentMarketing: bool('consent_marketing').notNull(),
    /** Proof of consent: when, to which wording, from where. */
    consentAt: integer('consent_at', { mode: 'timestamp_ms' }).notNull(),
    consentTextVersion: text('consent_text_version').notNull(),
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
  (t) => [index('events_name_created_idx').on(t.eventName, t.createdAt), index('events_user_idx').on(t.userId)],
);
