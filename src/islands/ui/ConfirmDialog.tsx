import { useState } from 'react';
import { dialog } from '#shared/copy/ui';
import { Dialog } from './Dialog';

/**
 * Asks before an action that cannot be undone. The confirm button shows it is working while
 * `onConfirm` runs; the dialog closes when it resolves (failures are the caller's to report).
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  destructive = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  }

  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      title={title}
      description={message}
      size="sm"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            {dialog.cancel}
          </button>
          <button
            type="button"
            className={destructive ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'}
            onClick={confirm}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {confirmLabel}
          </button>
        </>
      }
    />
  );
}
