import { Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { adminOverview } from '#shared/copy/admin/dashboard';
import { adminPayments } from '#shared/copy/admin/payments';
import { PATHS } from '#shared/paths';
import type { AdminPayment, AdminPaymentsResponse } from '#shared/schemas/admin/payments';
import { api, call } from '#browser/api';
import { formatDate } from '#browser/format';
import { formatOre } from '#shared/money';
import { Badge } from '../../ui/Badge';
import { Loadable, useLoad } from '../../ui/Loadable';
import { TextField } from '../../ui/TextField';
import { SectionHeader } from '../SectionHeader';
import { RefundDialog } from './RefundDialog';

const t = adminPayments;
const TYPING_DELAY_MS = 300;

/** Betalinger: payments found by e-mail or receipt number, what was refunded of each with its credit notes, and refunds. */
export default function PaymentsSection() {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const { state, reload } = useLoad<AdminPaymentsResponse>(
    () => call(api.admin.payments.$get({ query: { query } })),
    `payments-${query}`,
    t.loadFailed,
  );

  return (
    <>
      <SectionHeader title={t.title} intro={t.intro} />
      <form role="search" aria-label={t.searchForm} className="mb-4 max-w-xl" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label={t.searchLabel}
          type="search"
          placeholder={t.searchPlaceholder}
          autoComplete="off"
          value={typed}
          onChange={setTyped}
        />
      </form>
      <Loadable load={state} loading={t.loading} retryLabel={adminOverview.retry} onRetry={reload}>
        {({ payments }) => (
          <section aria-label={query ? t.results(payments.length) : t.latest}>
            <p className="mb-3 text-sm text-muted" aria-live="polite">
              {payments.length === 0 ? t.none : query ? t.results(payments.length) : t.latest}
            </p>
            <ul className="space-y-3">
              {payments.map((p) => (
                <PaymentCard key={p.id} payment={p} onRefund={() => setRefunding(p)} />
              ))}
            </ul>
          </section>
        )}
      </Loadable>
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} onDone={reload} />
    </>
  );
}

/** The status as the admin reads it: a payment paid back in part is "Delvis refundert". */
export const paymentStatus = (p: AdminPayment) =>
  p.status === 'paid' && p.refundedOre > 0 ? t.statuses.partlyRefunded : t.statuses[p.status];

const STATUS_TONE = {
  paid: 'green',
  refunded: 'neutral',
  pending: 'neutral',
  failed: 'purple',
  expired: 'neutral',
  trial: 'neutral',
} as const;

/** One payment: who paid, what, how, when, what was refunded (each credit note linked), and the refund button while something is left. */
export function PaymentCard({ payment: p, onRefund }: { payment: AdminPayment; onRefund: () => void }) {
  const c = t.columns;
  const left = p.amountOre - p.refundedOre;
  const name = p.receiptNumber === null ? p.id : t.receipt(p.receiptNumber);
  return (
    <li className="card p-4 sm:p-5" data-testid="payment-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{p.receiptNumber === null ? formatOre(p.amountOre) : t.receipt(p.receiptNumber)}</p>
          <p className="text-sm break-all text-muted">{p.email ?? t.deletedUser}</p>
          <p className="mt-1 flex flex-wrap gap-2">
            <Badge tone={STATUS_TONE[p.status]}>{paymentStatus(p)}</Badge>
            {p.disputeStatus && <Badge tone="purple">{t.dispute[p.disputeStatus]}</Badge>}
          </p>
        </div>
        {p.status === 'paid' && left > 0 && (
          <button type="button" className="btn-secondary border-red-300 text-red-800 hover:bg-red-50" onClick={onRefund}>
            <Undo2 aria-hidden="true" className="size-4" />
            {t.refund}
            <span className="sr-only"> {name}</span>
          </button>
        )}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted">{c.amount}</dt>
          <dd className="tabular-nums">{formatOre(p.amountOre)}</dd>
        </div>
        <div>
          <dt className="text-muted">{c.refunded}</dt>
          <dd className="tabular-nums" data-testid="payment-refunded">
            {formatOre(p.refundedOre)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{c.provider}</dt>
          <dd>{t.providers[p.provider]}</dd>
        </div>
        <div>
          <dt className="text-muted">{c.date}</dt>
          <dd>{formatDate(p.paidAt ?? p.createdAt)}</dd>
        </div>
      </dl>
      {p.creditNotes.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {p.creditNotes.map((n) => (
            <li key={n.number}>
              <a className="underline underline-offset-2" href={`${PATHS.receipt}?nr=${n.number}`}>
                {t.creditNote(n.number, n.totalOre)}
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
