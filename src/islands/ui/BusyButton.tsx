import type { ComponentProps, ReactNode, Ref } from 'react';

/**
 * A button that is disabled and marked `aria-busy` while its action runs, and then says so
 * (`busyLabel`, e.g. 'Lagrer...') when it has one.
 */
export function BusyButton({
  busy,
  busyLabel,
  disabled,
  children,
  buttonRef,
  ...button
}: Omit<ComponentProps<'button'>, 'ref'> & {
  busy: boolean;
  busyLabel?: ReactNode;
  /** The button element. A named prop, so it reaches the button however the component is wrapped. */
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <button type="button" {...button} ref={buttonRef} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
