import { sql } from 'drizzle-orm';
import { insightSubscriptions } from '#db/schema';
import type { InsightsSubscriptions, InsightsSubscriptionsQuery } from '#shared/schemas/admin/insights';
import type { ServiceCtx } from '#worker/context';
import { osloMonths, type Period } from './periods';
import { percent } from './percent';

/** The months as a VALUES list `(i, start, end)` in epoch ms, the current month ending now. */
export const periodBounds = (periods: readonly Period[], now: number) =>
  sql.join(
    periods.map((p, i) => sql`(${i}, ${p.start}, ${Math.min(p.end, now)})`),
    sql`, `,
  );

/**
 * GET /api/admin/insights/subscriptions: per Oslo calendar month, the MRR at its end (now, for
 * this month), the subscriptions started and ended in it, and churn — those ended as a share of
 * those subscribed when it began. Read from the subscriptions' spans (db/schema/insights.ts), one
 * grouped statement in one round trip; only spans that touch the window are read (its index).
 */
export async function subscriptionMonths(ctx: ServiceCtx, input: InsightsSubscriptionsQuery): Promise<InsightsSubscriptions> {
  const now = ctx.now();
  const months = osloMonths(now, input.months);
  const x = insightSubscriptions;
  const rows = await ctx.db.all<{ i: number; mrrOre: number; started: number; ended: number; atStart: number }>(sql`
    WITH m(i, s, e) AS (VALUES ${periodBounds(months, now)})
    SELECT m.i AS i,
      coalesce(sum(CASE WHEN ${x.startedAt} < m.e AND (${x.endedAt} IS NULL OR ${x.endedAt} >= m.e) THEN ${x.monthlyOre} END), 0) AS mrrOre,
      count(CASE WHEN ${x.startedAt} >= m.s AND ${x.startedAt} < m.e THEN 1 END) AS started,
      count(CASE WHEN ${x.endedAt} >= m.s AND ${x.endedAt} < m.e THEN 1 END) AS ended,
      count(CASE WHEN ${x.startedAt} < m.s AND (${x.endedAt} IS NULL OR ${x.endedAt} >= m.s) THEN 1 END) AS atStart
    FROM m LEFT JOIN ${x} ON ${x.startedAt} < ${now} AND (${x.endedAt} IS NULL OR ${x.endedAt} >= ${months[0]!.start})
    GROUP BY m.i ORDER BY m.i`);
  return {
    months: rows.map((r) => ({
      month: months[r.i]!.label,
      mrr: Math.round(r.mrrOre / 100),
      started: r.started,
      ended: r.ended,
      churnPct: percent(r.ended, r.atStart),
    })),
  };
}
