import { and, desc, eq } from 'drizzle-orm';
import { payments, receipts, subscriptions, users } from '#db/schema';
import { GUARANTEE_DAYS } from '#shared/constants';
import { nb } from '#shared/copy/nb';
import type { AdminBillingResponse } from '#shared/schemas/subscriptions';
import { DAY } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { notFound } from '#worker/errors';
import { subscriptionView } from './view';

/**
 * GET /api/admin/payments?user={id}: what the admin's user card shows of a user's money — their
 * latest subscription and every payment with its receipt number and whether it may still be
 * refunded (paid within the guarantee's window). One batch.
 */
export async function adminBilling(ctx: ServiceCtx, input: { userId: string }): Promise<AdminBillingResponse> {
  const { db } = ctx;
  const now = ctx.now();
  const [[user], subs, rows] = await db.batch([
    db.select({ id: users.id }).from(users).where(eq(users.id, input.userId)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, input.userId)).orderBy(desc(subscriptions.createdAt)).limit(1),
    db
      .select({ payment: payments, receipt: receipts.number })
      .from(payments)
      .leftJoin(receipts, and(eq(receipts.paymentId, payments.id), eq(receipts.kind, 'receipt')))
      .where(eq(payments.userId, input.userId))
      .orderBy(desc(payments.createdAt)),
  ]);
  if (!user) throw notFound(nb.subscription.admin.userNotFound);
  return {
    subscription: subscriptionView(subs[0]),
    payments: rows.map(({ payment: p, receipt }) => ({
      id: p.id,
      plan: p.plan,
      amountNok: p.amount / 100,
      status: p.status,
      provider: p.provider,
      createdAt: p.createdAt.toISOString(),
      paidAt: p.paidAt?.toISOString() ?? null,
      receiptNumber: receipt ?? null,
      refundable: p.status === 'paid' && p.paidAt !== null && p.paidAt.getTime() > now - GUARANTEE_DAYS * DAY,
    })),
  };
}
