import { useId } from 'react';
import { adminOverview } from '#shared/copy/admin/dashboard';
import { adminInsights } from '#shared/copy/admin/insights';
import type { CsvFormat } from '#shared/csv';
import { COHORT_FOLLOW_MONTHS, type Cohort, type InsightsCohorts } from '#shared/schemas/admin/insights';
import { api, call } from '#browser/api';
import { formatNumber, formatPercent, formatShortMonth } from '#browser/format';
import { Loadable, useLoad } from '../../ui/Loadable';
import { ChartCard, type Column } from './ChartCard';

const t = adminInsights.cohorts;
const AFTER = Array.from({ length: COHORT_FOLLOW_MONTHS }, (_, i) => i + 1);

const COLUMNS: Column<Cohort>[] = [
  { label: t.month, value: (c) => c.month },
  { label: t.size, value: (c) => c.size, format: formatNumber },
  ...AFTER.map((k) => ({
    label: t.after(k),
    value: (c: Cohort) => c.retained[k - 1] ?? null,
    format: formatPercent,
    decimals: 1,
  })),
];

const CELL = 44;
const ROW = 26;
const LEFT = 96;
const HEAD = 24;

/**
 * A cell's shade: from the card's near-white to the brand's dark orange as the share grows, with
 * the text dark on light cells and white on dark ones (each pair at least 4.5:1).
 */
function shade(pct: number): { fill: string; text: string } {
  const steps = ['#fff7ed', '#ffedd5', '#fed7aa', '#fdba74', '#c2410c', '#9a3412'];
  const i = Math.min(steps.length - 1, Math.floor((pct / 100) * steps.length));
  return { fill: steps[i]!, text: i >= 4 ? '#ffffff' : '#1c1917' };
}

/** The cohorts as a grid: a row per month of purchase, a column per month after it, each cell the share still subscribed. */
function CohortGrid({ cohorts }: { cohorts: Cohort[] }) {
  const id = useId();
  const width = LEFT + CELL * (COHORT_FOLLOW_MONTHS + 1);
  const height = HEAD + ROW * cohorts.length;
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full min-w-[36rem] text-[11px]"
    >
      <title id={`${id}-title`}>{t.title}</title>
      <desc id={`${id}-desc`}>{t.chartLabel}</desc>
      <text x={LEFT + CELL / 2} y={16} textAnchor="middle" className="fill-stone-700 font-semibold">
        {t.size}
      </text>
      {AFTER.map((k) => (
        <text key={k} x={LEFT + CELL * k + CELL / 2} y={16} textAnchor="middle" className="fill-stone-700">
          {t.after(k)}
        </text>
      ))}
      {cohorts.map((c, r) => {
        const y = HEAD + r * ROW;
        return (
          <g key={c.month}>
            <text x={LEFT - 8} y={y + ROW / 2 + 4} textAnchor="end" className="fill-stone-700">
              {formatShortMonth(c.month)}
            </text>
            <text x={LEFT + CELL / 2} y={y + ROW / 2 + 4} textAnchor="middle" className="fill-stone-900">
              {formatNumber(c.size)}
            </text>
            {c.retained.map((pct, i) => {
              const { fill, text } = shade(pct);
              const x = LEFT + CELL * (i + 1);
              return (
                <g key={i}>
                  <rect x={x + 1} y={y + 1} width={CELL - 2} height={ROW - 2} rx={3} fill={fill} />
                  <text x={x + CELL / 2} y={y + ROW / 2 + 4} textAnchor="middle" fill={text}>
                    {Math.round(pct)}
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}

/** Retention by month of purchase: the grid, with the table and CSV behind it. */
export function CohortsCard({ format }: { format: CsvFormat }) {
  const { state, reload } = useLoad<InsightsCohorts>(
    () => call(api.admin.insights.cohorts.$get({ query: {} })),
    'cohorts',
    adminInsights.loadFailed,
  );
  return (
    <Loadable load={state} loading={adminInsights.loading} retryLabel={adminOverview.retry} onRetry={reload}>
      {({ cohorts }) => (
        <ChartCard
          testId="insights-cohorts"
          title={t.title}
          description={t.description}
          rows={cohorts}
          columns={COLUMNS}
          fileName={t.fileName}
          format={format}
        >
          {cohorts.some((c) => c.size > 0) ? <CohortGrid cohorts={cohorts} /> : <p className="text-muted">{t.empty}</p>}
        </ChartCard>
      )}
    </Loadable>
  );
}
