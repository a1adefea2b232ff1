import { desc, sql } from 'drizzle-orm';
import { couponRedemptions, coupons, payments, type Coupon } from '#db/schema';
import { PLANS } from '#shared/constants';
import { couponValidation as v } from '#shared/copy/admin/coupons';
import { normalizeCouponCode } from '#shared/coupons';
import type { AdminCoupon, CouponListResponse, couponInputSchema, couponLimitsSchema } from '#shared/schemas/admin/coupons';
import type { z } from '#shared/zod';
import type { ServiceCtx } from '#worker/context';
import { notFound } from '#worker/errors';
import { snapshotDetails } from '#worker/audit';
import { auditedRows, type RowWrite } from '../audited-rows';

const audited = auditedRows({
  table: coupons,
  targetType: 'coupon',
  personal: [],
  settings: [
    'code',
    'percentOff',
    'amountOffOre',
    'plans',
    'periods',
    'startsAt',
    'endsAt',
    'maxRedemptions',
    'newMembersOnly',
    'active',
  ],
  stamp: 'updatedAt',
  notFound: () => notFound(v.notFound),
});

/** Paid uses (refunded since or not) and what the subscriptions they started have paid, less refunds: one statement for the list. */
const stats = {
  redemptions: sql<number>`(SELECT count(*) FROM ${couponRedemptions} r JOIN ${payments} p ON p.id = r.payment_id
    WHERE r.coupon_id = ${coupons.id} AND p.status IN ('paid', 'refunded'))`,
  revenueOre: sql<number>`(SELECT coalesce(sum(p.amount - p.refunded_ore), 0) FROM ${couponRedemptions} r
    JOIN ${payments} p ON p.subscription_id = r.payment_id
    WHERE r.coupon_id = ${coupons.id} AND p.status IN ('paid', 'refunded'))`,
};

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const toDate = (s: string | null | undefined) => (s === undefined ? undefined : s === null ? null : new Date(s));

function toAdminCoupon(row: Coupon, counts = { redemptions: 0, revenueOre: 0 }): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    amountOffNok: row.amountOffOre === null ? null : row.amountOffOre / 100,
    plans: row.plans === 'both' ? [...PLANS] : [row.plans],
    periods: row.periods,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    maxRedemptions: row.maxRedemptions,
    newMembersOnly: row.newMembersOnly,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    redemptions: Number(counts.redemptions),
    revenueOre: Number(counts.revenueOre),
  };
}

/** GET /api/admin/coupons: every code, newest first, with its uses and revenue. */
export async function listCoupons(ctx: ServiceCtx): Promise<CouponListResponse> {
  const rows = await ctx.db
    .select({ coupon: coupons, ...stats })
    .from(coupons)
    .orderBy(desc(coupons.createdAt), coupons.id);
  return { coupons: rows.map(({ coupon, ...counts }) => toAdminCoupon(coupon, counts)) };
}

/** The columns of a validity/limits change (absent: unchanged). */
const limitColumns = (input: z.output<typeof couponLimitsSchema>) => ({
  startsAt: toDate(input.startsAt),
  endsAt: toDate(input.endsAt),
  maxRedemptions: input.maxRedemptions,
  newMembersOnly: input.newMembersOnly,
  active: input.active,
});

/** POST /api/admin/coupons: a new code, stored in capitals; a code already taken (any case) is 409. */
export async function createCoupon(
  ctx: ServiceCtx,
  { actorId, input }: { actorId: string; input: z.output<typeof couponInputSchema> },
): Promise<AdminCoupon> {
  const id = crypto.randomUUID();
  const row = await audited.create(ctx, {
    actorId,
    id,
    values: {
      ...limitColumns(input),
      code: normalizeCouponCode(input.code),
      percentOff: input.percentOff ?? null,
      amountOffOre: input.amountOffNok === undefined ? null : input.amountOffNok * 100,
      plans: input.plans.length === 2 ? 'both' : input.plans[0]!,
      periods: input.periods,
      createdAt: new Date(ctx.now()),
    },
    details: snapshotDetails({ code: coupons.code, percentOff: coupons.percentOff, amountOffOre: coupons.amountOffOre }),
    idTaken: v.codeTaken,
  });
  return toAdminCoupon(row);
}

/** PATCH /api/admin/coupons/{id}: new dates, limit or restriction, or switched off/on; unknown id → 404. */
export async function updateCoupon(
  ctx: ServiceCtx,
  { actorId, id, input }: RowWrite & { input: z.output<typeof couponLimitsSchema> },
): Promise<AdminCoupon> {
  const row = await audited.update(ctx, { actorId, id, set: limitColumns(input) });
  return toAdminCoupon(row);
}
