import { useEffect, useState } from 'react';
import { adminPayments } from '#shared/copy/admin/payments';
import type { AdminPayment } from '#shared/schemas/admin/payments';
import { api, call } from '#browser/api';
import { toastFailure } from '#browser/failure';
import { toast } from '#browser/stores/toast';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { FormError } from '../../ui/FormError';
import { TextField } from '../../ui/TextField';
import { refundAmountOre } from './refund-amount';

const t = adminPayments;

/**
 * A refund of `payment` in two steps: the amount in kroner (all that is left, to begin with; never
 * more), then what it will do, confirmed. The one refund path on the server does the rest; the
 * server's refusal (too much, provider down) is shown inside the dialog.
 */
export function RefundDialog({
  payment,
  onClose,
  onDone,
}: {
  payment: AdminPayment | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const left = payment ? payment.amountOre - payment.refundedOre : 0;
  const [typed, setTyped] = useState('');
  const [step, setStep] = useState<'amount' | 'confirm'>('amount');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!payment) return;
    setTyped((left / 100).toFixed(2).replace('.', ','));
    setStep('amount');
    setError(null);
  }, [payment, left]);

  const amount = refundAmountOre(typed);
  const amountError = amount === null ? t.validation.amountInvalid : amount > left ? t.validation.amountTooMuch(left) : null;

  async function refund() {
    if (!payment || amount === null) return;
    setBusy(true);
    setError(null);
    try {
      const done = await call(api.admin.payments[':id'].refund.$post({ param: { id: payment.id }, json: { amountOre: amount } }));
      toast({ title: done.message });
      onDone();
      onClose();
    } catch (err) {
      setError(toastFailure(err, { title: t.failed, message: t.failed }));
    } finally {
      setBusy(false);
    }
  }

  function next() {
    if (amountError) setError(amountError);
    else setStep('confirm');
  }

  const full = amount === left;
  return (
    <Dialog
      open={payment !== null}
      onClose={onClose}
      title={step === 'amount' ? t.refundTitle : t.confirmTitle}
      description={payment ? t.refundWhat(payment.receiptNumber, payment.email) : undefined}
      size="sm"
      footer={
        step === 'amount' ? (
          <>
            <button type="button" className="btn-secondary" onClick={onClose}>
              {t.cancel}
            </button>
            <button type="button" className="btn-primary" onClick={next}>
              {t.next}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn-secondary" onClick={() => setStep('amount')} disabled={busy}>
              {t.back}
            </button>
            <DialogActions
              busy={busy}
              onCancel={onClose}
              label={t.confirm(amount ?? 0)}
              busyLabel={t.refunding}
              destructive
              onClick={() => void refund()}
            />
          </>
        )
      }
    >
      {step === 'amount' ? (
        // No <form>: the dialog may open inside another dialog's form (the user card); Enter goes on as the button does.
        <div
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            next();
          }}
        >
          <TextField
            label={t.amountLabel}
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            onChange={(v) => {
              setTyped(v);
              setError(null);
            }}
            hint={t.amountHint(left)}
            error={error}
          />
        </div>
      ) : (
        <>
          <p>{full ? t.confirmFull(amount ?? 0) : t.confirmPartial(amount ?? 0)}</p>
          <FormError className="mt-3">{error}</FormError>
        </>
      )}
    </Dialog>
  );
}
