import { useEffect } from 'react';

/** How long an editor waits after the last keystroke before it asks the server again (a preview, a count). */
export const DEBOUNCE_MS = 400;

/**
 * Waits `DEBOUNCE_MS` after `value` last changed, then runs `effect`. `key` stands for `value`
 * (a string that changes when what the effect reads changes). `live()` turns false once a newer
 * value has come, so an answer that arrives late is dropped: the latest answer wins.
 */
export function useDebounced<T>(value: T, key: string, effect: (value: T, live: () => boolean) => void) {
  useEffect(() => {
    let alive = true;
    const timer = setTimeout(() => effect(value, () => alive), DEBOUNCE_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
    // `key` stands for `value`: the effect reruns when what it renders changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
