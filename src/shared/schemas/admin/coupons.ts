/** Contracts of the admin's discount codes (/api/admin/coupons; docs/decisions/0055-coupon-codes.md). */
import { z } from '#shared/zod';
import { PLANS, type Plan } from '#shared/constants';
import { couponValidation as v } from '#shared/copy/admin/coupons';

const whole = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);
const instant = z.iso.datetime({ offset: true, error: v.date });

/** The validity and limits an admin may change on an existing code (its discount is fixed once made: receipts name it). */
export const couponLimitsSchema = z.strictObject({
  startsAt: instant.nullable().optional(),
  endsAt: instant.nullable().optional(),
  maxRedemptions: whole(v.maxRedemptions, 1, 1_000_000).nullable().optional(),
  newMembersOnly: z.boolean().optional(),
  active: z.boolean().optional(),
});

const endsAfterStart = (c: { startsAt?: string | null; endsAt?: string | null }) =>
  !c.startsAt || !c.endsAt || Date.parse(c.endsAt) > Date.parse(c.startsAt);

/** POST /api/admin/coupons: a new code. Exactly one of percentOff and amountOffNok (whole NOK incl. MVA). */
export const couponInputSchema = couponLimitsSchema
  .extend({
    code: z
      .string({ error: v.code })
      .trim()
      .regex(/^[A-Za-z0-9_-]{2,40}$/, v.code),
    percentOff: whole(v.percent, 1, 99).optional(),
    amountOffNok: whole(v.amount, 1, 10_000).optional(),
    plans: z
      .array(z.enum(PLANS, { error: v.plans }), { error: v.plans })
      .min(1, v.plans)
      .max(2, v.plans)
      .transform((plans) => [...new Set(plans)]),
    periods: whole(v.periods, 1, 24).default(1),
  })
  .refine((c) => (c.percentOff === undefined) !== (c.amountOffNok === undefined), {
    message: v.oneDiscount,
    path: ['percentOff'],
  })
  .refine(endsAfterStart, { message: v.endsBeforeStart, path: ['endsAt'] });

/** PATCH /api/admin/coupons/{id}: new limits, or switched off or on. */
export const couponUpdateSchema = couponLimitsSchema.refine(endsAfterStart, { message: v.endsBeforeStart, path: ['endsAt'] });

export type CouponInput = z.input<typeof couponInputSchema>;

/** A code as the admin sees it, with what it has brought in: paid uses and the money its subscriptions have paid (øre, less refunds). */
export type AdminCoupon = {
  id: string;
  code: string;
  percentOff: number | null;
  amountOffNok: number | null;
  plans: Plan[];
  periods: number;
  startsAt: string | null;
  endsAt: string | null;
  maxRedemptions: number | null;
  newMembersOnly: boolean;
  active: boolean;
  createdAt: string;
  redemptions: number;
  revenueOre: number;
};

export type CouponListResponse = { coupons: AdminCoupon[] };
export type CouponResponse = { coupon: AdminCoupon };
