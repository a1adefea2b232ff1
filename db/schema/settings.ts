import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, updatedAt } from './columns';

/**
 * The site's settings an admin edits (one row, id 1, made by the migration): the welcome offer
 * for new members and the landing's founder section. Typed columns rather than key/value rows,
 * so SQL (the upgrade's price) reads them like any other column.
 */
export const siteSettings = sqliteTable(
  'site_settings',
  {
    id: integer('id').primaryKey(),
    /**
     * The welcome offer: a lower first-period price of one plan (whole kroner incl. MVA) for a
     * member whose account is younger than `welcomeOfferDays`; all three set, or none (no offer).
     */
    welcomeOfferPlan: text('welcome_offer_plan', { enum: ['monthly', 'yearly'] }),
    welcomeOfferPrice: integer('welcome_offer_price'),
    welcomeOfferDays: integer('welcome_offer_days'),
    /** The landing's founder section, hidden until a name is set. */
    founderName: text('founder_name').notNull().default(''),
    founderPhotoUrl: text('founder_photo_url').notNull().default(''),
    founderText: text('founder_text').notNull().default(''),
    /** A free trial's days (0–30) for a member who never had Premium; 0: no trial (docs/decisions/0060-free-trial.md). */
    trialDays: integer('trial_days').notNull().default(0),
    /** When set, the course certificate also needs a passed attempt at every quiz open to the learner. */
    certificateRequiresQuizzes: bool('certificate_requires_quizzes').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('site_settings_one_row', sql`${t.id} = 1`)],
);

export type SiteSettings = typeof siteSettings.$inferSelect;
