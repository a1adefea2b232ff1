import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

export type Load<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/**
 * Runs `fetcher` on mount (and again when `reload` is called or `key` changes) and tracks its
 * state; while a new round runs the previous data stays on screen. A failure shows `fallback`.
 */
export function useLoad<T>(fetcher: () => Promise<T>, key: string, fallback: string) {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const latest = useRef(fetcher);
  useEffect(() => {
    latest.current = fetcher;
  });

  useEffect(() => {
    let live = true;
    latest
      .current()
      .then((data) => live && setState({ status: 'ready', data }))
      .catch((err: unknown) => {
        if (!live) return;
        console.error(err);
        setState({ status: 'error', message: fallback });
      });
    return () => {
      live = false;
    };
  }, [key, round, fallback]);

  return { state, reload };
}

/** Loading text, an error with a retry button, or the children once the data is there. */
export function Loadable<T>({
  load,
  loading,
  retryLabel,
  onRetry,
  children,
}: {
  load: Load<T>;
  loading: string;
  retryLabel: string;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  if (load.status === 'loading') {
    return (
      <p role="status" className="py-10 text-center text-muted">
        {loading}
      </p>
    );
  }
  if (load.status === 'error') {
    return (
      <div role="alert" className="card flex flex-col items-start gap-3">
        <p className="font-medium text-red-800">{load.message}</p>
        <button type="button" className="btn-secondary" onClick={onRetry}>
          {retryLabel}
        </button>
      </div>
    );
  }
  return <>{children(load.data)}</>;
}
