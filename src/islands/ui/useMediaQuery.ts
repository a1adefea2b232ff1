import { useSyncExternalStore } from 'react';

/** Whether a media query matches, following changes. False while prerendering and hydrating, so server and browser agree. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** A device with a precise pointer that can hover: a mouse, so most likely a keyboard beside it. */
export const KEYBOARD_DEVICE = '(hover: hover) and (pointer: fine)';
