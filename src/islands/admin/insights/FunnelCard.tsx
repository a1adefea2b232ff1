import { useState } from 'react';
import { adminInsights } from '#shared/copy/admin/insights';
import type { CsvFormat } from '#shared/csv';
import { FUNNEL_SERIES, FUNNEL_WEEKS, type FunnelWeek, type InsightsFunnel } from '#shared/schemas/admin/insights';
import { api, call } from '#browser/api';
import { formatNumber } from '#browser/format';
import { adminOverview } from '#shared/copy/admin/dashboard';
import { Loadable, useLoad } from '../../ui/Loadable';
import { SelectField } from '../../ui/SelectField';
import { BarChart } from './BarChart';
import { ChartCard, type Column } from './ChartCard';

const t = adminInsights.funnel;

const COLUMNS: Column<FunnelWeek>[] = [
  { label: t.week, value: (w) => w.week },
  ...FUNNEL_SERIES.map((metric) => ({ label: t.series[metric], value: (w: FunnelWeek) => w[metric], format: formatNumber })),
];

/** The funnel per week: a small chart per step (each on its own scale), for all visitors or one UTM source. */
export function FunnelCard({ format }: { format: CsvFormat }) {
  const [source, setSource] = useState('');
  const { state, reload } = useLoad<InsightsFunnel>(
    () => call(api.admin.insights.funnel.$get({ query: { utmSource: source || undefined } })),
    source,
    adminInsights.loadFailed,
  );
  return (
    <Loadable load={state} loading={adminInsights.loading} retryLabel={adminOverview.retry} onRetry={reload}>
      {(data) => (
        <ChartCard
          testId="insights-funnel"
          title={t.title}
          description={t.description(FUNNEL_WEEKS, data.utmSource)}
          rows={data.weeks}
          columns={COLUMNS}
          fileName={t.fileName(data.utmSource)}
          format={format}
          controls={
            <div className="mt-4 w-full sm:w-72">
              <SelectField
                label={t.sourceLabel}
                hint={t.sourceHint}
                value={source}
                options={['', ...data.sources]}
                optionLabel={(s) => s || t.allSources}
                onChange={setSource}
              />
            </div>
          }
        >
          <div className="grid gap-6 md:grid-cols-2 2xl:grid-cols-3">
            {FUNNEL_SERIES.map((metric) => {
              const values = data.weeks.map((w) => w[metric]);
              return (
                <figure key={metric}>
                  <figcaption className="mb-1 text-sm font-semibold">{t.series[metric]}</figcaption>
                  <BarChart
                    size="small"
                    title={t.series[metric]}
                    summary={adminInsights.chartSummary(
                      t.series[metric],
                      formatNumber(Math.max(0, ...values)),
                      formatNumber(values.at(-1) ?? 0),
                    )}
                    labels={data.weeks.map((w) => t.weekLabel(w.week))}
                    series={[{ name: t.series[metric], values }]}
                    formatValue={formatNumber}
                  />
                </figure>
              );
            })}
          </div>
        </ChartCard>
      )}
    </Loadable>
  );
}
