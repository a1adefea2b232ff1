import { asc, eq, sql } from 'drizzle-orm';
import { insightCounts, insightSources } from '#db/schema';
import { adminInsights } from '#shared/copy/admin/insights';
import {
  FUNNEL_SERIES,
  type FunnelMetric,
  type FunnelWeek,
  type InsightsFunnel,
  type InsightsFunnelQuery,
} from '#shared/schemas/admin/insights';
import type { ServiceCtx } from '#worker/context';
import { notFound } from '#worker/errors';
import { hourOf, osloWeeks, type Period } from './periods';

/** The periods as a VALUES list `(i, first hour, hour after)`, for a CTE that sums `insight_counts` by period. */
export const periodHours = (periods: readonly Period[]) =>
  sql.join(
    periods.map((p, i) => sql`(${i}, ${hourOf(p.start)}, ${hourOf(p.end)})`),
    sql`, `,
  );

/** The selector offers at most this many sources (alphabetically); any known one can still be asked for. */
const MAX_SOURCES = 200;

/**
 * GET /api/admin/insights/funnel: per Oslo ISO week, the funnel's five counts — overall, or for
 * the leads of one first-touch UTM source — summed from the hourly counts the triggers keep
 * (db/schema/insights.ts), with the sources to choose from. One round trip; an unknown source is a 404.
 * CROSS JOIN keeps the weeks outside, so each week reads only its own hours of each step on the
 * primary key (26 × 5 short ranges), never every hour there is.
 */
export async function funnel(ctx: ServiceCtx, input: InsightsFunnelQuery): Promise<InsightsFunnel> {
  const { db } = ctx;
  const weeks = osloWeeks(ctx.now(), input.weeks);
  const source = input.utmSource ?? null;
  const [sums, sources, known] = await db.batch([
    db.all<{ i: number; metric: FunnelMetric; n: number }>(sql`
      WITH w(i, s, e) AS (VALUES ${periodHours(weeks)})
      SELECT w.i AS i, c.metric AS metric, sum(c.n) AS n
      FROM w CROSS JOIN ${insightCounts} c
      WHERE c.scope = ${source === null ? 0 : 1} AND c.utm_source = ${source ?? ''}
        AND c.metric IN ${FUNNEL_SERIES} AND c.hour >= w.s AND c.hour < w.e
      GROUP BY w.i, c.metric`),
    db
      .select({ utmSource: insightSources.utmSource })
      .from(insightSources)
      .orderBy(asc(insightSources.utmSource))
      .limit(MAX_SOURCES),
    db
      .select({ utmSource: insightSources.utmSource })
      .from(insightSources)
      .where(eq(insightSources.utmSource, source ?? '')),
  ]);
  if (source !== null && known.length === 0) throw notFound(adminInsights.validation.unknownSource(source));
  const rows: FunnelWeek[] = weeks.map((w) => ({
    week: w.label,
    start: w.monday,
    visitors: 0,
    leads: 0,
    confirmed: 0,
    firstLesson: 0,
    premium: 0,
  }));
  for (const { i, metric, n } of sums) rows[i]![metric] = n;
  return { weeks: rows, utmSource: source, sources: sources.map((s) => s.utmSource) };
}
