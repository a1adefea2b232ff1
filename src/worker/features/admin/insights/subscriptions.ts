import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { insightSubscriptions } from '#db/schema';
import type { InsightsSubscriptions, InsightsSubscriptionsQuery } from '#shared/schemas/admin/insights';
import type { ServiceCtx } from '#worker/context';
import { osloMonths, type Period } from './periods';
import { percent } from './percent';

/**
 * Which of the periods an instant falls in, as SQL: -1 before the first, `periods.length` after
 * the last (or NULL, for a NULL instant: a span not ended). A CASE over the bounds, so each row is
 * placed without a join.
 */
export function periodIndex(at: SQLWrapper, periods: readonly Period[]): SQL {
  const whens = periods.map((p, i) => sql`WHEN ${at} < ${p.end} THEN ${i}`);
  return sql`CASE WHEN ${at} IS NULL THEN NULL WHEN ${at} < ${periods[0]!.start} THEN -1 ${sql.join(whens, sql` `)} ELSE ${periods.length} END`;
}

const count = (groups: readonly { count: number }[]) => groups.reduce((sum, g) => sum + g.count, 0);

/**
 * GET /api/admin/insights/subscriptions: per Oslo calendar month, the MRR at its end (now, for
 * this month), the subscriptions started and ended in it, and churn — those ended as a share of
 * those subscribed when it began. One statement, one round trip: the spans (db/schema/insights.ts)
 * still running when the window opens, grouped by the month each started and ended in (a row
 * each is read once, on its index); the months' figures are running sums of those groups.
 */
export async function subscriptionMonths(ctx: ServiceCtx, input: InsightsSubscriptionsQuery): Promise<InsightsSubscriptions> {
  const now = ctx.now();
  const months = osloMonths(now, input.months);
  const x = insightSubscriptions;
  const groups = await ctx.db.all<{ started: number; ended: number | null; count: number; ore: number }>(sql`
    SELECT ${periodIndex(x.startedAt, months)} AS started, ${periodIndex(x.endedAt, months)} AS ended,
      count(*) AS count, sum(${x.monthlyOre}) AS ore
    FROM ${x}
    WHERE ${x.startedAt} < ${now} AND (${x.endedAt} IS NULL OR ${x.endedAt} >= ${months[0]!.start})
    GROUP BY 1, 2`);
  return {
    months: months.map((month, m) => {
      // Running at the month's end: started in or before it, and not ended by then.
      const live = groups.filter((g) => g.started <= m && (g.ended === null || g.ended > m));
      // Subscribed when it began: started before it, not ended before it.
      const atStart = count(groups.filter((g) => g.started < m && (g.ended === null || g.ended >= m)));
      const ended = count(groups.filter((g) => g.ended === m));
      return {
        month: month.label,
        mrr: Math.round(live.reduce((sum, g) => sum + g.ore, 0) / 100),
        started: count(groups.filter((g) => g.started === m)),
        ended,
        churnPct: percent(ended, atStart),
      };
    }),
  };
}
