import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, updatedAt } from './columns';
import { payments } from './payments';
import { users } from './users';

/** Which plans a coupon is for. */
export const COUPON_PLANS = ['monthly', 'yearly', 'both'] as const;

/**
 * A discount code ("Rabattkoder", docs/decisions/0055-coupon-codes.md): percent or whole NOK off
 * the list price, for the first `periods` periods of one plan or both, between optional dates, up
 * to `max_redemptions` uses, one per person. Never deleted once made (receipts name it): switched off.
 */
export const coupons = sqliteTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    /** As typed by the admin, in capitals: codes are matched case-insensitively by upper-casing the input. */
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    /** Øre off each discounted period (whole NOK as entered). */
    amountOffOre: integer('amount_off_ore'),
    plans: text('plans', { enum: COUPON_PLANS }).notNull(),
    /** How many periods the discount lasts, the first included. */
    periods: integer('periods').notNull().default(1),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }),
    maxRedemptions: integer('max_redemptions'),
    /** Only for people who have never had a subscription (a welcome code). */
    newMembersOnly: bool('new_members_only').notNull().default(false),
    active: bool('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_idx').on(t.code),
    check('coupons_one_discount', sql`(${t.percentOff} IS NULL) <> (${t.amountOffOre} IS NULL)`),
  ],
);

/**
 * A code used at a checkout: written with the payment it discounts, in the batch that records it,
 * so it exists exactly once per payment whatever the provider's webhooks do. It counts against the
 * limit while its payment is paid (or refunded), or pending at the provider. The price terms are
 * copied here (the subscription's discounted renewals and the receipt read them). The user link
 * goes at erasure (set null), like the payment's; the row stays for the books.
 */
export const couponRedemptions = sqliteTable(
  'coupon_redemptions',
  {
    paymentId: text('payment_id')
      .primaryKey()
      .references(() => payments.id),
    couponId: text('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Øre: the list price and the discounted price of each discounted period. */
    listOre: integer('list_ore').notNull(),
    amountOre: integer('amount_ore').notNull(),
    periods: integer('periods').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('coupon_redemptions_coupon_idx').on(t.couponId), index('coupon_redemptions_user_idx').on(t.userId, t.couponId)],
);

export type Coupon = typeof coupons.$inferSelect;
