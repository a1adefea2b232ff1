import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, updatedAt } from './columns';
import { COLOR_SCHEMES, CURRENCIES, DISPLAY_TYPES, PERIODS, URGENCY_TYPES } from './enums';

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
