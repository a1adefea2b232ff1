import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toastFailure, type Failure } from '#browser/failure';
import { Dialog } from './Dialog';
import { DialogActions } from './DialogActions';
import { FormError } from './FormError';

/**
 * Asks before an action that cannot be undone on `subject` (open while there is one). Focus moves into the dialog as it opens, Tab stays
 * inside, Escape backs out and focus returns to what opened it (Dialog). While `onConfirm` runs
 * the buttons wait and the confirm button says `busyLabel`; when it resolves the dialog closes
 * (unless `closeOnDone` is false: the page is leaving). When it fails, `failed` is toasted and the
 * dialog stays open with the reason inside and focus back on the confirm button, to try again.
 */
export function ConfirmDialog<T>({
  subject,
  title,
  message,
  confirmLabel,
  busyLabel,
  destructive = false,
  failed,
  closeOnDone = true,
  onConfirm,
  onClose,
  children,
}: {
  subject: T | null;
  title: string;
  message: string | ((subject: T) => string);
  confirmLabel: string;
  busyLabel?: string;
  destructive?: boolean;
  failed: Failure;
  closeOnDone?: boolean;
  onConfirm: (subject: T) => Promise<void>;
  onClose: () => void;
  /** More to say than `message`, e.g. what will be lost. */
  children?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const open = subject !== null;

  // A new question starts without the last one's failure.
  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  // The confirm button was disabled while busy, which dropped focus: after a failure it gets it back.
  useEffect(() => {
    if (error) confirmButton.current?.focus();
  }, [error]);

  async function confirm() {
    if (subject === null) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(subject);
    } catch (err) {
      setBusy(false);
      setError(toastFailure(err, failed));
      return;
    }
    if (!closeOnDone) return;
    setBusy(false);
    onClose();
  }

  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      title={title}
      description={typeof message === 'function' ? subject !== null && message(subject) : message}
      size="sm"
      footer={
        <DialogActions
          buttonRef={confirmButton}
          busy={busy}
          onCancel={onClose}
          label={confirmLabel}
          busyLabel={busyLabel}
          destructive={destructive}
          onClick={confirm}
        />
      }
    >
      {(children || error) && (
        <>
          {children}
          <FormError className={children ? 'mt-4' : undefined}>{error}</FormError>
        </>
      )}
    </Dialog>
  );
}
