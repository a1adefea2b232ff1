import { Info, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { REFERRAL_STATUSES } from '#db/schema/enums';
import { adminReferrals as t } from '#shared/copy/admin/referrals';
import { formatDate, formatOre } from '#shared/money';
import { PATHS } from '#shared/paths';
import type { ReferralLedgerResponse, ReferralLedgerRow } from '#shared/schemas/referrals';
import { api, call } from '#browser/api';
import { Loadable, useLoad } from '../../ui/Loadable';
import { SelectField } from '../../ui/SelectField';
import AdminFrame from '../AdminFrame';
import { ColumnHeads } from '../ColumnHeads';
import { SectionHeader } from '../SectionHeader';

const FILTERS = ['all', ...REFERRAL_STATUSES] as const;
type Filter = (typeof FILTERS)[number];

/** /admin/verving ('Verv en venn'): the ledger of who referred whom, by status, and how the friends' discount stands. */
export default function ReferralsAdmin() {
  const [filter, setFilter] = useState<Filter>('all');
  const { state, reload } = useLoad<ReferralLedgerResponse>(
    () => call(api.admin.referrals.$get({ query: filter === 'all' ? {} : { status: filter } })),
    `referrals:${filter}`,
    t.loadFailed,
  );
  return (
    <AdminFrame active="referrals">
      <SectionHeader title={t.title} intro={t.intro} />
      <div className="space-y-6">
        <p className="flex gap-2 rounded-xl bg-stone-100 p-3 text-sm text-stone-700">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {t.discountHint}{' '}
            <a className="font-semibold text-brand-800 underline underline-offset-4" href={PATHS.adminCoupons}>
              {t.discountLink}
            </a>
            .
          </span>
        </p>
        <div className="max-w-xs">
          <SelectField
            label={t.filter}
            options={FILTERS}
            optionLabel={(f) => (f === 'all' ? t.all : t.statuses[f])}
            value={filter}
            onChange={setFilter}
          />
        </div>
        <Loadable load={state} loading={t.loading} retryLabel={t.retry} onRetry={reload}>
          {({ referrals, discountCode }) => (
            <>
              {discountCode !== 'active' && (
                <p
                  className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
                  data-testid="referral-code-warning"
                >
                  <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {discountCode === 'missing' ? t.discountMissing : t.discountInactive}
                </p>
              )}
              <Ledger rows={referrals} filtered={filter !== 'all'} />
            </>
          )}
        </Loadable>
      </div>
    </AdminFrame>
  );
}

const day = (at: string | null) => (at ? formatDate(at) : t.none);

/** Registrert / betalt / kreditert, or avvist with the reason in words. */
function statusText(r: ReferralLedgerRow) {
  const status = t.statuses[r.status];
  return r.status === 'rejected' && r.rejectReason ? `${status}: ${t.reasons[r.rejectReason]}` : status;
}

function creditText(r: ReferralLedgerRow) {
  if (r.creditKind === 'balance' && r.creditOre !== null) return formatOre(r.creditOre);
  return r.creditKind === 'period' ? t.creditPeriod : t.none;
}

function Ledger({ rows, filtered }: { rows: ReferralLedgerRow[]; filtered: boolean }) {
  if (rows.length === 0) return <p className="text-sm text-muted">{filtered ? t.emptyFiltered : t.empty}</p>;
  return (
    // Focusable: on a phone the table scrolls sideways, by keyboard too.
    <div className="overflow-x-auto" role="region" aria-label={t.tableLabel} tabIndex={0}>
      <table className="w-full text-sm" data-testid="referral-table">
        <ColumnHeads labels={Object.values(t.columns)} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-stone-200 align-top">
              <th scope="row" className="py-2 pr-4 text-left font-medium break-all">
                {r.referrer?.email ?? t.erased}
              </th>
              <td className="py-2 pr-4 break-all">{r.friend?.email ?? t.erased}</td>
              <td className="py-2 pr-4">{statusText(r)}</td>
              <td className="py-2 pr-4 whitespace-nowrap">{day(r.createdAt)}</td>
              <td className="py-2 pr-4 whitespace-nowrap">{day(r.paidAt)}</td>
              <td className="py-2 pr-4 whitespace-nowrap">{day(r.creditedAt ?? r.rejectedAt)}</td>
              <td className="py-2 whitespace-nowrap">{creditText(r)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
