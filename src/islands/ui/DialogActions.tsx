import type { ComponentProps } from 'react';
import { dialog } from '#shared/copy/ui';
import { BusyButton } from './BusyButton';

/**
 * A dialog's footer: 'Avbryt' and the action's button (a BusyButton: `label`, and `busyLabel`
 * while it runs; red when `destructive`). Both wait while the action is busy.
 */
export function DialogActions({
  busy,
  onCancel,
  label,
  destructive = false,
  ...action
}: Omit<ComponentProps<typeof BusyButton>, 'children' | 'className'> & {
  onCancel: () => void;
  label: string;
  destructive?: boolean;
}) {
  return (
    <>
      <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy}>
        {dialog.cancel}
      </button>
      <BusyButton {...action} busy={busy} className={destructive ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'}>
        {label}
      </BusyButton>
    </>
  );
}
