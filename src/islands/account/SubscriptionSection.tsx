import { useState } from 'react';
import { FileText, RefreshCw } from 'lucide-react';
import { profile } from '#shared/copy/account';
import { premium } from '#shared/copy/premium';
import { subscription as subscriptionCopy } from '#shared/copy/subscriptions';
import { formatOre } from '#shared/money';
import { PATHS } from '#shared/paths';
import type { ReceiptsResponse, SubscriptionResponse } from '#shared/schemas/subscriptions';
import { api, call, errorMessage } from '#browser/api';
import { toast } from '#browser/stores/toast';
import { BusyButton } from '../ui/BusyButton';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Loadable, useLoad } from '../ui/Loadable';
import { Section } from './Section';

const t = subscriptionCopy.section;
type Sub = NonNullable<SubscriptionResponse['subscription']>;

/**
 * The user's subscription: plan, state and the next date that matters (renewal or end), cancel
 * (after a confirmation saying Premium lasts to the period's end) and resume; and their receipts,
 * each a link to its printable page.
 */
export function SubscriptionSection() {
  const { state, reload } = useLoad(
    async () => {
      const [sub, list] = await Promise.all([call(api.account.subscription.$get()), call(api.account.receipts.$get())]);
      return { subscription: sub.subscription, receipts: list.receipts };
    },
    'subscription',
    t.loadFailed,
  );
  return (
    <Section title={t.title} icon={<RefreshCw className="size-5" />}>
      <Loadable load={state} loading={profile.loading} retryLabel={profile.retry} onRetry={reload}>
        {({ subscription, receipts }) => (
          <div className="space-y-5" data-testid="subscription">
            {subscription ? <Current sub={subscription} onChanged={reload} /> : <None />}
            <Receipts receipts={receipts} />
          </div>
        )}
      </Loadable>
    </Section>
  );
}

function None() {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p>{t.none}</p>
      <a href={PATHS.premium} className="btn-secondary">
        {t.toPremium}
      </a>
    </div>
  );
}

function Current({ sub, onChanged }: { sub: Sub; onChanged: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [resuming, setResuming] = useState(false);

  async function cancel() {
    await call(api.account.subscription.cancel.$post());
    toast({ title: t.canceled(sub.currentPeriodEnd) });
    onChanged();
  }

  async function resume() {
    setResuming(true);
    try {
      await call(api.account.subscription.resume.$post());
      toast({ title: t.resumed });
      onChanged();
    } catch (err) {
      toast({ title: profile.errorTitle, description: errorMessage(err, t.changeFailed), variant: 'destructive' });
    } finally {
      setResuming(false);
    }
  }

  const next =
    sub.status === 'expired'
      ? t.endedAt(sub.currentPeriodEnd)
      : sub.cancelAtPeriodEnd
        ? t.endsAt(sub.currentPeriodEnd)
        : t.renews(sub.currentPeriodEnd);
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted">{t.plan}</dt>
        <dd className="font-semibold">{premium.planNames[sub.plan]}</dd>
        <dt className="text-muted">{t.status}</dt>
        <dd className="font-semibold" data-testid="subscription-status">
          {t.statuses[sub.status]}
        </dd>
      </dl>
      <p className="text-sm" data-testid="subscription-next">
        {next}
      </p>
      {sub.status === 'past_due' && <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950">{t.pastDue}</p>}
      {(sub.status === 'active' || sub.status === 'past_due') && (
        <button
          type="button"
          className="btn border border-red-700 bg-white text-red-800 hover:bg-red-50"
          onClick={() => setConfirming(true)}
        >
          {t.cancel}
        </button>
      )}
      {sub.status === 'canceled' &&
        (sub.canResume ? (
          <BusyButton className="btn-secondary" onClick={resume} busy={resuming}>
            {t.resume}
          </BusyButton>
        ) : (
          <p className="text-sm" data-testid="subscription-no-resume">
            {t.noResume(sub.currentPeriodEnd)}
          </p>
        ))}
      <ConfirmDialog
        subject={confirming ? sub : null}
        title={t.confirmTitle}
        message={(s) => `${t.confirmText(s.currentPeriodEnd)}${s.canResume ? '' : ` ${t.confirmTextNoResume}`}`}
        confirmLabel={t.confirmYes}
        destructive
        failed={{ title: profile.errorTitle, message: t.changeFailed }}
        onConfirm={cancel}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function Receipts({ receipts }: { receipts: ReceiptsResponse['receipts'] }) {
  return (
    <div>
      <h3 className="text-sm font-bold">{t.receipts}</h3>
      {receipts.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t.noReceipts}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-200 text-sm" data-testid="receipts">
          {receipts.map((r) => (
            <li key={r.number} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <a
                href={`${PATHS.receipt}?nr=${r.number}`}
                className="inline-flex items-center gap-1.5 font-semibold text-brand-800 underline-offset-2 hover:underline"
              >
                <FileText className="size-4" aria-hidden="true" />
                {r.kind === 'credit_note' ? subscriptionCopy.receipt.creditTitle(r.number) : t.receiptLink(r.number)}
              </a>
              <span className="text-muted">{formatOre(Math.round(r.totalNok * 100))}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
