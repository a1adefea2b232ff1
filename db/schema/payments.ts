import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, createdAt } from './columns';
import {
  CURRENCIES,
  DISPUTE_STATUSES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PLANS,
  RECEIPT_KINDS,
  SUBSCRIPTION_STATUSES,
} from './enums';
import { campaigns } from './campaigns';
import { users } from './users';

/**
 * A Premium subscription: renews each period until cancelled, or until a failed renewal's grace
 * period runs out. Kept (without the user) after erasure, like the payments it groups.
 */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    plan: text('plan', { enum: PLANS }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id for it (a Stripe subscription); null for providers that charge on our schedule. */
    providerRef: text('provider_ref'),
    currentPeriodStart: integer('current_period_start', { mode: 'timestamp_ms' }).notNull(),
    currentPeriodEnd: integer('current_period_end', { mode: 'timestamp_ms' }).notNull(),
    cancelAtPeriodEnd: bool('cancel_at_period_end').notNull().default(false),
    /** Øre, VAT included: what each renewal costs, as agreed at sign-up (the list price then); the plan is its interval. */
    amountOre: integer('amount_ore').notNull().default(0),
    /**
     * A list price change noticed to the subscriber (docs/decisions/0042-price-changes.md): the new
     * amount, the renewal it first applies to (at least 30 days after the notice), and when the
     * provider was told (Stripe's price, the Vipps agreement's); cleared once that renewal is paid.
     */
    nextAmountOre: integer('next_amount_ore'),
    nextAmountFrom: integer('next_amount_from', { mode: 'timestamp_ms' }),
    nextAmountToldAt: integer('next_amount_told_at', { mode: 'timestamp_ms' }),
    /**
     * A coupon's discounted renewals (docs/decisions/0055-coupon-codes.md): how many renewals still
     * cost `discounted_amount_ore` instead of `amount_ore`; each paid renewal takes one off.
     */
    discountedRenewals: integer('discounted_renewals').notNull().default(0),
    discountedAmountOre: integer('discounted_amount_ore'),
    /** When the first failed renewal of this period happened: the grace period counts from here. */
    pastDueSince: integer('past_due_since', { mode: 'timestamp_ms' }),
    /** Our own retry schedule (providers that charge on our schedule). */
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    index('subscriptions_status_end_idx').on(t.status, t.currentPeriodEnd),
    uniqueIndex('subscriptions_provider_ref_idx').on(t.provider, t.providerRef),
  ],
);

/** Every change of a subscription's state, with why (the admin's history and the accounts' trail). */
export const subscriptionEvents = sqliteTable(
  'subscription_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** started, renewed, renewal_failed, canceled, resumed, expired, refunded. */
    kind: text('kind').notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('subscription_events_sub_idx').on(t.subscriptionId, t.at),
    index('subscription_events_kind_idx').on(t.kind, t.at),
  ],
);

export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    /** Set null, not cascaded: bokføringsloven requires keeping the (then anonymous) record. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    campaignId: text('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    subscriptionId: text('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    plan: text('plan', { enum: PLANS }).notNull(),
    /** Øre, VAT included. */
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('NOK'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerRef: text('provider_ref'),
    /** The period this payment pays for (the receipt states it). */
    periodStart: integer('period_start', { mode: 'timestamp_ms' }),
    periodEnd: integer('period_end', { mode: 'timestamp_ms' }),
    /** When the buyer asked for immediate access and acknowledged losing the right of withdrawal (angrerettloven § 22 n). */
    withdrawalConsentAt: integer('withdrawal_consent_at', { mode: 'timestamp_ms' }),
    /** A business buyer's name and org.nr (both or neither), for the receipt (bokføringsforskriften § 5-1-1). */
    buyerCompany: text('buyer_company'),
    buyerOrgNumber: text('buyer_org_number'),
    createdAt: createdAt(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    /** When its last refund was recorded (full or partial). */
    refundedAt: integer('refunded_at', { mode: 'timestamp_ms' }),
    /** Øre paid back so far, by every refund and lost dispute together; `amount` when fully refunded (status `refunded`). */
    refundedOre: integer('refunded_ore').notNull().default(0),
    /** A card dispute (chargeback) on it, as the provider last reported it; null when there is none. */
    disputeStatus: text('dispute_status', { enum: DISPUTE_STATUSES }),
    /** `<kind>:<id>` of the marketing mail whose link the buyer clicked within 7 days before (mail_click_refs). */
    mailRef: text('mail_ref'),
  },
  (t) => [
    index('payments_user_idx').on(t.userId),
    index('payments_subscription_idx').on(t.subscriptionId),
    // Foreign key: deleting a campaign sets it null here.
    index('payments_campaign_idx').on(t.campaignId),
    // A mail's purchases: its paid payments.
    index('payments_mail_ref_idx').on(t.mailRef, t.status),
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef),
    index('payments_status_paid_idx').on(t.status, t.paidAt),
    // The poll of pending payments whose webhook is late (jobs/pending-payments.ts).
    index('payments_status_created_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Sales documents (bokføringsforskriften § 5-1-1): numbered without gaps in the order issued, the
 * seller as it was on the day, amounts in øre. A credit note reverses a receipt with negative
 * amounts. Never deleted; a payment's user link goes at erasure, the document stays.
 */
export const receipts = sqliteTable(
  'receipts',
  {
    number: integer('number').primaryKey(),
    kind: text('kind', { enum: RECEIPT_KINDS }).notNull(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    issuedAt: integer('issued_at', { mode: 'timestamp_ms' }).notNull(),
    description: text('description').notNull(),
    plan: text('plan', { enum: PLANS }).notNull(),
    periodStart: integer('period_start', { mode: 'timestamp_ms' }).notNull(),
    periodEnd: integer('period_end', { mode: 'timestamp_ms' }).notNull(),
    totalOre: integer('total_ore').notNull(),
    vatOre: integer('vat_ore').notNull(),
    sellerName: text('seller_name').notNull(),
    sellerOrgNumber: text('seller_org_number').notNull(),
    sellerAddress: text('seller_address').notNull(),
    /** The receipt a credit note reverses. */
    creditsNumber: integer('credits_number'),
    /** A business buyer, copied onto the document as on the day (null: a private person). */
    buyerCompany: text('buyer_company'),
    buyerOrgNumber: text('buyer_org_number'),
    /** The coupon code that lowered this payment, and by how much against the list price (øre). */
    couponCode: text('coupon_code'),
    discountOre: integer('discount_ore'),
  },
  (t) => [
    // One receipt per payment; a payment may have several credit notes (partial refunds).
    uniqueIndex('receipts_payment_receipt_idx')
      .on(t.paymentId)
      .where(sql`kind = 'receipt'`),
    index('receipts_payment_idx').on(t.paymentId, t.kind),
    // Revenue per month: the credit notes (refunds) by the day they were issued.
    index('receipts_kind_issued_idx').on(t.kind, t.issuedAt),
    // The accounting export reads a period's documents.
    index('receipts_issued_idx').on(t.issuedAt),
    index('receipts_credits_idx')
      .on(t.creditsNumber)
      .where(sql`credits_number IS NOT NULL`),
  ],
);

/**
 * Sales documents pushed to Fiken (optional, FIKEN_TOKEN): one row per receipt or credit note,
 * queued by the job that pushes them and retried with backoff, like the mail queue
 * (docs/decisions/0044). A payment never waits for it.
 */
export const fikenPushes = sqliteTable(
  'fiken_pushes',
  {
    receiptNumber: integer('receipt_number')
      .primaryKey()
      .references(() => receipts.number),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    lastError: text('last_error'),
    /** Where Fiken keeps the sale (its Location header). */
    fikenLocation: text('fiken_location'),
    createdAt: createdAt(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('fiken_pushes_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Webhook events already processed, so a redelivered event changes nothing. */
export const paymentEvents = sqliteTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: createdAt(),
});

export type Subscription = typeof subscriptions.$inferSelect;
export type Payment = typeof payments.$inferSelect;
