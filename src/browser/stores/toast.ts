import { atom } from 'nanostores';

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
}

export function dismissToast(): void {
  $toast.set(null);
}
