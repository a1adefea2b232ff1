import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, updatedAt } from './columns';
import { AUTOMATION_KINDS, CANCELLATION_REASONS } from './enums';
import { subscriptions } from './payments';
import { userRef } from './refs';
import { users } from './users';

/** One mail of an automation as the admin wrote it; its id stays through edits (automation_sends is keyed by it). */
export type AutomationMailRow = { id: string; delayDays: number; subject: string; markdown: string };

/**
 * The automations the admin switches on and edits (docs/decisions/0056-mail-that-reacts.md). No row:
 * off, with the default Norwegian mails (src/shared/copy/admin/automations.ts). Only what happens
 * from `enabledAt` on triggers it, so switching one on never mails last year's buyers.
 */
export const automations = sqliteTable('automations', {
  kind: text('kind', { enum: AUTOMATION_KINDS }).primaryKey(),
  enabled: bool('enabled').notNull().default(false),
  enabledAt: integer('enabled_at', { mode: 'timestamp_ms' }),
  mails: text('mails', { mode: 'json' }).$type<AutomationMailRow[]>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * One row per mail sent for one trigger (the buyer for onboarding, the checkout's payment, the
 * cancelled subscription): written in the batch that queues the mail, so nothing goes twice.
 */
export const automationSends = sqliteTable(
  'automation_sends',
  {
    mailId: text('mail_id').notNull(),
    triggerId: text('trigger_id').notNull(),
    kind: text('kind', { enum: AUTOMATION_KINDS }).notNull(),
    email: text('email').notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
  },
  // Erasure and export find an address's rows.
  (t) => [primaryKey({ columns: [t.mailId, t.triggerId] }), index('automation_sends_email_idx').on(t.email)],
);

/** Every tag an admin has used (kept when its last carrier loses it), so the audience picker lists them without reading every user's. */
export const tags = sqliteTable('tags', {
  tag: text('tag').primaryKey(),
  createdAt: createdAt(),
});

/** Tags an admin put on a user (the automatic ones are read from the state they describe). */
export const userTags = sqliteTable(
  'user_tags',
  {
    userId: userRef(),
    tag: text('tag').notNull(),
    createdAt: createdAt(),
  },
  // The tag list and a tag's audience read by tag.
  (t) => [primaryKey({ columns: [t.userId, t.tag] }), index('user_tags_tag_idx').on(t.tag, t.userId)],
);

/** The reason a member gave, with one click in the cancellation mail, for cancelling a subscription (the latest click counts). */
export const cancellationReasons = sqliteTable(
  'cancellation_reasons',
  {
    subscriptionId: text('subscription_id')
      .primaryKey()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: CANCELLATION_REASONS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('cancellation_reasons_user_idx').on(t.userId), index('cancellation_reasons_reason_idx').on(t.reason)],
);
