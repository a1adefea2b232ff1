import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { payments, subscriptions, users } from '#db/schema';
import { DAY, MINUTE } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { eventStatements, ownerColumns } from '#worker/features/premium/index';
import { PaymentStartError } from '#worker/platform/payments/types';

/** A checkout or renewal charge this old without news is asked about (its webhook is late or lost). */
export const POLL_AFTER_MS = 10 * MINUTE;
/** Older than this, nothing will change any more (a Vipps agreement not accepted has expired long since). */
const POLL_WITHIN_MS = 14 * DAY;
const BATCH = 100;

/**
 * The webhook's fallback: pending payments of providers that can be asked (Vipps) older than
 * POLL_AFTER_MS — checkouts whose agreement was accepted, rejected or expired, and renewal
 * charges due — are asked about, and what the provider says is applied as its webhook would
 * have been. One read, the provider's answers, one write.
 */
export async function pollPendingPayments(ctx: ServiceCtx<'payments' | 'config'>, at: number) {
  const { db } = ctx;
  const pollers = ctx.payments.all.filter((p) => p.poll);
  const rows = await db
    .select({ payment: payments, user: ownerColumns, sub: subscriptions })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(
      and(
        eq(payments.status, 'pending'),
        lte(payments.createdAt, new Date(at - POLL_AFTER_MS)),
        gt(payments.createdAt, new Date(at - POLL_WITHIN_MS)),
        inArray(
          payments.provider,
          pollers.map((p) => p.name),
        ),
      ),
    )
    .limit(BATCH);
  const events = await Promise.all(
    rows.map(async ({ payment, sub }) => {
      try {
        return await ctx.payments.byName(payment.provider)!.poll!({
          id: payment.id,
          providerRef: payment.providerRef,
          subscriptionRef: sub?.providerRef ?? null,
        });
      } catch (err) {
        if (!(err instanceof PaymentStartError)) throw err;
        return null;
      }
    }),
  );
  const work: BatchItem<'sqlite'>[] = [];
  rows.forEach(({ payment, user, sub }, i) => {
    const event = events[i];
    if (!event || event.outcome === 'ignored') return;
    work.push(
      ...eventStatements({ ...ctx, now: () => at }, payment.provider, event, {
        found: { payment, user },
        sub: sub ? { sub, user } : undefined,
      }),
    );
  });
  if (work.length) await db.batch(work as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return { polled: rows.length, settled: events.filter((e) => e && e.outcome !== 'ignored').length };
}
