import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from './columns';
import { REFERRAL_CREDITS, REFERRAL_REJECTIONS, REFERRAL_STATUSES } from './enums';
import { payments } from './payments';
import { users } from './users';

/**
 * «Verv en venn» (0061): a friend who bought through a member's link. Written in the batch that
 * records the friend's first payment (only if that payment row was written), then moved on by the
 * referrals job: each state change has its own time column, so the ledger shows when each
 * happened. A friend is referred once (unique). Erasure unlinks either person (set null); the row
 * stays, since a credit given is in the books.
 */
export const referrals = sqliteTable(
  'referrals',
  {
    id: text('id').primaryKey(),
    referrerId: text('referrer_id').references(() => users.id, { onDelete: 'set null' }),
    friendId: text('friend_id').references(() => users.id, { onDelete: 'set null' }),
    /** The friend's first payment, bought through the link: its refund window decides the credit. */
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull().default('registered'),
    rejectReason: text('reject_reason', { enum: REFERRAL_REJECTIONS }),
    creditKind: text('credit_kind', { enum: REFERRAL_CREDITS }),
    /** Øre credited at Stripe (a balance credit); null for a period moved on. */
    creditOre: integer('credit_ore'),
    /** The provider's reference of the credit (Stripe's balance transaction). */
    creditRef: text('credit_ref'),
    createdAt: createdAt(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    creditedAt: integer('credited_at', { mode: 'timestamp_ms' }),
    rejectedAt: integer('rejected_at', { mode: 'timestamp_ms' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('referrals_friend_idx').on(t.friendId),
    uniqueIndex('referrals_payment_idx').on(t.paymentId),
    index('referrals_referrer_idx').on(t.referrerId, t.createdAt),
    index('referrals_status_idx').on(t.status, t.createdAt),
    // The ledger, newest first.
    index('referrals_created_idx').on(t.createdAt),
  ],
);

export type Referral = typeof referrals.$inferSelect;
