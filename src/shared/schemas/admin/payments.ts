/** Contracts of the admin's payments API (/api/admin/payments): the "Betalinger" section and the user card's money. */
import type { DISPUTE_STATUSES, PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '#db/schema/enums';
import { adminPayments } from '#shared/copy/admin/payments';
import { z } from '#shared/zod';
import { singleLine } from '#shared/schemas/common';
import type { SubscriptionResponse } from '#shared/schemas/subscriptions';

const v = adminPayments.validation;

/**
 * GET /api/admin/payments?query= (an e-mail address or part of one, or a receipt or credit note
 * number; empty: the latest payments) or ?user= (one user's, for their card).
 */
export const adminPaymentsQuerySchema = z.object({
  query: z.string().trim().max(254, v.queryTooLong).check(singleLine()).optional().default(''),
  user: z.string().min(1).max(100).check(singleLine()).optional(),
});
export type AdminPaymentsQuery = z.output<typeof adminPaymentsQuerySchema>;

/** One payment as the admin sees it (amounts in øre): what was paid, what has been paid back, and each credit note. */
export type AdminPayment = {
  id: string;
  email: string | null;
  receiptNumber: number | null;
  amountOre: number;
  refundedOre: number;
  provider: (typeof PAYMENT_PROVIDERS)[number];
  status: (typeof PAYMENT_STATUSES)[number];
  paidAt: string | null;
  createdAt: string;
  plan: 'monthly' | 'yearly';
  disputeStatus: (typeof DISPUTE_STATUSES)[number] | null;
  creditNotes: { number: number; totalOre: number; issuedAt: string }[];
};

/** The payments found, newest first; with `?user=`, also that user's latest subscription (else null). */
export type AdminPaymentsResponse = SubscriptionResponse & { payments: AdminPayment[] };

/** POST /api/admin/payments/{id}/refund: how much to pay back, in øre; all that is left when omitted. */
export const adminRefundSchema = z.strictObject({
  amountOre: z
    .number({ error: v.amountInvalid })
    .int(v.amountInvalid)
    .min(1, v.amountInvalid)
    .max(100_000_000, v.amountInvalid)
    .optional(),
});
export type AdminRefundInput = z.input<typeof adminRefundSchema>;

export type AdminRefundResponse = { message: string; refundedOre: number; creditNoteNumber: number | null };
