import { eq, sql } from 'drizzle-orm';
import { payments, referrals } from '#db/schema';
import { referralLink } from '#shared/referrals';
import type { ReferralSummary } from '#shared/schemas/referrals';
import type { ServiceCtx } from '#worker/context';

/**
 * GET /api/account/referral: the member's link and its counts, in one read. `paid` counts a
 * friend's payment that went through and was not refunded, read live from the payment (the job
 * only moves a referral on later); `earnedMonths` the free months credited.
 */
export async function referralSummary(ctx: ServiceCtx<'config'>, { userId }: { userId: string }): Promise<ReferralSummary> {
  const [row] = await ctx.db
    .select({
      signups: sql<number>`count(*)`.mapWith(Number),
      paid: sql<number>`coalesce(sum(${payments.status} = 'paid' AND ${referrals.status} <> 'rejected'), 0)`.mapWith(Number),
      earnedMonths: sql<number>`coalesce(sum(${referrals.status} = 'credited'), 0)`.mapWith(Number),
    })
    .from(referrals)
    .innerJoin(payments, eq(payments.id, referrals.paymentId))
    .where(sql`${referrals.referrerId} = ${userId} AND ${referrals.friendId} IS NOT ${userId}`);
  return {
    link: referralLink(ctx.config.PUBLIC_URL, userId),
    signups: row?.signups ?? 0,
    paid: row?.paid ?? 0,
    earnedMonths: row?.earnedMonths ?? 0,
  };
}
