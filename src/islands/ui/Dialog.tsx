import { X } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { dialog } from '#shared/copy/ui';

/** What Tab can reach inside the dialog. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside the dialog: `showModal()` makes the page inert, but Tab past the last control
 * would still leave for the browser's own toolbar. From the last it wraps to the first, and back.
 */
function trapTab(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || active === e.currentTarget)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog on the native `<dialog>` element: `showModal()` makes the rest of the page
 * inert, Tab stays inside (`trapTab`) and Escape closes it. Focus returns to whatever had it before
 * opening. Open and close it with `open`; `onClose` runs on Escape, the close button or a
 * click on the backdrop. Without a `title`, the content names the dialog (`labelledBy`, the id
 * of its heading) and fills it edge to edge, under a floating close button.
 */
export function Dialog({
  open,
  onClose,
  title,
  labelledBy,
  closeLabel = dialog.close,
  description,
  children,
  footer,
  size = 'md',
}: {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** The id of the content's own heading, when there is no `title`. */
  labelledBy?: string;
  /** The close button's name (default 'Lukk'). */
  closeLabel?: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, outside the scrolling body. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const returnFocus = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      // Unmounted while open: still give focus back. Closed first — this cleanup may run before the
      // element is removed, and while the dialog is modal the page behind it cannot take focus.
      if (!dialog?.open) return;
      dialog.close();
      const target = returnFocus.current;
      returnFocus.current = null;
      if (target instanceof HTMLElement) target.focus();
    };
  }, []);

  function restoreFocus() {
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target instanceof HTMLElement && target.isConnected) target.focus();
  }

  const width = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl' }[size];
  const closeButton = (className: string) => (
    <button
      type="button"
      onClick={onClose}
      className={`inline-flex items-center justify-center ${className}`}
      aria-label={closeLabel}
    >
      <X aria-hidden="true" className="size-5" />
    </button>
  );
  return (
    <dialog
      ref={ref}
      aria-labelledby={title ? titleId : labelledBy}
      aria-describedby={description ? descriptionId : undefined}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${width} flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white p-0 text-ink shadow-xl backdrop:bg-stone-900/50 open:flex`}
      onCancel={(e) => {
        // Escape: let the owner decide (it closes by setting `open`), so state and element agree.
        e.preventDefault();
        onClose();
      }}
      onClose={restoreFocus}
      onKeyDown={trapTab}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {title ? (
        <div className="flex items-start justify-between gap-4 border-b border-stone-200 px-5 py-4 sm:px-6">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-bold">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-muted">
                {description}
              </p>
            )}
          </div>
          {closeButton('-mt-1 -mr-2 size-10 shrink-0 rounded-lg text-muted hover:bg-stone-100 hover:text-ink')}
        </div>
      ) : (
        closeButton('absolute top-3 right-3 z-10 size-11 rounded-full bg-white/95 text-ink shadow hover:bg-white')
      )}
      {children && (
        // Focusable, so a keyboard can scroll a long body that holds no link or field (WCAG 2.1.1).
        <div
          tabIndex={0}
          aria-labelledby={title ? titleId : undefined}
          role={title ? 'region' : undefined}
          className={`min-h-0 flex-1 overflow-y-auto ${title ? 'px-5 py-4 sm:px-6' : ''}`}
        >
          {children}
        </div>
      )}
      {footer && (
        <div className="flex flex-col-reverse gap-2 border-t border-stone-200 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
          {footer}
        </div>
      )}
    </dialog>
  );
}
