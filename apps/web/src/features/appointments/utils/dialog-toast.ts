/** Toasts raised while a dialog stays open show at the top, clear of the dialog's own buttons. */
export const DIALOG_TOAST = { position: 'top-center' } as const;
