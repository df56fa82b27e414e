import { useRef } from 'react';

type FocusHandler = (event: Event) => void;

/**
 * Dialogs opened from state (no Radix Trigger) would drop the focus on <body> when they close. This remembers
 * the element that had the focus as the dialog opened (the button that opened it) and gives it the focus back on
 * close, as a Trigger would. Spread the result on the Radix content; the caller's own handlers still run first.
 */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: FocusHandler;
  onCloseAutoFocus?: FocusHandler;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Runs before the focus moves into the dialog.
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event);
      const el = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !el || el === document.body || !el.isConnected) return;
      event.preventDefault();
      el.focus({ preventScroll: true });
    },
  };
}
