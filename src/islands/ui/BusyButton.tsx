import type { ComponentProps, ReactNode } from 'react';

/**
 * A button that is disabled and marked `aria-busy` while its action runs, and then says so
 * (`busyLabel`, e.g. 'Lagrer...') when it has one.
 */
export function BusyButton({
  busy,
  busyLabel,
  disabled,
  children,
  ...button
}: ComponentProps<'button'> & { busy: boolean; busyLabel?: ReactNode }) {
  return (
    <button type="button" {...button} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
