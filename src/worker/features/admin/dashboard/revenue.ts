import { and, count, eq, gte, inArray, sql, sum } from 'drizzle-orm';
import { payments, receipts } from '#db/schema';
import type { RevenueResponse } from '#shared/schemas/admin/dashboard';
import { DAY, HOUR, osloCalendarDay } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { activeSubscriptionsQuery, monthlyRecurringRevenue, subscriptionActivityQueries } from './subscriptions';

/** The revenue tab shows this many calendar months, the current one first. */
const REVENUE_MONTHS = 12;

/**
 * Payments in NOK (stored in øre), per Oslo calendar month for the last 12 months and all time:
 * gross (every payment taken, refunded since or not, counted in the month it was paid), refunds
 * (the credit notes, in the month each was issued) and net; today's MRR and subscriptions per
 * plan, and the subscriptions' last and next 30 days (renewals due, failed renewals,
 * cancellations, refunds). One round trip. The database groups by UTC hour (Oslo's offset is whole
 * hours, so an hour never straddles two Oslo months) and the hours are folded into months here.
 */
export async function revenue(ctx: ServiceCtx): Promise<RevenueResponse> {
  const { db } = ctx;
  const now = ctx.now();
  // Paid, and still counted as taken when refunded later: the refund is its own line (a credit note).
  const takenNok = and(inArray(payments.status, ['paid', 'refunded']), eq(payments.currency, 'NOK'));
  const since = new Date(now - (REVENUE_MONTHS + 1) * 31 * DAY);
  const hour = sql<number>`${payments.paidAt} / ${HOUR}`;
  const refundHour = sql<number>`${receipts.issuedAt} / ${HOUR}`;
  const refundedOre = sql<number>`coalesce(-sum(${receipts.totalOre}), 0)`.mapWith(Number);
  const [[subs], [all], [allRefunds], hours, refundHours, [due], [events], [refunds]] = await db.batch([
    activeSubscriptionsQuery(ctx),
    db
      .select({ total: sum(payments.amount).mapWith(Number), n: count() })
      .from(payments)
      .where(takenNok),
    db.select({ ore: refundedOre }).from(receipts).where(eq(receipts.kind, 'credit_note')),
    db
      .select({ hour, total: sum(payments.amount).mapWith(Number), n: count() })
      .from(payments)
      .where(and(takenNok, gte(payments.paidAt, since)))
      .groupBy(hour),
    db
      .select({ hour: refundHour, ore: refundedOre })
      .from(receipts)
      .where(and(eq(receipts.kind, 'credit_note'), gte(receipts.issuedAt, since)))
      .groupBy(refundHour),
    ...subscriptionActivityQueries(ctx),
  ]);
  const nok = (ore: number) => ore / 100;

  const months = lastMonths(now, REVENUE_MONTHS).map((month) => ({ month, gross: 0, refunds: 0, net: 0, count: 0 }));
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const monthOf = (h: number) => byMonth.get(osloCalendarDay(h * HOUR).slice(0, 7));
  for (const h of hours) {
    const m = monthOf(h.hour);
    if (!m) continue;
    m.gross += h.total;
    m.count += h.n;
  }
  for (const h of refundHours) {
    const m = monthOf(h.hour);
    if (m) m.refunds += h.ore;
  }
  // Summed in øre, shown in NOK: no float drift in the sums.
  for (const m of months) Object.assign(m, { gross: nok(m.gross), refunds: nok(m.refunds), net: nok(m.gross - m.refunds) });
  const { mrrOre, ...subscriptions } = subs ?? { monthly: 0, yearly: 0, mrrOre: 0 };
  return {
    mrr: monthlyRecurringRevenue(mrrOre),
    subscriptions,
    totalPaid: nok(all?.total ?? 0),
    totalRefunded: nok(allRefunds?.ore ?? 0),
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
