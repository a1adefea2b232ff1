import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Context } from 'hono';
import { payments, receipts, subscriptions, users, type Payment, type Subscription } from '#db/schema';
import { subscription } from '#shared/copy/subscriptions';
import { formatOre, vatOfInclusive } from '#shared/money';
import { PATHS } from '#shared/paths';
import type { AdminRefundResponse } from '#shared/schemas/admin/payments';
import type { AppEnv, ServiceCtx } from '#worker/context';
import { refundEmail } from '#worker/emails/subscription';
import { auditExistingStatement } from '#worker/audit';
import { AppError, notFound } from '#worker/errors';
import { sessionWith } from '#worker/features/auth/index';
import { webhookStatement } from '#worker/features/webhooks/index';
import { PaymentStartError, type ChargeEvent, type PaymentProvider } from '#worker/platform/payments/types';
import { expireStatements } from './lifecycle';
import { periodEnd } from './grant';
import { CREDITS, NUMBER, creditNoteMailStatement, creditNoteStatement, receiptStatement, refundedNow } from './statements';

/*
 * One refund path (docs/decisions/0043-refunds-and-disputes.md). Whoever moves the money back —
 * the admin (POST /api/admin/payments/{id}/refund), the provider's own dashboard (Stripe
 * `charge.refunded`, Vipps `charge-refunded`) or the buyer's bank (a lost dispute) — the change is
 * written as "payment X has now been refunded T øre in all", guarded by what was refunded before:
 * each refund gets its credit note and mail once, the two reports of one refund (our call and the
 * provider's webhook) record it once, and Premium ends only when nothing is left of the payment.
 */

type RefundCtx = ServiceCtx<'config'>;

/**
 * A first payment paid and paid back at once (a second subscription for its buyer, voided by the
 * webhook): nothing starts, but money came in and went back, so it is recorded paid for the period
 * it bought, gets its receipt, and is refunded in full with its credit note and the buyer's mail,
 * as any refund (bokføringsloven: every sale and its reversal documented).
 */
export function voidedPaymentStatements(
  ctx: RefundCtx,
  input: { payment: Payment; email: string | null; ref: string | null; at: number },
): BatchItem<'sqlite'>[] {
  const { db, config } = ctx;
  const { payment, at } = input;
  return [
    db
      .update(payments)
      .set({
        status: 'paid',
        paidAt: new Date(at),
        periodStart: new Date(at),
        periodEnd: new Date(periodEnd(payment.plan, at)),
        providerRef: input.ref ?? payment.providerRef,
      })
      .where(and(eq(payments.id, payment.id), notInArray(payments.status, ['paid', 'refunded']))),
    receiptStatement(db, config, { paymentId: payment.id, paidAt: at }),
    ...refundStatements(ctx, {
      payment: { ...payment, status: 'paid', refundedOre: 0, subscriptionId: null },
      email: input.email,
      refundedOre: payment.amount,
      at,
    }),
  ];
}

/**
 * The batch that records payment `payment`'s refunds reaching `refundedOre` in all at `at`, if it
 * still stands at the refunded total it was read with: the payment (refunded in full, or still
 * paid with part refunded), the credit note for the difference, the buyer's mail with it and,
 * once nothing is left (or a dispute is lost), the subscription ended and Premium with it.
 */
export function refundStatements(
  ctx: RefundCtx,
  input: { payment: Payment; email: string | null; refundedOre: number; at: number; dispute?: 'lost' },
): BatchItem<'sqlite'>[] {
  const { db, config } = ctx;
  const { payment, at } = input;
  const total = Math.min(input.refundedOre, payment.amount);
  const amountOre = total - payment.refundedOre;
  if (amountOre <= 0 || payment.status !== 'paid') return [];
  const full = total === payment.amount;
  const vatOre = vatOfInclusive(total) - vatOfInclusive(payment.refundedOre);
  const statements: BatchItem<'sqlite'>[] = [
    db
      .update(payments)
      .set({
        refundedOre: total,
        refundedAt: new Date(at),
        ...(full ? { status: 'refunded' as const } : {}),
        ...(input.dispute ? { disputeStatus: input.dispute } : {}),
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'paid'), eq(payments.refundedOre, payment.refundedOre))),
    creditNoteStatement(db, config, { paymentId: payment.id, amountOre, vatOre, refundedOre: total, at }),
    webhookStatement(db, {
      event: 'payment.refunded',
      now: at,
      when: refundedNow(payment.id, total, at),
      userId: payment.userId,
      data: {
        paymentId: payment.id,
        subscriptionId: payment.subscriptionId,
        memberId: payment.userId,
        plan: payment.plan,
        amountOre,
        refundedOre: total,
        paidOre: payment.amount,
        provider: payment.provider,
      },
    }),
  ];
  if (input.email) {
    const mail = refundEmail({
      to: input.email,
      number: NUMBER,
      receipt: CREDITS,
      amountOre,
      provider: payment.provider,
      dispute: input.dispute === 'lost',
      endedAt: full && payment.subscriptionId ? new Date(at) : null,
      link: `${config.PUBLIC_URL}${PATHS.receipt}?nr=${NUMBER}`,
    });
    statements.push(
      creditNoteMailStatement(
        db,
        { ...mail, kind: 'transactional', dedupeKey: `refund:${payment.id}:${total}` },
        { paymentId: payment.id, refundedOre: total, at },
      ),
    );
  }
  if (full && payment.subscriptionId) {
    // The refund mail says Premium ended; the subscription's own "ended" mail would say it again without the amount.
    statements.push(
      ...expireStatements(ctx, {
        subscriptionId: payment.subscriptionId,
        userId: payment.userId,
        email: null,
        kind: 'refunded',
        now: at,
        where: refundedNow(payment.id, total, at),
      }),
    );
  }
  return statements;
}

/** What a provider's refund or dispute report changes of `payment`: the refunded total, or the dispute's state. */
export function chargeEventStatements(ctx: RefundCtx, event: ChargeEvent, target: { payment: Payment; email: string | null }) {
  const { payment, email } = target;
  const at = ctx.now();
  if (event.outcome === 'refunded') return refundStatements(ctx, { payment, email, refundedOre: event.refundedOre, at });
  // Lost: the bank has taken the money back — the same as a full refund, Premium ends.
  if (event.dispute === 'lost' && payment.status === 'paid')
    return refundStatements(ctx, { payment, email, refundedOre: payment.amount, at, dispute: 'lost' });
  // Opened: recorded, Premium stays while the bank decides; won: the money stays, nothing else changes.
  return [
    ctx.db
      .update(payments)
      .set({ disputeStatus: event.dispute })
      .where(and(eq(payments.id, payment.id), sql`${payments.disputeStatus} IS NOT 'lost'`)),
  ];
}

/** Whether a provider's report takes back everything left of the payment, so its subscription must end at the provider too. */
export function chargeEventEndsSubscription(event: ChargeEvent, payment: Payment) {
  if (payment.status !== 'paid') return false;
  return event.outcome === 'refunded' ? event.refundedOre >= payment.amount : event.dispute === 'lost';
}

/** Ends `sub` at its provider now; a provider that cannot be reached is a 502 before anything is recorded. */
export async function endAtProvider(provider: PaymentProvider, sub: Subscription) {
  if (sub.status === 'expired') return;
  await providerCall(provider, `end ${sub.id}`, () => provider.end(sub));
}

async function providerCall(provider: PaymentProvider, what: string, run: () => Promise<unknown>) {
  try {
    await run();
  } catch (err) {
    if (!(err instanceof PaymentStartError)) throw err;
    console.error(`Payment provider ${provider.name} could not ${what}:`, err.message);
    throw new AppError('refund_unavailable', 502);
  }
}

const paymentRead = (c: Context<AppEnv>) =>
  c.var.deps.db
    .select({ payment: payments, sub: subscriptions, email: users.email })
    .from(payments)
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .leftJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, c.req.param('id') ?? ''));

type Target = Awaited<ReturnType<typeof paymentRead>>[number];

/** Loads the session and the payment named by `:id` (`c.var.payment`) in one round trip. */
export const loadSessionAndPayment = sessionWith('payment', paymentRead);

/** The payment `loadSessionAndPayment` found, if any. */
export const targetPayment = (c: { var: { payment?: Target[] } }) => c.var.payment?.[0];

/**
 * POST /api/admin/payments/{id}/refund: pays back `amountOre` of a payment (all that is left when
 * omitted) through its provider — and, when nothing is left, ends the subscription there — then
 * one batch: the audit row and `refundStatements`, and the credit note it wrote read back.
 */
export async function refundPayment(
  ctx: ServiceCtx<'payments' | 'config'>,
  input: { actorId: string; target: Target | undefined; amountOre?: number },
): Promise<AdminRefundResponse> {
  const { db } = ctx;
  if (!input.target) throw notFound(subscription.admin.paymentNotFound);
  const { payment, sub, email } = input.target;
  const provider = ctx.payments.byName(payment.provider);
  const left = payment.amount - payment.refundedOre;
  if (payment.status !== 'paid' || left <= 0 || !provider || !payment.providerRef) throw new AppError('refund_not_allowed', 409);
  const amountOre = input.amountOre ?? left;
  if (amountOre > left) throw new AppError('refund_too_much', 400, subscription.admin.tooMuch(formatOre(left)));
  const refundedOre = payment.refundedOre + amountOre;
  const paymentRef = payment.providerRef;
  // Named by what was refunded before it: a retry after a failure here is the same refund at the provider.
  const key = `refund-${payment.id}-${payment.refundedOre}`;
  await providerCall(provider, `refund ${payment.id}`, () => provider.refund({ subscription: sub, paymentRef, amountOre, key }));
  if (refundedOre === payment.amount && sub) await endAtProvider(provider, sub);

  const now = ctx.now();
  const results = await db.batch([
    auditExistingStatement(
      ctx,
      { actorId: input.actorId, action: 'payment.refund', targetType: 'payment', targetId: payment.id },
      {
        table: payments,
        idColumn: payments.id,
        details: sql`json_object('amountOre', ${amountOre}, 'refundedOre', ${refundedOre}, 'paidOre', ${payments.amount}, 'plan', ${payments.plan})`,
      },
    ),
    ...refundStatements(ctx, { payment, email, refundedOre, at: now }),
    db
      .select({ number: receipts.number })
      .from(receipts)
      .where(and(eq(receipts.paymentId, payment.id), eq(receipts.kind, 'credit_note')))
      .orderBy(desc(receipts.number))
      .limit(1),
  ]);
  // The last statement's rows: the newest credit note (this refund's, or the one its webhook wrote first).
  const last = results[results.length - 1];
  const creditNote = Array.isArray(last) ? last[0] : undefined;
  const full = refundedOre === payment.amount;
  return {
    message: full ? subscription.admin.refunded : subscription.admin.partlyRefunded(formatOre(amountOre)),
    refundedOre,
    creditNoteNumber: creditNote?.number ?? null,
  };
}
