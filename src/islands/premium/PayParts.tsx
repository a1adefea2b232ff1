import type { ReactNode } from 'react';
import { CreditCard, FlaskConical, LoaderCircle, Lock } from 'lucide-react';
import { premium } from '#shared/copy/premium';
import { paymentChoice } from '#shared/copy/premium/payment-choice';
import type { PaymentProviderName } from '#db/schema/enums';

/** The test provider's notice: nothing is charged (both checkouts show it where the ways to pay are). */
export function TestModeNotice() {
  return (
    <div className="mt-4 flex gap-3 rounded-2xl border-2 border-dashed border-amber-500 bg-amber-50 p-4 text-sm text-amber-950">
      <FlaskConical className="size-5 shrink-0" aria-hidden="true" />
      <p>
        <strong className="block">{premium.testMode.label}</strong>
        {premium.testMode.text}
      </p>
    </div>
  );
}

/**
 * The pay button and the line under it, the same in the signed-in wizard and on /priser/kasse:
 * busy while paying, "Betal med Vipps" for Vipps, else `label` (with the price where the page has it).
 */
export function PayButton({
  provider,
  processing,
  busyLabel,
  label,
  disabled = false,
  onClick,
}: {
  provider: PaymentProviderName;
  processing: boolean;
  busyLabel: string;
  label: ReactNode;
  disabled?: boolean;
  /** Without it the button submits its form. */
  onClick?: () => void;
}) {
  return (
    <>
      <button
        type={onClick ? 'button' : 'submit'}
        className="btn-primary mt-6 w-full text-lg"
        onClick={onClick}
        disabled={processing || disabled}
        aria-busy={processing}
      >
        {processing ? (
          <LoaderCircle className="size-5 motion-safe:animate-spin" aria-hidden="true" />
        ) : (
          <CreditCard className="size-5" aria-hidden="true" />
        )}
        {processing ? busyLabel : provider === 'vipps' ? paymentChoice.payWithVipps : label}
      </button>
      <p className="mt-3 flex items-start justify-center gap-2 text-center text-sm text-muted">
        <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {provider === 'vipps' ? paymentChoice.vippsNote : premium.confirm.providerNote}
      </p>
    </>
  );
}
