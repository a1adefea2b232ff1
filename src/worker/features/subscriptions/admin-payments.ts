import { and, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { payments, receipts, subscriptions, users } from '#db/schema';
import { subscription } from '#shared/copy/subscriptions';
import type { AdminPaymentsQuery, AdminPaymentsResponse } from '#shared/schemas/admin/payments';
import type { ServiceCtx } from '#worker/context';
import { notFound } from '#worker/errors';
import { subscriptionView } from './view';

/** How many payments a search shows (the newest first). */
const LIMIT = 50;

/** `%term%` for LIKE, with the term's own % and _ taken literally. */
const contains = (term: string) => sql`${`%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} ESCAPE '\\'`;

/**
 * Which payments a query names: one user's (every status, for their card); those of the receipt
 * or credit note with that number; those of the user with that e-mail address, or of users whose
 * address contains the text; or, with no
 * query, the latest — the last three only among payments that were paid (what can be refunded).
 */
function paymentsWhere(input: AdminPaymentsQuery): SQL | undefined {
  if (input.user) return eq(payments.userId, input.user);
  const paid = inArray(payments.status, ['paid', 'refunded']);
  const q = input.query;
  if (!q) return paid;
  if (/^\d{1,10}$/.test(q)) {
    return and(
      paid,
      sql`${payments.id} IN (SELECT ${receipts.paymentId} FROM ${receipts} WHERE ${receipts.number} = ${Number(q)})`,
    );
  }
  // A whole address is looked up by its index; part of one is searched for as the users list does (LIKE over users).
  const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(q)
    ? eq(users.email, q.toLowerCase())
    : like(users.email, contains(q.toLowerCase()));
  return and(paid, sql`${payments.userId} IN (SELECT ${users.id} FROM ${users} WHERE ${email})`);
}

/**
 * GET /api/admin/payments: the payments a search or a user's card names, newest first, each with
 * its buyer, receipt number, what has been refunded and every credit note — and for a user's card
 * their latest subscription. One batch.
 */
export async function adminPayments(ctx: ServiceCtx<'payments'>, input: AdminPaymentsQuery): Promise<AdminPaymentsResponse> {
  const { db } = ctx;
  const where = paymentsWhere(input);
  const found = db.select({ id: payments.id }).from(payments).where(where).orderBy(desc(payments.createdAt)).limit(LIMIT);
  const [owner, subs, rows, notes] = await db.batch([
    db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, input.user ?? '')),
    db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, input.user ?? ''))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1),
    db
      .select({ payment: payments, email: users.email, receipt: receipts.number })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .leftJoin(receipts, and(eq(receipts.paymentId, payments.id), eq(receipts.kind, 'receipt')))
      .where(where)
      .orderBy(desc(payments.createdAt))
      .limit(LIMIT),
    db
      .select({
        paymentId: receipts.paymentId,
        number: receipts.number,
        totalOre: receipts.totalOre,
        issuedAt: receipts.issuedAt,
      })
      .from(receipts)
      .where(and(eq(receipts.kind, 'credit_note'), inArray(receipts.paymentId, found)))
      .orderBy(receipts.number),
  ]);
  if (input.user && owner.length === 0) throw notFound(subscription.admin.userNotFound);
  return {
    subscription: subscriptionView(subs[0], ctx.payments),
    payments: rows.map(({ payment: p, email, receipt }) => ({
      id: p.id,
      email,
      receiptNumber: receipt,
      amountOre: p.amount,
      refundedOre: p.refundedOre,
      provider: p.provider,
      status: p.status,
      paidAt: p.paidAt?.toISOString() ?? null,
      createdAt: p.createdAt.toISOString(),
      plan: p.plan,
      disputeStatus: p.disputeStatus,
      creditNotes: notes
        .filter((n) => n.paymentId === p.id)
        .map((n) => ({ number: n.number, totalOre: -n.totalOre, issuedAt: n.issuedAt.toISOString() })),
    })),
  };
}
