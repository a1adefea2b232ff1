import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $toast, dismissToast } from './stores/toast';

const DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/** The page's toast viewport: one toast at a time, 5 s, dismissible by button or swipe right; F8 focuses it. */
export default function Toaster() {
  const toast = useStore($toast);
  const viewport = useRef<HTMLElement>(null);
  const item = useRef<HTMLDivElement>(null);
  const swipe = useRef<{ x: number; dx: number } | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        viewport.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(dismissToast, DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const move = (dx: number) => {
    if (item.current) item.current.style.transform = dx > 0 ? `translateX(${dx}px)` : '';
  };

  const destructive = toast?.variant === 'destructive';
  return (
    <section
      ref={viewport}
      tabIndex={-1}
      aria-label="Varsler (F8)"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 outline-none sm:bottom-4 sm:right-4 sm:left-auto sm:items-end"
    >
      <div role={destructive ? 'alert' : 'status'} aria-live={destructive ? 'assertive' : 'polite'} className="contents">
        {toast && (
          <div
            key={toast.id}
            ref={item}
            data-testid="toast"
            className={`pointer-events-auto flex w-full max-w-sm touch-pan-y items-start gap-3 rounded-2xl border p-4 shadow-lg transition-transform ${
              destructive ? 'border-red-800 bg-red-700 text-white' : 'border-stone-200 bg-white text-ink'
            }`}
            onPointerDown={(e) => {
              swipe.current = { x: e.clientX, dx: 0 };
            }}
            onPointerMove={(e) => {
              if (!swipe.current) return;
              swipe.current.dx = e.clientX - swipe.current.x;
              move(swipe.current.dx);
            }}
            onPointerUp={() => {
              if (swipe.current && swipe.current.dx > SWIPE_THRESHOLD_PX) dismissToast();
              else move(0);
              swipe.current = null;
            }}
            onPointerCancel={() => {
              swipe.current = null;
              move(0);
            }}
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{toast.title}</p>
              {toast.description && (
                <p className={`mt-1 text-sm ${destructive ? 'text-red-50' : 'text-muted'}`}>{toast.description}</p>
              )}
            </div>
            <button
              type="button"
              onClick={dismissToast}
              aria-label="Lukk varsel"
              className={`-m-1 rounded-lg p-2 text-lg leading-none ${destructive ? 'hover:bg-red-800' : 'hover:bg-stone-100'}`}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
