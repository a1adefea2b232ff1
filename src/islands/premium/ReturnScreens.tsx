import { useEffect } from 'react';
import { CircleCheck, CircleX, Hourglass } from 'lucide-react';
import { checkoutPage } from '#shared/copy/pricing';
import { PATHS } from '#shared/paths';
import { checkoutStatus, loadOffer } from '#browser/stores/premium';
import { phaseAfter, type Phase } from './premium-flow-state';
import { StatusCard } from './StatusCard';
import { paymentChoice } from '#shared/copy/premium/payment-choice';
import { premium } from '#shared/copy/premium';

const t = premium;
const r = paymentChoice.returned;
/** Back from the payment page, Premium arrives with the provider's webhook (or our poll of it): ask for up to 30 s. */
const CONFIRM_POLL_MS = 2000;
const CONFIRM_POLLS = 15;

/**
 * Waiting for the payment to be confirmed, and saying so. With the payment's id (Vipps, Stripe)
 * it asks how that checkout stands — the server asks Vipps when its webhook is late — and ends
 * in success, refused or expired; without it, it watches the offer until the user is Premium.
 */
export function Confirming({ paymentId, onDone }: { paymentId: string | null; onDone: (phase: Phase) => void }) {
  useEffect(() => {
    let polls = 0;
    let stopped = false;
    const check = async () => {
      if (paymentId) {
        const { status } = await checkoutStatus(paymentId).catch(() => ({ status: 'pending' as const }));
        const next = phaseAfter(status);
        if (next === 'success') await loadOffer(0);
        if (next) return next;
      } else {
        const offer = await loadOffer(0);
        if (offer.status === 'ready' && offer.data.isPremium) return 'success';
      }
      return ++polls >= CONFIRM_POLLS ? 'unconfirmed' : null;
    };
    const tick = async () => {
      const next = await check();
      if (stopped) return;
      if (next) onDone(next);
      else id = window.setTimeout(() => void tick(), CONFIRM_POLL_MS);
    };
    let id = window.setTimeout(() => void tick(), 0);
    return () => {
      stopped = true;
      window.clearTimeout(id);
    };
  }, [paymentId, onDone]);
  return (
    <StatusCard icon={<Hourglass className="size-7" />} title={t.checkout.confirming}>
      <p role="status" className="mt-3 text-muted">
        {t.checkout.confirmingText}
      </p>
    </StatusCard>
  );
}

/** A return screen's way on: its own next step, or back to the guide. */
function NextOrGuide({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <div className="mt-6 flex flex-col gap-3">
      <button type="button" className="btn-primary" onClick={onClick}>
        {label}
      </button>
      <a href={PATHS.guide} className="btn-secondary">
        {t.guard.toGuide}
      </a>
    </div>
  );
}

/** Still no word after the wait: Premium comes by itself when it does; ask again, or go on. */
export function Unconfirmed({ onCheckAgain }: { onCheckAgain: () => void }) {
  return (
    <StatusCard icon={<Hourglass className="size-7" />} title={t.checkout.pendingTitle}>
      <p className="mt-3 text-muted">{t.checkout.pendingText}</p>
      <NextOrGuide label={t.checkout.checkAgain} onClick={onCheckAgain} />
    </StatusCard>
  );
}

/** The provider said no (the agreement was rejected) or the buyer never answered: nothing was charged. */
export function NotPaid({ why, onRetry }: { why: 'failed' | 'expired'; onRetry: () => void }) {
  return (
    <StatusCard icon={<CircleX className="size-7" />} title={why === 'failed' ? r.failedTitle : r.expiredTitle}>
      <p role="status" className="mt-3 text-muted">
        {why === 'failed' ? r.failedText : r.expiredText}
      </p>
      <NextOrGuide label={r.tryAgain} onClick={onRetry} />
    </StatusCard>
  );
}

/** Paid from the pricing page for an address that has an account: its owner signs in with the mailed link. */
export function PaidSignIn() {
  return (
    <StatusCard icon={<CircleCheck className="size-7" />} title={checkoutPage.paidTitle}>
      <p role="status" className="mt-3 text-muted">
        {checkoutPage.paidExisting}
      </p>
      <a href={PATHS.login} className="btn-primary mt-6">
        {checkoutPage.toLogin}
      </a>
    </StatusCard>
  );
}
