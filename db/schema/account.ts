import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * A signed-in user's request to change their address: a single-use link mailed to the new
 * address. The account keeps its old address until the link is used; only a SHA-256 of the
 * link's token is stored.
 */
export const emailChanges = sqliteTable(
  'email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The new address, which becomes the account's when the link is used. */
    newEmail: text('new_email').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  // The clean-up job deletes by expiry and by use.
  (t) => [
    index('email_changes_user_idx').on(t.userId, t.createdAt),
    index('email_changes_expires_idx').on(t.expiresAt),
    index('email_changes_used_idx').on(t.usedAt),
  ],
);
