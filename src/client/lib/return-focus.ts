import { useRef } from 'react';

// The menu button last opened: a dialog opened from one of its items finds focus on an item that
// is about to unmount, and would drop focus on <body> when it closes.
let lastMenuTrigger: HTMLElement | null = null;

/** Called by a menu as it opens, with its trigger. */
export function rememberMenuTrigger(trigger: HTMLElement | null): void {
  lastMenuTrigger = trigger;
}

/**
 * Handlers for a dialog's content: on open, remember the control that opened it (the menu's
 * button when it was a menu item); on close, give focus back to it while it is still there.
 */
export function useReturnFocus(
  onOpenAutoFocus?: (event: Event) => void,
  onCloseAutoFocus?: (event: Event) => void,
) {
  const returnTo = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const fromMenu = !active || active === document.body || active.closest('[role="menu"]');
      returnTo.current = fromMenu ? lastMenuTrigger : active;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      if (returnTo.current?.isConnected) returnTo.current.focus();
    },
  };
}
