import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CONSENT_ACTIONS } from './enums';
import { users } from './users';

/**
 * Consent to marketing e-mail as an append-only history (GDPR Art. 7: we must be able to show
 * who agreed, when, to which wording, and where). A request from an unverified sign-up is
 * `requested`; using the e-mailed link appends the `granted` that confirms it; a withdrawal
 * appends `withdrawn`. The latest grant or withdrawal decides. A trigger (migration
 * 0001_consent_history) refuses every UPDATE; only erasure deletes from it.
 */
export const consentEvents = sqliteTable(
  'consent_events',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    /** Set on events made by a signed-in or just-verified account. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: CONSENT_ACTIONS }).notNull(),
    /** CONSENT_TEXT_VERSION of the wording agreed to. */
    textVersion: text('text_version').notNull(),
    /** Where it happened, from the server's own list (CONSENT_SOURCES). */
    source: text('source').notNull(),
    /** HMAC of the client's address and user agent: proof of the same client, without keeping either. */
    clientHash: text('client_hash').notNull(),
    /** On a grant: the request it confirms. */
    confirms: text('confirms'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('consent_email_idx').on(t.email, t.createdAt),
    index('consent_user_idx').on(t.userId),
    index('consent_confirms_idx').on(t.confirms),
  ],
);

export type ConsentEvent = typeof consentEvents.$inferSelect;

/**
 * What erasure leaves of a person: keyed hashes (HMAC under AUTH_SECRET, `erasedAddressMark`), never
 * the address, so an old unsubscribe link for the address answers "already unsubscribed" without
 * writing it back, and marketing mail stays suppressed until the person gives a new consent. A
 * reminder's turn-off link is kept the same way, by its random token (which names no one).
 */
export const erasureMarks = sqliteTable('erasure_marks', {
  mark: text('mark').primaryKey(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});
