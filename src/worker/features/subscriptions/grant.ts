import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { payments, users } from '#db/schema';
import type { Plan } from '#shared/constants';
import { hasActivePremium } from '#shared/premium';
import { renewalDate } from '#shared/renewal';

type PremiumFields = { isPremium: boolean; premiumEndDate: Date | null };

/**
 * The end date a paid plan gives: one month or one year from the current end date while that is
 * still ahead (paying early never loses days), else from now. Null when the user already has
 * Premium without an end date (granted by an admin): a payment must not shorten it.
 */
export function premiumEndDate(user: PremiumFields, plan: Plan, now: number): Date | null {
  const active = hasActivePremium(user, now);
  if (active && user.premiumEndDate === null) return null;
  const from = active ? Math.max(now, user.premiumEndDate!.getTime()) : now;
  return renewalDate(plan, from);
}

/**
 * Grants the plan until `endDate` if, and only if, payment `paymentId` was marked paid at `paidAt`
 * by an earlier statement of the same batch: a refused insert or a payment that was already paid
 * before (a redelivered webhook) grants nothing.
 */
export function grantStatement(db: Db, input: { userId: string; plan: Plan; endDate: Date; paymentId: string; paidAt: Date }) {
  return db
    .update(users)
    .set({ isPremium: true, premiumPlan: input.plan, premiumEndDate: input.endDate })
    .where(
      and(
        eq(users.id, input.userId),
        sql`EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.id} = ${input.paymentId} AND ${payments.status} = 'paid' AND ${payments.paidAt} = ${input.paidAt.getTime()})`,
      ),
    );
}

/** The end of a period of `plan` that starts at `from`. */
export const periodEnd = (plan: Plan, from: number): number => renewalDate(plan, from).getTime();
