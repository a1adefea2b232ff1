import { and, count, eq, gte, sql, sum } from 'drizzle-orm';
import { payments } from '#db/schema';
import type { RevenueResponse } from '#shared/schemas/admin/dashboard';
import { DAY, HOUR, osloCalendarDay } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { activeSubscriptionsQuery, monthlyRecurringRevenue, subscriptionActivityQueries } from './subscriptions';

/** The revenue tab shows this many calendar months, the current one first. */
const REVENUE_MONTHS = 12;

/**
 * Paid payments in NOK (stored in øre): totals per Oslo calendar month for the last 12 months,
 * all-time totals, today's MRR and subscriptions per plan, and the subscriptions' last and next
 * 30 days (renewals due, failed renewals, cancellations, refunds). One round trip. The database groups by
 * UTC hour (Oslo's offset is whole hours, so an hour never straddles two Oslo months) and the
 * hours are folded into months here.
 */
export async function revenue(ctx: ServiceCtx): Promise<RevenueResponse> {
  const { db } = ctx;
  const now = ctx.now();
  const paidNok = and(eq(payments.status, 'paid'), eq(payments.currency, 'NOK'));
  const hour = sql<number>`${payments.paidAt} / ${HOUR}`;
  const [[subs], [all], hours, [due], [events], [refunds]] = await db.batch([
    activeSubscriptionsQuery(ctx),
    db
      .select({ total: sum(payments.amount).mapWith(Number), n: count() })
      .from(payments)
      .where(paidNok),
    db
      .select({ hour, total: sum(payments.amount).mapWith(Number), n: count() })
      .from(payments)
      .where(and(paidNok, gte(payments.paidAt, new Date(now - (REVENUE_MONTHS + 1) * 31 * DAY))))
      .groupBy(hour),
    ...subscriptionActivityQueries(ctx),
  ]);
  const nok = (ore: number) => ore / 100;

  const months = lastMonths(now, REVENUE_MONTHS).map((month) => ({ month, total: 0, count: 0 }));
  const byMonth = new Map(months.map((m) => [m.month, m]));
  for (const h of hours) {
    const m = byMonth.get(osloCalendarDay(h.hour * HOUR).slice(0, 7));
    if (!m) continue;
    m.total += nok(h.total);
    m.count += h.n;
  }
  const { mrrOre, ...subscriptions } = subs ?? { monthly: 0, yearly: 0, mrrOre: 0 };
  return {
    mrr: monthlyRecurringRevenue(mrrOre),
    subscriptions,
    totalPaid: nok(all?.total ?? 0),
    paymentsCount: all?.n ?? 0,
    months,
    renewalsDue: { count: due?.n ?? 0, totalNok: nok(due?.ore ?? 0) },
    failedRenewals: events?.failed ?? 0,
    cancellations: events?.canceled ?? 0,
    refunds: { count: refunds?.n ?? 0, totalNok: nok(refunds?.ore ?? 0) },
  };
}

/** The `count` Oslo calendar months up to the one containing `now`, newest first, as YYYY-MM. */
function lastMonths(now: number, n: number): string[] {
  const [year, month] = osloCalendarDay(now).split('-').map(Number) as [number, number];
  return Array.from({ length: n }, (_, i) => {
    const index = year * 12 + (month - 1) - i;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}
