import { Activity, CheckCircle2, TrendingUp } from 'lucide-react';
import { adminContent } from '#shared/copy/admin/content';
import type { ModuleStats } from '#shared/schemas/admin/content';
import { formatNumber } from '#browser/format';
import { Stat } from '../dashboard/Overview';

const t = adminContent;

/** Statistikk: completion, average progress and active learners, from the learners' real completions. */
export function StatsTab({ stats }: { stats: ModuleStats }) {
  return (
    <div>
      <p className="mb-4 text-muted">{stats.learners === 0 ? t.noLearners : t.statsIntro}</p>
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat
          icon={CheckCircle2}
          label={t.completionRate}
          value={t.percent(stats.completionRate)}
          hint={t.completionRateHint(stats.completed, stats.learners)}
        />
        <Stat icon={TrendingUp} label={t.averageProgress} value={t.percent(stats.averageProgress)} hint={t.averageProgressHint} />
        <Stat icon={Activity} label={t.activeLearners} value={formatNumber(stats.activeLearners)} hint={t.activeLearnersHint} />
      </div>
    </div>
  );
}
