import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { coupons, referrals, users } from '#db/schema';
import { REFERRAL_COUPON_CODE } from '#shared/referrals';
import type { ReferralLedgerResponse } from '#shared/schemas/referrals';
import type { z } from '#shared/zod';
import type { referralLedgerQuerySchema } from '#shared/schemas/referrals';
import type { ServiceCtx } from '#worker/context';
import { notFound } from '#worker/errors';

/** The ledger shows the newest this many; the filters narrow it. */
const LEDGER_LIMIT = 500;

const referrer = alias(users, 'referrer');
const friend = alias(users, 'friend');
const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * GET /api/admin/referrals: who referred whom, where each stands and when each step happened,
 * newest first; by status, or one member's (404 for no such member). With it, whether the
 * `VERV-EN-VENN` code that gives the friends their discount exists and is on, so the screen can
 * warn that links give no discount now. One round trip.
 */
export async function referralLedger(
  ctx: ServiceCtx,
  query: z.output<typeof referralLedgerQuerySchema>,
): Promise<ReferralLedgerResponse> {
  const { db } = ctx;
  const [member, rows, [code]] = await db.batch([
    db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, query.referrerId ?? '')),
    db
      .select({ r: referrals, referrerEmail: referrer.email, friendEmail: friend.email })
      .from(referrals)
      .leftJoin(referrer, eq(referrer.id, referrals.referrerId))
      .leftJoin(friend, eq(friend.id, referrals.friendId))
      .where(
        and(
          query.status ? eq(referrals.status, query.status) : undefined,
          query.referrerId ? eq(referrals.referrerId, query.referrerId) : undefined,
        ),
      )
      .orderBy(desc(referrals.createdAt))
      .limit(LEDGER_LIMIT),
    db.select({ active: coupons.active }).from(coupons).where(eq(coupons.code, REFERRAL_COUPON_CODE)),
  ]);
  if (query.referrerId && member.length === 0) throw notFound();
  return {
    discountCode: code ? (code.active ? 'active' : 'inactive') : 'missing',
    referrals: rows.map(({ r, referrerEmail, friendEmail }) => ({
      id: r.id,
      referrer: r.referrerId && referrerEmail ? { id: r.referrerId, email: referrerEmail } : null,
      friend: r.friendId && friendEmail ? { id: r.friendId, email: friendEmail } : null,
      paymentId: r.paymentId,
      status: r.status,
      rejectReason: r.rejectReason,
      creditKind: r.creditKind,
      creditOre: r.creditOre,
      createdAt: r.createdAt.toISOString(),
      paidAt: iso(r.paidAt),
      creditedAt: iso(r.creditedAt),
      rejectedAt: iso(r.rejectedAt),
    })),
  };
}
