import { useState } from 'react';

/** crypto.randomUUID exists only in secure contexts (https, localhost); a plain-http intranet gets the fallback. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per opening of a booking dialog: a double click or a retry after a lost answer sends the
 * same key and books once. `renew` starts a new booking (e.g. 'Crear Otra Cita').
 */
export function useBookingKey(open: boolean) {
  const [state, setState] = useState(() => ({ open, key: newKey() }));
  if (state.open !== open) {
    // A fresh key each time the dialog opens; adjusting state during render avoids an extra effect pass.
    setState({ open, key: open ? newKey() : state.key });
  }
  return {
    key: state.key,
    renew: () => setState((s) => ({ ...s, key: newKey() })),
  };
}
