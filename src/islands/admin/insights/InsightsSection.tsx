import { useState } from 'react';
import { adminInsights } from '#shared/copy/admin/insights';
import type { CsvFormat } from '#shared/csv';
import { CsvFormatSelect } from '../CsvFormatSelect';
import { SectionHeader } from '../SectionHeader';
import { CohortsCard } from './CohortsCard';
import { FunnelCard } from './FunnelCard';
import { SubscriptionsCard } from './SubscriptionsCard';

/** Innsikt: the funnel per week, subscriptions per month and cohorts — each a chart with its table and CSV, one API call each. */
export default function InsightsSection() {
  const [format, setFormat] = useState<CsvFormat>('excel');
  return (
    <>
      <SectionHeader
        title={adminInsights.title}
        intro={adminInsights.intro}
        actions={
          <div className="w-full sm:w-80">
            <CsvFormatSelect value={format} onChange={setFormat} />
          </div>
        }
      />
      <FunnelCard format={format} />
      <SubscriptionsCard format={format} />
      <CohortsCard format={format} />
    </>
  );
}
