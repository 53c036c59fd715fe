import { useSyncExternalStore } from 'react';

/** The product (docs/PRODUCT.md): at most one toast at a time; a dismissed toast is removed after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'destructive';
export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
}
export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id?: string) {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of toasts) {
    if ((id === undefined || t.id === id) && !removalTimers.has(t.id)) {
      removalTimers.set(
        t.id,
        setTimeout(() => {
          removalTimers.delete(t.id);
          emit(toasts.filter((x) => x.id !== t.id));
        }, TOAST_REMOVE_DELAY),
      );
    }
  }
}

/** Shows a toast, replacing the one on screen. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const id = String(++counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
