import { useEffect } from 'react';
import { toast, Toaster as Sonner, useSonner } from 'sonner';

/**
 * Spec part 1 §9: one toast at a time. Sonner's `visibleToasts` only hides older toasts of the same position, and
 * a toast that names another position opens a second stack; here a new toast dismisses every older one, wherever
 * it was shown.
 */
function OneToastAtATime() {
  const { toasts } = useSonner();
  useEffect(() => {
    // useSonner lists the newest first.
    for (const t of toasts.slice(1)) toast.dismiss(t.id);
  }, [toasts]);
  return null;
}

/**
 * The app's toasts, at the top centre: a dialog keeps its action buttons at its bottom edge (pinned there while
 * its body scrolls), at every screen size, so a toast up here never covers them.
 */
export function Toaster() {
  return (
    <>
      <Sonner
        visibleToasts={1}
        position="top-center"
        richColors
        closeButton
        duration={4000}
        containerAriaLabel="Notificaciones"
        toastOptions={{ closeButtonAriaLabel: 'Cerrar notificación' }}
      />
      <OneToastAtATime />
    </>
  );
}
