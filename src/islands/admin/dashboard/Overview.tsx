import { BookOpen, Crown, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { adminOverview } from '#shared/copy/admin/dashboard';
import { adminShell } from '#shared/copy/admin';
import { guide } from '#shared/copy/guide';
import { premium } from '#shared/copy/premium';
import type { Plan } from '#shared/constants';
import type { ActivityItem, DashboardResponse } from '#shared/schemas/admin/dashboard';
import { api, call } from '#browser/api';
import { formatNok, formatNumber, formatRelative } from '#browser/format';
import { Loadable, useLoad } from '../../ui/Loadable';
import { FailedMail } from './FailedMail';
import { SectionHeader } from '../SectionHeader';

const t = adminOverview;
const planName = (plan: string | null | undefined) =>
  plan && Object.hasOwn(premium.planNames, plan) ? premium.planNames[plan as Plan] : guide.premium.other;

/** Oversikt: the key figures and recent activity, from GET /api/admin/dashboard. */
export default function Overview() {
  const { state, reload } = useLoad<DashboardResponse>(() => call(api.admin.dashboard.$get()), 'dashboard', t.loadFailed);
  return (
    <>
      <SectionHeader title={t.title} intro={t.intro} />
      <Loadable load={state} loading={adminShell.loading} retryLabel={t.retry} onRetry={reload}>
        {(data) => (
          <>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <Stat icon={Users} label={t.users} value={formatNumber(data.users.total)} hint={t.activeLast7(data.users.active)} />
              <Stat
                icon={Crown}
                label={t.premium}
                value={formatNumber(data.users.premium)}
                hint={t.premiumShare(data.users.total ? Math.round((data.users.premium / data.users.total) * 100) : 0)}
              />
              <Stat
                icon={BookOpen}
                label={t.modules}
                value={formatNumber(data.content.totalModules)}
                hint={t.premiumModules(data.content.premiumContent)}
              />
              <Stat icon={TrendingUp} label={t.mrr} value={formatNok(data.revenue.mrr)} hint={t.mrrHint} />
            </div>
            <section aria-labelledby="activity-title" className="card mt-6">
              <h2 id="activity-title" className="text-lg font-bold">
                {t.activityTitle}
              </h2>
              {data.activity.length === 0 ? (
                <p className="mt-3 text-muted">{t.activityEmpty}</p>
              ) : (
                <ul className="mt-2 divide-y divide-stone-200">
                  {data.activity.map((a, i) => (
                    <li
                      key={`${a.kind}-${a.at}-${i}`}
                      className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3"
                    >
                      <span className="min-w-0 break-words">{describe(a)}</span>
                      <time dateTime={a.at} className="text-sm text-muted">
                        {formatRelative(a.at)}
                      </time>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </Loadable>
      <FailedMail />
    </>
  );
}

function describe(a: ActivityItem): string {
  const who = a.who ?? t.deletedUser;
  switch (a.kind) {
    case 'lesson':
      return t.activity.lesson(who, a.detail ?? '');
    case 'upgrade':
      return t.activity.upgrade(who, planName(a.detail));
    default:
      return t.activity[a.kind](who);
  }
}

export function Stat({ icon: Icon, label, value, hint }: { icon: LucideIcon; label: string; value: string; hint: ReactNode }) {
  return (
    <div className="card">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-semibold text-muted">{label}</p>
        <Icon aria-hidden="true" className="size-5 text-brand-700" />
      </div>
      <p className="mt-2 text-3xl font-extrabold tracking-tight">{value}</p>
      <p className="mt-1 text-sm text-muted">{hint}</p>
    </div>
  );
}
