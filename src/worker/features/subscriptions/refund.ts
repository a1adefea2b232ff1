import { and, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { payments, subscriptions, users } from '#db/schema';
import { GUARANTEE_DAYS } from '#shared/constants';
import { nb } from '#shared/copy/nb';
import { DAY } from '#shared/time';
import type { AppEnv, ServiceCtx } from '#worker/context';
import { auditExistingStatement } from '#worker/features/admin/index';
import { AppError, notFound } from '#worker/http/errors';
import { sessionLoader } from '#worker/http/session';
import { PaymentStartError } from '#worker/platform/payments/types';
import { expireStatements } from './lifecycle';
import { creditNoteStatement } from './statements';

/** The refund window: the terms' money-back guarantee, counted from the payment. */
const REFUND_WINDOW_MS = GUARANTEE_DAYS * DAY;

const paymentRead = (c: Context<AppEnv>) =>
  c.var.deps.db
    .select({ payment: payments, sub: subscriptions, email: users.email })
    .from(payments)
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .leftJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, c.req.param('id') ?? ''));

type Target = Awaited<ReturnType<typeof paymentRead>>[number];

/** Loads the session and the payment named by `:id` in one round trip. */
export const loadSessionAndPayment = sessionLoader(paymentRead);

/** The payment `loadSessionAndPayment` found, if any. */
export const targetPayment = (c: { var: Pick<AppEnv['Variables'], 'alongside'> }) =>
  (c.var.alongside as Target[] | undefined)?.[0];

/**
 * POST /api/admin/payments/{id}/refund: pays a payment back in full through its provider, within
 * the guarantee's window. Then one batch: the payment refunded, the credit note (next number,
 * negative amounts), the subscription ended with its history row, Premium ended, the notice to
 * the user, and the audit row.
 */
export async function refundPayment(
  ctx: ServiceCtx<'payments' | 'config'>,
  input: { actorId: string; target: Target | undefined },
) {
  const { db } = ctx;
  if (!input.target) throw notFound(nb.subscription.admin.paymentNotFound);
  const { payment, sub, email } = input.target;
  const provider = ctx.payments.byName(payment.provider);
  const now = ctx.now();
  const refundable = payment.status === 'paid' && payment.paidAt && payment.paidAt.getTime() > now - REFUND_WINDOW_MS && provider;
  if (!refundable || !provider || !payment.providerRef) throw new AppError('refund_not_allowed', 409);
  try {
    await provider.refund({ subscription: sub, paymentRef: payment.providerRef, amountOre: payment.amount });
  } catch (err) {
    if (!(err instanceof PaymentStartError)) throw err;
    console.error(`Payment provider ${provider.name} could not refund ${payment.id}:`, err.message);
    throw new AppError('payment_unavailable', 502);
  }
  const refundedNow = and(eq(payments.id, payment.id), eq(payments.status, 'paid'))!;
  await db.batch([
    auditExistingStatement(
      ctx,
      { actorId: input.actorId, action: 'payment.refund', targetType: 'payment', targetId: payment.id },
      {
        table: payments,
        idColumn: payments.id,
        details: sql`json_object('amountOre', ${payments.amount}, 'plan', ${payments.plan})`,
      },
    ),
    db
      .update(payments)
      .set({ status: 'refunded', refundedAt: new Date(now) })
      .where(refundedNow),
    creditNoteStatement(db, ctx.config, { paymentId: payment.id, at: now }),
    ...(sub ? expireStatements(ctx, { subscriptionId: sub.id, userId: sub.userId, email, kind: 'refunded', now }) : []),
  ]);
  return { message: nb.subscription.admin.refunded };
}
