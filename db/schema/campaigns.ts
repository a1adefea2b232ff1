import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, updatedAt } from './columns';
import {
  CAMPAIGN_EVENT_KINDS,
  CAMPAIGN_PLACEMENTS,
  COLOR_SCHEMES,
  CURRENCIES,
  DISPLAY_TYPES,
  PERIODS,
  UPSELL_REASONS,
  URGENCY_TYPES,
} from './enums';
import { users } from './users';

export type CampaignFeature = { icon: string; title: string; description: string; benefits?: string[] };
export type CampaignTestimonial = { name: string; role: string; text: string; revenue?: string; rating?: number };

export const campaigns = sqliteTable(
  'campaigns',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    description: text('description').notNull().default(''),
    features: text('features', { mode: 'json' }).$type<CampaignFeature[]>().notNull().default([]),
    priceOriginal: integer('price_original').notNull(),
    priceDiscounted: integer('price_discounted'),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('NOK'),
    period: text('period', { enum: PERIODS }).notNull().default('måned'),
    discount: integer('discount').notNull().default(0),
    urgencyType: text('urgency_type', { enum: URGENCY_TYPES }),
    urgencyValue: text('urgency_value').notNull().default(''),
    /**
     * A countdown campaign's end (its urgency value's date, to the end of that day in Oslo, as
     * `campaignDeadline` reads it), kept on save so the upgrade's SQL sees it: its price is
     * charged only before it. Null: the campaign has no end.
     */
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }),
    ctaText: text('cta_text').notNull(),
    testimonials: text('testimonials', { mode: 'json' }).$type<CampaignTestimonial[]>().notNull().default([]),
    displayType: text('display_type', { enum: DISPLAY_TYPES }).notNull().default('modal'),
    colorScheme: text('color_scheme', { enum: COLOR_SCHEMES }).notNull().default('orange'),
    animations: bool('animations').notNull().default(true),
    gamification: bool('gamification').notNull().default(false),
    isActive: bool('is_active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('campaigns_active_idx').on(t.isActive)],
);

export type Campaign = typeof campaigns.$inferSelect;

/**
 * A campaign shown to, or clicked by, a user in the guide or on /premium: at most one row per user, campaign,
 * kind, placement, reason and Oslo calendar day. The guide's modal opens once a day from these
 * rows (on any device), the congratulation after the first finished module once ever, and the
 * admin's cards count the distinct users who saw and clicked each campaign.
 */
export const campaignEvents = sqliteTable(
  'campaign_events',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CAMPAIGN_EVENT_KINDS }).notNull(),
    /** Where: the guide's display type at the time, the /premium page, or a checkout started on the campaign. */
    placement: text('placement', { enum: CAMPAIGN_PLACEMENTS }).notNull(),
    reason: text('reason', { enum: UPSELL_REASONS }).notNull(),
    /** Calendar day in Europe/Oslo, YYYY-MM-DD. */
    day: text('day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.placement, t.reason, t.day, t.campaignId] }),
    index('campaign_events_campaign_idx').on(t.campaignId, t.kind, t.userId),
  ],
);
