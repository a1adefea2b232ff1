import { useState } from 'react';
import { adminOverview } from '#shared/copy/admin/dashboard';
import { adminUsers } from '#shared/copy/admin/users';
import { premium } from '#shared/copy/premium';
import { subscription as subscriptionCopy } from '#shared/copy/subscriptions';
import type { AdminBillingResponse } from '#shared/schemas/subscriptions';
import { api, call } from '#browser/api';
import { formatDate, formatNok } from '#browser/format';
import { toast } from '#browser/stores/toast';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Loadable, useLoad } from '../../ui/Loadable';

const t = subscriptionCopy.admin;
const s = subscriptionCopy.section;
type Payment = AdminBillingResponse['payments'][number];

/** The user card's money: the latest subscription, every payment with its receipt, and a refund within the guarantee's window. */
export function BillingPanel({ userId }: { userId: string }) {
  const { state, reload } = useLoad(
    () => call(api.admin.payments.$get({ query: { user: userId } })),
    `billing-${userId}`,
    t.loadFailed,
  );
  const [refunding, setRefunding] = useState<Payment | null>(null);

  async function refund(payment: Payment) {
    await call(api.admin.payments[':id'].refund.$post({ param: { id: payment.id } }));
    toast({ title: t.refunded });
    reload();
  }

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
                      {formatDate(p.paidAt ?? p.createdAt)} · {formatNok(p.amountNok)} · {t.statuses[p.status]}
                      {p.receiptNumber !== null && <span className="text-muted"> · {t.receipt(p.receiptNumber)}</span>}
                    </span>
                    {p.refundable && (
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
      <ConfirmDialog
        subject={refunding}
        title={t.refundTitle}
        message={(p) => t.refundConfirm(p.amountNok * 100)}
        confirmLabel={t.refund}
        busyLabel={t.refunding}
        destructive
        failed={{ title: adminUsers.errorTitle, message: t.refundFailed }}
        onConfirm={refund}
        onClose={() => setRefunding(null)}
      />
    </section>
  );
}
