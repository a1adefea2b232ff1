import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { toaster as t } from '#shared/copy/ui';
import { $toast, dismissToast, toast, type Toast } from '#browser/stores/toast';

const DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

const TONE = {
  default: { box: 'border-stone-200 bg-white text-ink', text: 'text-muted', close: 'hover:bg-stone-100' },
  destructive: { box: 'border-red-800 bg-red-700 text-white', text: 'text-red-50', close: 'hover:bg-red-800' },
} as const;

/** A toast the page shows on arrival when its address carries `?{param}=true`; the flag then leaves the address. */
export type ArrivalToast = { param: string; title: string; description?: string };

/** Swiping right past the threshold dismisses the toast; a shorter drag springs back. */
function useSwipe() {
  const start = useRef<number | null>(null);
  // The distance is read when the pointer lifts, from the event itself, not from the last render.
  const [dx, setDx] = useState(0);
  const end = (dismiss: boolean) => {
    if (dismiss) dismissToast();
    start.current = null;
    setDx(0);
  };
  return {
    offset: Math.max(dx, 0),
    handlers: {
      onPointerDown: (e: PointerEvent) => {
        start.current = e.clientX;
      },
      onPointerMove: (e: PointerEvent) => {
        if (start.current !== null) setDx(e.clientX - start.current);
      },
      onPointerUp: (e: PointerEvent) => end(start.current !== null && e.clientX - start.current > SWIPE_THRESHOLD_PX),
      onPointerCancel: () => end(false),
    },
  };
}

function ToastBox({ toast }: { toast: Toast }) {
  const tone = TONE[toast.variant ?? 'default'];
  const swipe = useSwipe();
  return (
    <div
      data-testid="toast"
      className={`pointer-events-auto flex w-full max-w-sm touch-pan-y items-start gap-3 rounded-2xl border p-4 shadow-lg transition-transform ${tone.box}`}
      style={swipe.offset ? { transform: `translateX(${swipe.offset}px)` } : undefined}
      {...swipe.handlers}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className={`mt-1 text-sm ${tone.text}`}>{toast.description}</p>}
      </div>
      <button
        type="button"
        onClick={dismissToast}
        aria-label={t.close}
        className={`-m-1 rounded-lg p-2 text-lg leading-none ${tone.close}`}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * The toast on screen. Subscribed at commit (a layout effect), not in a passive effect, which
 * may run only after the next paint, and the landing hydrates this island at the moment a
 * toast is asked for — a dismissal must reach it even before the page paints again. It starts
 * empty, as the server rendered it: a toast carried over from the last page (sign-in's
 * "Innlogget") is already in the store when the island hydrates, and rendering it in the first
 * pass made the HTML differ (React #418/#423); the subscription hands it over at once.
 */
function useCurrentToast(): Toast | null {
  const [current, setCurrent] = useState<Toast | null>(null);
  useLayoutEffect(() => $toast.subscribe(setCurrent), []);
  return current;
}

/**
 * The page's toast viewport: one toast at a time for 5 s, dismissible by button or swipe right;
 * F8 moves focus to it. Polite toasts go to the status region, destructive ones to the alert
 * region; both regions are in the server HTML, so screen readers know them before a toast comes.
 * Below `md` (phones, where the landing's sticky CTA and the actions sit at the bottom) toasts
 * come at the top, below the 4 rem header, so they never cover the button they are about;
 * from `md` up in the bottom right corner, clear of the content column.
 */
export default function Toaster({ arrival }: { arrival?: ArrivalToast }) {
  const current = useCurrentToast();
  const viewport = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F8') return;
      e.preventDefault();
      viewport.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (!arrival || url.searchParams.get(arrival.param) !== 'true') return;
    toast({ title: arrival.title, description: arrival.description });
    url.searchParams.delete(arrival.param);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, [arrival]);

  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(dismissToast, DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [current]);

  const shown = (variant: 'polite' | 'alert') =>
    current && (current.variant === 'destructive') === (variant === 'alert') ? (
      <ToastBox key={current.id} toast={current} />
    ) : null;

  return (
    <section
      ref={viewport}
      tabIndex={-1}
      aria-label={t.region}
      className="pointer-events-none fixed inset-x-0 top-16 z-50 flex flex-col items-center gap-2 p-4 outline-none md:top-auto md:right-4 md:bottom-4 md:left-auto md:items-end"
    >
      <div role="status" aria-live="polite" className="contents">
        {shown('polite')}
      </div>
      <div role="alert" aria-live="assertive" className="contents">
        {shown('alert')}
      </div>
    </section>
  );
}
