import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { TRACKED_MAILS } from './enums';
import { users } from './users';

/**
 * Clicks on the links of marketing mails, counted into one row per mail, link and Oslo day by the
 * redirect (`/r/<token>`, features/clicks) in the statement that records the click: the admin's
 * figures sum a few rows instead of scanning every click, and nothing names who clicked
 * (docs/decisions/0057-click-counting.md).
 */
export const mailLinkClicks = sqliteTable(
  'mail_link_clicks',
  {
    mailKind: text('mail_kind', { enum: TRACKED_MAILS }).notNull(),
    /** The newsletter's or welcome step's id. */
    mailId: text('mail_id').notNull(),
    /** The link's place in the mail, from 0, as the rewriting numbered it. */
    linkIndex: integer('link_index').notNull(),
    /** Calendar day in Europe/Oslo, YYYY-MM-DD. */
    day: text('day').notNull(),
    /** Where the link led (from the signed token), shown beside its count. */
    url: text('url').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.mailKind, t.mailId, t.linkIndex, t.day] })],
);

/**
 * The last marketing mail a signed-in user clicked a link in, and when: a purchase within 7 days
 * is attributed to it (payments.mail_ref). One row per user, overwritten by the next click and
 * gone with the user.
 */
export const mailClickRefs = sqliteTable(
  'mail_click_refs',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `<kind>:<id>`, as payments.mail_ref stores it. */
    mailRef: text('mail_ref').notNull(),
    clickedAt: integer('clicked_at', { mode: 'timestamp_ms' }).notNull(),
  },
  // The clean-up job deletes the rows older than the attribution window.
  (t) => [index('mail_click_refs_clicked_idx').on(t.clickedAt)],
);
