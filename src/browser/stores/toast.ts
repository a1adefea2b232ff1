import { atom } from 'nanostores';
import { TOAST_REQUESTED } from '#browser/toast-requested';

export type Toast = {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
};

/** One toast at a time: a new one replaces whatever is showing. */
export const $toast = atom<Toast | null>(null);

let nextId = 1;
export function toast(t: Omit<Toast, 'id'>): void {
  $toast.set({ ...t, id: nextId++ });
  // A toaster that is not hydrated yet (client:toast) wakes up for it and shows it from the store.
  window.dispatchEvent(new Event(TOAST_REQUESTED));
}

export function dismissToast(): void {
  $toast.set(null);
}
