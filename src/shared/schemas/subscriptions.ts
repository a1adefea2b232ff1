import type { PAYMENT_PROVIDERS, RECEIPT_KINDS, SUBSCRIPTION_STATUSES } from '#db/schema/enums';
import type { Plan } from '#shared/constants';
import { z } from '#shared/zod';
import { subscription } from '#shared/copy/subscriptions';

/** GET /api/account/subscription (and the answer of cancel/resume): the user's latest subscription, or null. */
export type SubscriptionResponse = {
  subscription: {
    plan: Plan;
    status: (typeof SUBSCRIPTION_STATUSES)[number];
    currentPeriodEnd: string;
    cancelAtPeriodEnd: boolean;
    provider: (typeof PAYMENT_PROVIDERS)[number];
    /** Whether a cancellation can be undone before the period ends (its provider says; a stopped Vipps agreement cannot). */
    canResume: boolean;
    /** Øre: what the next renewal charges (the price agreed, or a noticed new one once it applies). */
    amountOre: number;
  } | null;
};

/** GET /api/account/receipts: the user's receipts and credit notes, newest first (amounts in NOK, exact to the øre). */
export type ReceiptsResponse = {
  receipts: {
    number: number;
    kind: (typeof RECEIPT_KINDS)[number];
    date: string;
    description: string;
    totalNok: number;
    vatNok: number;
  }[];
};

/** GET /api/account/receipts/{number}: one document, everything the printed receipt shows. */
export type ReceiptResponse = {
  receipt: {
    number: number;
    kind: (typeof RECEIPT_KINDS)[number];
    date: string;
    description: string;
    plan: Plan;
    periodStart: string;
    periodEnd: string;
    totalOre: number;
    vatOre: number;
    creditsNumber: number | null;
    /** The coupon code that lowered this payment and øre taken off the list price (null: none). */
    coupon: { code: string; discountOre: number } | null;
    seller: { name: string; orgNumber: string; address: string };
    /** A business buyer's company and org.nr as on the document (null: a private person). */
    buyer: { email: string; company: string | null; orgNumber: string | null };
  };
};

/** A receipt number in a path: a positive whole number. */
export const receiptNumberSchema = z.object({
  number: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: subscription.receipt.invalidNumber })
    .transform(Number),
});
