/**
 * Toasts raised while a dialog stays open (validation, server errors) show at the top: at the default
 * bottom-right they would cover the dialog's own buttons (Siguiente, Actualizar) for several seconds.
 */
export const DIALOG_TOAST = { position: 'top-center' } as const;
