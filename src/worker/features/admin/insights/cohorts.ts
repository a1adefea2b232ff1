import { sql } from 'drizzle-orm';
import { insightSubscriptions } from '#db/schema';
import {
  COHORT_FOLLOW_MONTHS,
  type Cohort,
  type InsightsCohorts,
  type InsightsCohortsQuery,
} from '#shared/schemas/admin/insights';
import type { ServiceCtx } from '#worker/context';
import { osloMonths } from './periods';
import { percent } from './percent';
import { periodIndex } from './subscriptions';

/**
 * GET /api/admin/insights/cohorts: the subscriptions started in each of the last N Oslo months
 * (the cohort), and the share of them still subscribed at the end of each month after it (up to
 * twelve), for the months that have ended. One grouped statement over the spans started in the
 * window (its index), counted by purchase month and the month each ended in; the shares are
 * running sums of those.
 */
export async function cohorts(ctx: ServiceCtx, input: InsightsCohortsQuery): Promise<InsightsCohorts> {
  const now = ctx.now();
  const n = input.months;
  const months = osloMonths(now, n);
  const x = insightSubscriptions;
  const rows = await ctx.db.all<{ cohort: number; ended: number | null; n: number }>(sql`
    SELECT ${periodIndex(x.startedAt, months)} AS cohort, ${periodIndex(x.endedAt, months)} AS ended, count(*) AS n
    FROM ${x}
    WHERE ${x.startedAt} >= ${months[0]!.start} AND ${x.startedAt} < ${now}
    GROUP BY 1, 2`);
  const size = Array<number>(n).fill(0);
  // endedBy[c][j]: of cohort c, how many ended in month j (j ≥ c).
  const endedBy = months.map(() => Array<number>(n).fill(0));
  for (const row of rows) {
    size[row.cohort]! += row.n;
    if (row.ended !== null) endedBy[row.cohort]![row.ended]! += row.n;
  }
  return {
    cohorts: months.map((month, c): Cohort => {
      const retained: number[] = [];
      let gone = endedBy[c]![c]!;
      // After k months: the end of month c + k, once that month has ended (the current one, the last, has not).
      for (let k = 1; k <= COHORT_FOLLOW_MONTHS && c + k < n && months[c + k]!.end <= now; k++) {
        gone += endedBy[c]![c + k]!;
        retained.push(percent(size[c]! - gone, size[c]!) ?? 0);
      }
      return { month: month.label, size: size[c]!, retained: size[c] === 0 ? [] : retained };
    }),
  };
}
