import { useSyncExternalStore } from 'react';

// The booking link of the visitor's submission, kept for the visit (this tab's session) so the
// "Pick a time" card stays on the contact page after the form resets, and after a reload.
const KEY = 'convoza.bookingUrl';
const listeners = new Set<() => void>();

export function rememberBookingLink(url: string): void {
  try {
    sessionStorage.setItem(KEY, url);
  } catch {
    // Storage off (private mode): the card still shows until the page is left.
    memory = url;
  }
  for (const listener of listeners) listener();
}

let memory: string | null = null;
const read = () => {
  try {
    return sessionStorage.getItem(KEY) ?? memory;
  } catch {
    return memory;
  }
};

/** The link, or null before a submission in this visit (and always on the server). */
export function useBookingLink(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => null,
  );
}
