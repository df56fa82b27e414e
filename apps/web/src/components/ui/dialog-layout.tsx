import { createContext, useContext, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * The layout every dialog shares (Dialog and AlertDialog): a frame that never leaves the screen and a body that
 * scrolls inside it, with the header and the action buttons pinned to its edges.
 *
 * - The frame is sized from the viewport units (vw, dvh), not from its containing block: on a phone a page that
 *   overflows sideways widens the layout viewport, and a dialog sized in % of it ends up wider than the screen.
 * - Callers style dialogs with one className, as before: its size classes (w-, max-w-, max-h-, …) go to the
 *   frame, everything else (layout, padding, gap, overflow) to the body (dialog-classes.ts).
 * - The close button lives in the frame, outside the scrolling body, so it never scrolls away.
 */

/** Centered on the viewport, at most the screen minus 1 rem on each side. */
export const DIALOG_FRAME =
  'fixed top-[50dvh] left-[50vw] z-50 flex w-[calc(100vw-2rem)] max-h-[calc(100dvh-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-xl border bg-card shadow-xl outline-none data-[state=open]:animate-zoom-in';

/**
 * The scrolling body: shrinks to what the frame leaves and scrolls (callers may scroll a part of it instead). A
 * column of flex items takes the dialog's width whatever its content. Grid items inside may be narrower than
 * their content (index.css, `[data-slot='dialog-body'] .grid > *`), so that a row of buttons or a wide field
 * narrows instead of widening the grid's column past the dialog's edge (a one-column grid on a phone sizes its
 * column to its widest item).
 */
export const DIALOG_BODY = 'flex min-h-0 min-w-0 flex-col gap-4 overflow-y-auto overscroll-contain p-6';

interface DialogLayout {
  /** The body keeps its default padding, so a pinned header or footer reaches over it to the frame's edge. */
  padded: boolean;
  /** A close button sits in the top right corner: the header's text stays clear of it. */
  closable: boolean;
}

const DialogLayoutContext = createContext<DialogLayout>({ padded: false, closable: false });

/** The body's classes, and whether it kept the default padding (a caller's p-0 lays out its own edges). */
export function dialogBody(bodyClassName: string): { className: string; padded: boolean } {
  const className = cn(DIALOG_BODY, bodyClassName);
  return { className, padded: className.split(/\s+/).includes('p-6') };
}

export function DialogLayoutProvider({ padded, closable, children }: DialogLayout & { children: ReactNode }) {
  return <DialogLayoutContext.Provider value={{ padded, closable }}>{children}</DialogLayoutContext.Provider>;
}

/**
 * A header pinned to the top of the scrolling body. Over a padded body it takes the padding into itself (same
 * look), so that once pinned it covers the frame's edge; a soft fade under it keeps scrolled text legible. The
 * right padding leaves room for the close button.
 */
export function useDialogHeaderClassName(className: string | undefined): string {
  const { padded, closable } = useContext(DialogLayoutContext);
  return cn(
    'sticky top-0 z-10 flex shrink-0 flex-col gap-2 bg-card text-left',
    'after:pointer-events-none after:absolute after:inset-x-0 after:top-full after:h-3 after:bg-linear-to-b after:from-card after:to-transparent',
    // A sticky box stops at the scroll container's padding edge: -top-6 puts it back on the frame's edge.
    padded && '-top-6 -mx-6 -mt-6 px-6 pt-6',
    padded && closable && 'pr-12',
    className,
  );
}

/** The action buttons pinned to the bottom of the scrolling body, like the header. */
export function useDialogFooterClassName(className: string | undefined): string {
  const { padded } = useContext(DialogLayoutContext);
  return cn(
    'sticky bottom-0 z-10 flex shrink-0 flex-col-reverse gap-2 bg-card sm:flex-row sm:justify-end',
    'before:pointer-events-none before:absolute before:inset-x-0 before:bottom-full before:h-3 before:bg-linear-to-t before:from-card before:to-transparent',
    padded && '-bottom-6 -mx-6 -mb-6 px-6 pb-6',
    className,
  );
}
