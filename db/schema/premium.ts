import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * Who last had /premium open, and when: one row per user, refreshed while the page is open.
 * "N ser på dette nå" counts the rows seen within the last few minutes — real viewers only.
 */
export const premiumViews = sqliteTable(
  'premium_views',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: integer('viewed_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('premium_views_viewed_idx').on(t.viewedAt)],
);

/**
 * Every list price a plan has had, from when it applied (a row per change). A struck-through
 * "før" price is shown only when it is in here within the last 30 days (docs/decisions: prices).
 */
export const priceHistory = sqliteTable(
  'price_history',
  {
    plan: text('plan', { enum: ['monthly', 'yearly'] }).notNull(),
    /** Whole kroner incl. MVA, as PRICES_NOK. */
    amount: integer('amount').notNull(),
    effectiveFrom: integer('effective_from', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.plan, t.effectiveFrom] })],
);
