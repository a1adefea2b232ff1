import { adminOverview } from '#shared/copy/admin/dashboard';
import { adminInsights } from '#shared/copy/admin/insights';
import type { CsvFormat } from '#shared/csv';
import { SUBSCRIPTION_MONTHS, type InsightsSubscriptions, type SubscriptionMonth } from '#shared/schemas/admin/insights';
import { api, call } from '#browser/api';
import { formatMonth, formatNok, formatNumber, formatPercent, formatShortMonth } from '#browser/format';
import { Loadable, useLoad } from '../../ui/Loadable';
import { BarChart } from './BarChart';
import { ChartCard, type Column } from './ChartCard';

const t = adminInsights.subscriptions;

const COLUMNS: Column<SubscriptionMonth>[] = [
  { label: t.month, value: (m) => m.month },
  { label: t.mrr, value: (m) => m.mrr, format: formatNok },
  { label: t.started, value: (m) => m.started, format: formatNumber },
  { label: t.ended, value: (m) => m.ended, format: formatNumber },
  { label: t.churnPct, value: (m) => m.churnPct, format: formatPercent, decimals: 1 },
];

/** MRR at each month's end, and the subscriptions started and ended in it (churn in the table). */
export function SubscriptionsCard({ format }: { format: CsvFormat }) {
  const { state, reload } = useLoad<InsightsSubscriptions>(
    () => call(api.admin.insights.subscriptions.$get({ query: {} })),
    'subscriptions',
    adminInsights.loadFailed,
  );
  return (
    <Loadable load={state} loading={adminInsights.loading} retryLabel={adminOverview.retry} onRetry={reload}>
      {({ months }) => {
        const labels = months.map((m) => formatShortMonth(m.month));
        const mrr = months.map((m) => m.mrr);
        const last = months.at(-1);
        return (
          <ChartCard
            testId="insights-subscriptions"
            title={t.title}
            description={t.description(SUBSCRIPTION_MONTHS)}
            rows={months}
            columns={COLUMNS}
            fileName={t.fileName}
            format={format}
          >
            <div className="grid gap-6">
              <figure>
                <figcaption className="mb-1 text-sm font-semibold">{t.mrrTitle}</figcaption>
                <BarChart
                  title={t.mrrTitle}
                  summary={adminInsights.chartSummary(t.mrrTitle, formatNok(Math.max(0, ...mrr)), formatNok(last?.mrr ?? 0))}
                  labels={labels}
                  series={[{ name: t.mrrTitle, values: mrr }]}
                  formatValue={formatNok}
                />
              </figure>
              <figure>
                <figcaption className="mb-1 text-sm font-semibold">{t.countsTitle}</figcaption>
                <BarChart
                  title={t.countsTitle}
                  summary={t.countsSummary(formatMonth(last?.month ?? ''), last?.started ?? 0, last?.ended ?? 0)}
                  labels={labels}
                  series={[
                    { name: t.started, values: months.map((m) => m.started) },
                    { name: t.ended, values: months.map((m) => m.ended) },
                  ]}
                  formatValue={formatNumber}
                />
              </figure>
            </div>
          </ChartCard>
        );
      }}
    </Loadable>
  );
}
