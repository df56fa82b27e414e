import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
// Types only: the palette's code loads with the palette.
import type { PaletteChoice } from '@/app/keyboard/palette-entries';
import { appointmentPermissions } from '@/features/appointments/utils/permissions';
import { ShellActionsContext, type ShellActions } from '@/lib/shell-actions';
import { globalShortcutFor } from '@/lib/shortcuts';
import { useAuth } from '@/lib/use-auth';

// None of these is in the shell's first load (scripts/check-bundle.mjs): each loads when first opened, and the
// palette and 'Nueva Cita' (for the roles that book) also once the browser is idle, so that what is typed right
// after the shortcut reaches their field.
const loadPalette = () => import('@/app/keyboard/command-palette');
const CommandPalette = lazy(loadPalette);
const ShortcutHelpDialog = lazy(() => import('@/app/keyboard/shortcut-help-dialog'));
const loadSmartAssignment = () => import('@/features/appointments/components/smart/smart-assignment-dialog');
const SmartAssignmentDialog = lazy(() =>
  loadSmartAssignment().then((m) => ({ default: m.SmartAssignmentDialog })),
);

type Overlay = 'palette' | 'help' | 'new-appointment';

/** A dialog, alert or menu is open: the global shortcuts wait until it closes. */
const OVERLAY_SELECTOR = '[role="dialog"], [role="alertdialog"], [role="menu"]';

/** Where the focus goes back to: the element itself, or the button of the menu it sits in (a menu item). */
function openerOf(el: Element | null): HTMLElement | null {
  if (!(el instanceof HTMLElement) || el === document.body) return null;
  const menu = el.closest('[role="menu"]');
  if (menu?.id) return document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`);
  return el;
}

function focusContent() {
  document.getElementById('contenido')?.focus({ preventScroll: true });
}

/**
 * The signed-in shell's keyboard layer: the global shortcuts of lib/shortcuts.ts, and the one 'Nueva Cita', command
 * palette and shortcuts help they open, offered to every page through ShellActionsContext.
 */
export function KeyboardLayer({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { canBook } = appointmentPermissions(user?.role);
  const navigate = useNavigate();
  const [open, setOpen] = useState<Overlay | null>(null);
  // Once loaded, a dialog stays mounted, so that closing it runs its focus return.
  const [mounted, setMounted] = useState<ReadonlySet<Overlay>>(() => new Set());
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  /** What had the focus when the palette or the help opened. */
  const returnTo = useRef<HTMLElement | null>(null);
  /** What the palette's choice does once the palette has closed (and its focus handling is over). */
  const afterClose = useRef<(() => void) | null>(null);

  /**
   * What is typed between Ctrl+K and the palette's field taking the focus (its code may still be loading): the
   * field starts with it. null when not collecting.
   */
  const typedAhead = useRef<string | null>(null);
  const typedAheadApi = useMemo(
    () => ({
      read: () => typedAhead.current ?? '',
      end: () => {
        typedAhead.current = null;
      },
    }),
    [],
  );

  const show = useCallback((overlay: Overlay) => {
    typedAhead.current = overlay === 'palette' ? '' : null;
    returnTo.current = openerOf(document.activeElement);
    setMounted((m) => (m.has(overlay) ? m : new Set(m).add(overlay)));
    setOpen(overlay);
  }, []);
  const close = useCallback(() => {
    typedAhead.current = null;
    setOpen(null);
  }, []);

  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (e.defaultPrevented) return;
      if (typedAhead.current !== null && !e.ctrlKey && !e.metaKey && !e.altKey) {
        if (e.key.length === 1) typedAhead.current += e.key;
        else if (e.key === 'Backspace') typedAhead.current = typedAhead.current.slice(0, -1);
        else return;
        e.preventDefault();
        return;
      }
      const id = globalShortcutFor(e, {
        overlayOpen: document.querySelector(OVERLAY_SELECTOR) !== null,
        paletteOpen: openRef.current === 'palette',
      });
      if (id === null || (id === 'new-appointment' && !canBook)) return;
      e.preventDefault();
      if (id === 'new-appointment') show('new-appointment');
      else if (id === 'shortcut-help') show('help');
      else if (openRef.current === 'palette') close();
      else show('palette');
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [canBook, show, close]);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 2000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    // A busy first page (charts, live data) must not put it off for long.
    const handle = idle(
      () => {
        void loadPalette();
        if (canBook) void loadSmartAssignment();
      },
      { timeout: 3000 },
    );
    return () => cancel(handle);
  }, [canBook]);

  /** The palette and the help hand the focus back, or run the palette's choice once they are gone. */
  const onCloseAutoFocus = useCallback((event: Event) => {
    event.preventDefault();
    const next = afterClose.current;
    const target = returnTo.current;
    afterClose.current = null;
    returnTo.current = null;
    if (target?.isConnected) target.focus({ preventScroll: true });
    next?.();
  }, []);

  const choose = useCallback(
    (choice: PaletteChoice) => {
      if ('path' in choice) {
        navigate(choice.path);
        // The page (or the patient's detail over it) is where the work goes on, not the old page's button.
        returnTo.current = null;
        afterClose.current = focusContent;
      } else {
        const overlay = choice.action === 'new-appointment' ? 'new-appointment' : 'help';
        afterClose.current = () => show(overlay);
      }
      setOpen(null);
    },
    [navigate, show],
  );

  const actions = useMemo<ShellActions>(
    () => ({
      newAppointment: canBook ? () => show('new-appointment') : null,
      openPalette: () => show('palette'),
      openHelp: () => show('help'),
    }),
    [canBook, show],
  );

  const setOpenFor = (overlay: Overlay) => (next: boolean) => (next ? show(overlay) : close());

  return (
    <ShellActionsContext.Provider value={actions}>
      {children}
      {mounted.has('palette') && (
        <Suspense fallback={null}>
          <CommandPalette
            open={open === 'palette'}
            onOpenChange={setOpenFor('palette')}
            onChoose={choose}
            onCloseAutoFocus={onCloseAutoFocus}
            role={user?.role}
            canBook={canBook}
            typedAhead={typedAheadApi}
          />
        </Suspense>
      )}
      {mounted.has('help') && (
        <Suspense fallback={null}>
          <ShortcutHelpDialog
            open={open === 'help'}
            onOpenChange={setOpenFor('help')}
            onCloseAutoFocus={onCloseAutoFocus}
            unavailable={canBook ? [] : ['new-appointment']}
          />
        </Suspense>
      )}
      {canBook && mounted.has('new-appointment') && (
        <Suspense fallback={null}>
          <SmartAssignmentDialog
            open={open === 'new-appointment'}
            onOpenChange={setOpenFor('new-appointment')}
          />
        </Suspense>
      )}
    </ShellActionsContext.Provider>
  );
}
