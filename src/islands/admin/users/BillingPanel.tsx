import { useState } from 'react';
import { adminOverview } from '#shared/copy/admin/dashboard';
import { adminPayments } from '#shared/copy/admin/payments';
import { premium } from '#shared/copy/premium';
import { subscription as subscriptionCopy } from '#shared/copy/subscriptions';
import { formatOre } from '#shared/money';
import { PATHS } from '#shared/paths';
import type { AdminPayment } from '#shared/schemas/admin/payments';
import { api, call } from '#browser/api';
import { formatDate } from '#browser/format';
import { Loadable, useLoad } from '../../ui/Loadable';
import { paymentStatus } from '../payments/PaymentsSection';
import { RefundDialog } from '../payments/RefundDialog';

const t = subscriptionCopy.admin;
const s = subscriptionCopy.section;
const paymentsCopy = adminPayments;

/** The user card's money: the latest subscription, every payment with its receipt and credit notes, and a refund (the one refund path, as in "Betalinger"). */
export function BillingPanel({ userId }: { userId: string }) {
  const { state, reload } = useLoad(
    () => call(api.admin.payments.$get({ query: { user: userId } })),
    `billing-${userId}`,
    t.loadFailed,
  );
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);

  return (
    <section className="space-y-3 rounded-xl border border-stone-200 p-4" data-testid="billing">
      <h3 className="text-sm font-semibold">{t.title}</h3>
      <Loadable load={state} loading={t.loading} retryLabel={adminOverview.retry} onRetry={reload}>
        {({ subscription, payments }) => (
          <>
            <p className="text-sm">
              {subscription
                ? `${premium.planNames[subscription.plan]} · ${s.statuses[subscription.status]} · ${
                    subscription.cancelAtPeriodEnd || subscription.status === 'expired'
                      ? formatDate(subscription.currentPeriodEnd)
                      : s.renews(subscription.currentPeriodEnd)
                  }`
                : t.none}
            </p>
            {payments.length === 0 ? (
              <p className="text-sm text-muted">{t.noPayments}</p>
            ) : (
              <ul className="divide-y divide-stone-200 text-sm">
                {payments.map((p) => (
                  <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span>
                      {formatDate(p.paidAt ?? p.createdAt)} · {formatOre(p.amountOre)} · {paymentStatus(p)}
                      {p.receiptNumber !== null && <span className="text-muted"> · {t.receipt(p.receiptNumber)}</span>}
                      {p.creditNotes.map((n) => (
                        <span key={n.number}>
                          {' · '}
                          <a className="underline underline-offset-2" href={`${PATHS.receipt}?nr=${n.number}`}>
                            {paymentsCopy.creditNote(n.number, n.totalOre)}
                          </a>
                        </span>
                      ))}
                    </span>
                    {p.status === 'paid' && p.refundedOre < p.amountOre && (
                      <button
                        type="button"
                        className="btn border border-red-700 bg-white px-3 py-1 text-sm text-red-800 hover:bg-red-50"
                        onClick={() => setRefunding(p)}
                      >
                        {t.refund}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Loadable>
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} onDone={reload} />
    </section>
  );
}
