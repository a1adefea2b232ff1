import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
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
