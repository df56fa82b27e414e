import { useState } from 'react';

type FocusHandler = (event: Event) => void;

const focusedElement = () =>
  typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
    ? document.activeElement
    : null;

/**
 * Dialogs opened from state (no Radix Trigger) would drop the focus on <body> when they close. This remembers
 * the element that had the focus as the dialog opened (the button that opened it, or whatever had the focus when
 * a shortcut opened it) and gives it the focus back on close, as a Trigger would. Spread the result on the Radix
 * content; the caller's own handlers still run first.
 *
 * Call it from a component that mounts when the dialog opens (inside its Portal): the opener is read while that
 * component first renders, before React commits the dialog. Later is too late: a field with autoFocus takes the
 * focus during the commit, and Radix then skips onOpenAutoFocus altogether (the focus is already inside), so the
 * opener was never seen and the focus fell to <body> on close.
 */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: FocusHandler;
  onCloseAutoFocus?: FocusHandler;
}) {
  const [opener] = useState(focusedElement);
  return {
    onOpenAutoFocus: (event: Event) => handlers.onOpenAutoFocus?.(event),
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event);
      if (event.defaultPrevented || !opener || opener === document.body || !opener.isConnected) return;
      event.preventDefault();
      opener.focus({ preventScroll: true });
    },
  };
}
