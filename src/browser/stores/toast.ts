import { atom } from 'nanostores';
import { NEXT_PAGE_TOAST_KEY as NEXT_PAGE_KEY, TOAST_REQUESTED } from '#browser/toast-requested';

export type Toast = {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
};

let nextId = 1;

function takeNextPageToast(): Toast | null {
  if (typeof sessionStorage === 'undefined') return null;
  try {
    const saved = sessionStorage.getItem(NEXT_PAGE_KEY);
    sessionStorage.removeItem(NEXT_PAGE_KEY);
    return saved ? { ...(JSON.parse(saved) as Omit<Toast, 'id'>), id: nextId++ } : null;
  } catch {
    return null;
  }
}

/** One toast at a time: a new one replaces whatever is showing. */
export const $toast = atom<Toast | null>(takeNextPageToast());

export function toast(t: Omit<Toast, 'id'>): void {
  $toast.set({ ...t, id: nextId++ });
  // A toaster that is not hydrated yet (client:toast) wakes up for it and shows it from the store.
  window.dispatchEvent(new Event(TOAST_REQUESTED));
}

/** Shows a toast now and again on the next page, for messages followed by a navigation (signed in, logged out). */
export function toastAcrossNavigation(t: Omit<Toast, 'id'>): void {
  toast(t);
  try {
    sessionStorage.setItem(NEXT_PAGE_KEY, JSON.stringify(t));
  } catch {
    // Storage may be off (private mode): the toast shows on this page only.
  }
}

export function dismissToast(): void {
  $toast.set(null);
}
