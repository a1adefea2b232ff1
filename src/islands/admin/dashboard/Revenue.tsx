import { CalendarClock, CircleX, Receipt, TrendingUp, TriangleAlert, Undo2, Wallet } from 'lucide-react';
import { adminOverview, adminRevenue } from '#shared/copy/admin/dashboard';
import { adminShell } from '#shared/copy/admin';
import type { RevenueResponse } from '#shared/schemas/admin/dashboard';
import { api, call } from '#browser/api';
import { formatMonth, formatNok, formatNumber } from '#browser/format';
import { Loadable, useLoad } from '../../ui/Loadable';
import { Stat } from './Overview';
import { SectionHeader } from '../SectionHeader';
import AccountingExport from './AccountingExport';

const t = adminRevenue;

/** Inntekter: real payments per month and MRR, or an honest empty state before the first payment. */
export default function Revenue() {
  const { state, reload } = useLoad<RevenueResponse>(() => call(api.admin.dashboard.revenue.$get()), 'revenue', t.loadFailed);
  return (
    <>
      <SectionHeader title={t.title} intro={t.intro} />
      <Loadable load={state} loading={adminShell.loading} retryLabel={adminOverview.retry} onRetry={reload}>
        {(data) => (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <Stat
                icon={TrendingUp}
                label={t.mrr}
                value={formatNok(data.mrr)}
                hint={t.subscriptions(data.subscriptions.monthly, data.subscriptions.yearly)}
              />
              <Stat
                icon={Wallet}
                label={t.totalPaid}
                value={formatNok(data.totalPaid)}
                hint={t.paidHint(data.paymentsCount, formatNok(data.totalRefunded))}
              />
            </div>
            <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="subscription-activity">
              <Stat
                icon={CalendarClock}
                label={t.renewalsDue}
                value={formatNumber(data.renewalsDue.count)}
                hint={t.renewalsDueHint(formatNok(data.renewalsDue.totalNok))}
              />
              <Stat icon={TriangleAlert} label={t.failedRenewals} value={formatNumber(data.failedRenewals)} hint={t.last30} />
              <Stat icon={CircleX} label={t.cancellations} value={formatNumber(data.cancellations)} hint={t.last30} />
              <Stat
                icon={Undo2}
                label={t.refunds}
                value={formatNumber(data.refunds.count)}
                hint={t.refundsHint(formatNok(data.refunds.totalNok))}
              />
            </div>
            {data.paymentsCount === 0 ? (
              <div className="card mt-6 flex items-start gap-4">
                <Receipt aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
                <div>
                  <h2 className="font-bold">{t.emptyTitle}</h2>
                  <p className="mt-1 text-muted">{t.emptyText}</p>
                </div>
              </div>
            ) : (
              <section aria-labelledby="months-title" className="card mt-6 overflow-x-auto" tabIndex={0}>
                <h2 id="months-title" className="text-lg font-bold">
                  {t.monthsTitle}
                </h2>
                <table className="mt-3 w-full text-left text-sm">
                  <thead className="text-muted">
                    <tr>
                      <th scope="col" className="py-2 pr-4 font-semibold">
                        {t.month}
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right font-semibold">
                        {t.count}
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right font-semibold">
                        {t.gross}
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right font-semibold">
                        {t.refundsColumn}
                      </th>
                      <th scope="col" className="py-2 text-right font-semibold">
                        {t.net}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-stone-200">
                    {data.months.map((m) => (
                      <tr key={m.month}>
                        <th scope="row" className="py-2 pr-4 font-medium capitalize">
                          {formatMonth(m.month)}
                        </th>
                        <td className="py-2 pr-4 text-right tabular-nums">{formatNumber(m.count)}</td>
                        <td className="py-2 pr-4 text-right tabular-nums">{formatNok(m.gross)}</td>
                        <td className="py-2 pr-4 text-right tabular-nums">
                          {m.refunds ? `−${formatNok(m.refunds)}` : formatNok(0)}
                        </td>
                        <td className="py-2 text-right font-semibold tabular-nums">{formatNok(m.net)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            )}
          </>
        )}
      </Loadable>
      <AccountingExport />
    </>
  );
}
