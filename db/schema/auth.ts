import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt } from './columns';
import { users } from './users';

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the session token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }).notNull(),
    /** The browser the session was started in, so the owner can tell their sessions apart. */
    userAgent: text('user_agent'),
    /** Sliding never carries a session past SESSION_MAX_DAYS from here. */
    createdAt: createdAt(),
    /**
     * Handed out at a public checkout to an address not yet proven: lives at most a day from
     * `createdAt` and ends when the address's owner first signs in (docs/decisions/0039).
     */
    provisional: bool('provisional').notNull().default(false),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    // The dashboard's active users: sessions used within the window.
    index('sessions_used_idx').on(t.lastUsedAt, t.userId),
  ],
);

export const magicLinkTokens = sqliteTable(
  'magic_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    /** Name given with the request (checked as a name), used only if this login creates the account. */
    firstName: text('first_name').notNull().default(''),
    /** HMAC (AUTH_SECRET) of the address and the 6-digit code for signing in on another device. */
    codeHash: text('code_hash').notNull(),
    codeAttempts: integer('code_attempts').notNull().default(0),
    /** Where to go after signing in (a same-site path). */
    redirect: text('return_to'),
    /** The sign-up's consent request (consent_events.id) that using this link confirms. */
    consentRequestId: text('consent_request_id'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  // The clean-up job deletes by expiry and by use.
  (t) => [
    index('magic_link_email_idx').on(t.email),
    index('magic_link_expires_idx').on(t.expiresAt),
    index('magic_link_used_idx').on(t.usedAt),
  ],
);
