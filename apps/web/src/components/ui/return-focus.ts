import { useState } from 'react';

type FocusHandler = (event: Event) => void;

interface Opener {
  element: HTMLElement;
  /** For a menu item, which goes away with its menu: the button that opened the menu (its aria-labelledby). */
  menuButton: HTMLElement | null;
}

function currentOpener(): Opener | null {
  if (typeof document === 'undefined' || !(document.activeElement instanceof HTMLElement)) return null;
  const element = document.activeElement;
  const menuLabel = element.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  return { element, menuButton: menuLabel ? document.getElementById(menuLabel) : null };
}

/**
 * Dialogs opened from state (no Radix Trigger) would drop the focus on <body> when they close. This remembers
 * the element that had the focus as the dialog opened (the button that opened it, or whatever had the focus when
 * a shortcut opened it; for a menu item, its menu's button) and gives it the focus back on close, as a Trigger
 * would. Spread the result on the Radix content; the caller's own handlers still run first.
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
  const [opener] = useState(currentOpener);
  return {
    onOpenAutoFocus: (event: Event) => handlers.onOpenAutoFocus?.(event),
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event);
      const target = opener?.element.isConnected ? opener.element : opener?.menuButton;
      if (event.defaultPrevented || !target || target === document.body || !target.isConnected) return;
      event.preventDefault();
      target.focus({ preventScroll: true });
    },
  };
}
