import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { payments, receipts, subscriptionEvents, subscriptions, users, webhookDeliveries, type User } from '#db/schema';
import { subscription } from '#shared/copy/subscriptions';
import { oreToNok } from '#shared/money';
import { mayUse } from '#shared/permissions';
import type { ReceiptResponse, ReceiptsResponse, SubscriptionResponse } from '#shared/schemas/subscriptions';
import type { ServiceCtx } from '#worker/context';
import { AppError, notFound } from '#worker/errors';
import { PaymentStartError } from '#worker/platform/payments/types';
import { subscriptionEventStatement, subscriptionWebhookStatement } from './statements';
import { subscriptionView } from './view';

/** The user's subscription is their latest one (an ended one stays visible as ended). */
const latestOf = (userId: string) =>
  sql`${subscriptions.id} = (SELECT id FROM ${subscriptions} WHERE user_id = ${userId} ORDER BY created_at DESC, rowid DESC LIMIT 1)`;

/** GET /api/account/subscription. */
export async function accountSubscription(ctx: ServiceCtx<'payments'>, input: { user: User }): Promise<SubscriptionResponse> {
  const [sub] = await ctx.db.select().from(subscriptions).where(latestOf(input.user.id));
  return { subscription: subscriptionView(sub, ctx.payments) };
}

/**
 * POST /api/account/subscription/cancel (`to: 'canceled'`) and …/resume (`to: 'active'`). The
 * change is written first, in one batch with its history row, guarded by the state it comes from;
 * then the provider is told. Should the provider refuse or be unreachable, the change is undone
 * (history row and all) and the answer is 502: the subscription stays as the provider has it.
 * Cancelling keeps Premium to the period's end; resuming is possible until then.
 */
export async function changeCancellation(
  ctx: ServiceCtx<'payments'>,
  input: { user: User; to: 'canceled' | 'active' },
): Promise<SubscriptionResponse> {
  const { db } = ctx;
  const now = ctx.now();
  const cancel = input.to === 'canceled';
  const from = cancel ? 'active' : 'canceled';
  const where = and(
    latestOf(input.user.id),
    eq(subscriptions.status, from),
    // Providers that can undo a cancellation (not Vipps: a stopped agreement stays stopped).
    inArray(
      subscriptions.provider,
      ctx.payments.all.filter((p) => cancel || p.resume).map((p) => p.name),
    ),
    sql`${subscriptions.currentPeriodEnd} > ${now}`,
  )!;
  const [event, webhook, changed, [latest]] = await db.batch([
    db.all<{ id: number }>(
      sql`${subscriptionEventStatement(db, { kind: cancel ? 'canceled' : 'resumed', status: input.to, at: now, where }).getSQL()} RETURNING id`,
    ),
    // Resuming tells no receiver: the events are the ones the issue names (docs/decisions/0053).
    db.all<{ id: string }>(
      cancel
        ? sql`${subscriptionWebhookStatement(db, { event: 'subscription.canceled', at: now, where }).getSQL()} RETURNING id`
        : sql`SELECT NULL AS id WHERE 0`,
    ),
    db
      .update(subscriptions)
      .set({ status: input.to, cancelAtPeriodEnd: cancel, updatedAt: new Date(now) })
      .where(where)
      .returning(),
    db.select().from(subscriptions).where(latestOf(input.user.id)),
  ]);
  const sub = changed[0];
  if (!sub) {
    if (!latest || latest.status === 'expired') throw new AppError('no_subscription', 404);
    if (!cancel && latest.status === 'canceled' && !ctx.payments.byName(latest.provider)?.resume)
      throw new AppError('subscription_resume_elsewhere', 409);
    throw new AppError(cancel ? 'subscription_not_cancelable' : 'subscription_not_resumable', 409);
  }
  // Told by the provider that took it (the guard above kept to configured ones).
  const provider = ctx.payments.byName(sub.provider)!;
  try {
    await (cancel ? provider.cancel(sub) : provider.resume!(sub));
  } catch (err) {
    if (!(err instanceof PaymentStartError)) throw err;
    console.error(`Payment provider ${provider.name} could not ${cancel ? 'cancel' : 'resume'} ${sub.id}:`, err.message);
    await db.batch([
      db.delete(subscriptionEvents).where(
        inArray(
          subscriptionEvents.id,
          event.map((e) => e.id),
        ),
      ),
      // Nor did the cancellation happen for the receivers: its queued event goes too.
      db.delete(webhookDeliveries).where(
        inArray(
          webhookDeliveries.id,
          webhook.map((w) => w.id),
        ),
      ),
      db
        .update(subscriptions)
        .set({ status: from, cancelAtPeriodEnd: !cancel })
        .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.status, input.to))),
    ]);
    throw new AppError('payment_unavailable', 502);
  }
  return { subscription: subscriptionView(sub, ctx.payments) };
}

/** GET /api/account/receipts: the documents of the user's payments, newest first. */
export async function accountReceipts(ctx: ServiceCtx, input: { user: User }): Promise<ReceiptsResponse> {
  const rows = await ctx.db
    .select({ r: receipts })
    .from(receipts)
    .innerJoin(payments, eq(payments.id, receipts.paymentId))
    .where(eq(payments.userId, input.user.id))
    .orderBy(desc(receipts.number));
  return {
    receipts: rows.map(({ r }) => ({
      number: r.number,
      kind: r.kind,
      date: r.issuedAt.toISOString(),
      description: r.description,
      totalNok: oreToNok(r.totalOre),
      vatNok: oreToNok(r.vatOre),
    })),
  };
}

/** GET /api/account/receipts/{number}: one of the user's own documents; another's is 404, as is none. */
export async function accountReceipt(ctx: ServiceCtx, input: { user: User; number: number }): Promise<ReceiptResponse> {
  // The buyer's own, or any for those who may see the payments (the credit notes linked from "Betalinger").
  const [row] = await ctx.db
    .select({ r: receipts, buyer: users.email })
    .from(receipts)
    .innerJoin(payments, eq(payments.id, receipts.paymentId))
    .leftJoin(users, eq(users.id, payments.userId))
    .where(
      and(
        eq(receipts.number, input.number),
        mayUse(input.user.role, 'GET /api/admin/payments') ? undefined : eq(payments.userId, input.user.id),
      ),
    );
  if (!row) throw notFound(subscription.receipt.notFound);
  const { r } = row;
  return {
    receipt: {
      number: r.number,
      kind: r.kind,
      date: r.issuedAt.toISOString(),
      description: r.description,
      plan: r.plan,
      periodStart: r.periodStart.toISOString(),
      periodEnd: r.periodEnd.toISOString(),
      totalOre: r.totalOre,
      vatOre: r.vatOre,
      creditsNumber: r.creditsNumber,
      coupon: r.couponCode && r.discountOre ? { code: r.couponCode, discountOre: r.discountOre } : null,
      seller: { name: r.sellerName, orgNumber: r.sellerOrgNumber, address: r.sellerAddress },
      buyer: { email: row.buyer ?? '', company: r.buyerCompany, orgNumber: r.buyerOrgNumber },
    },
  };
}
