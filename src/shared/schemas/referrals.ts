import { z } from '#shared/zod';
import { REFERRAL_STATUSES, type REFERRAL_REJECTIONS } from '#db/schema/enums';
import { singleLine } from '#shared/schemas/common';

/** GET /api/account/referral: the member's «Verv en venn» link and what it has brought. */
export type ReferralSummary = {
  link: string;
  /** Friends who bought through the link (their payment recorded). */
  signups: number;
  /** Of those, friends whose payment went through and was not refunded. */
  paid: number;
  /** Free months credited to the member. */
  earnedMonths: number;
};

/** GET /api/admin/referrals: the ledger's filter. */
export const referralLedgerQuerySchema = z.object({
  status: z.enum(REFERRAL_STATUSES).optional(),
  /** One member's referrals (as referrer). */
  referrerId: z.string().trim().min(1).max(100).check(singleLine()).optional(),
});

/** One row of the admin's ledger: who referred whom, where it stands and when each step happened. */
export type ReferralLedgerRow = {
  id: string;
  referrer: { id: string; email: string } | null;
  friend: { id: string; email: string } | null;
  paymentId: string;
  status: (typeof REFERRAL_STATUSES)[number];
  rejectReason: (typeof REFERRAL_REJECTIONS)[number] | null;
  creditKind: 'balance' | 'period' | null;
  /** Øre credited at Stripe; null for a period moved on. */
  creditOre: number | null;
  createdAt: string;
  paidAt: string | null;
  creditedAt: string | null;
  rejectedAt: string | null;
};

/** GET /api/admin/referrals: the ledger, and how the friends' discount code stands (missing or off: links give no discount). */
export type ReferralLedgerResponse = {
  discountCode: 'active' | 'inactive' | 'missing';
  referrals: ReferralLedgerRow[];
};
