import { useState } from 'react';

/**
 * One Idempotency-Key per opening of a booking dialog: a double click or a retry after a lost answer sends the
 * same key and books once. `renew` starts a new booking (e.g. 'Crear Otra Cita').
 */
export function useBookingKey(open: boolean) {
  const [state, setState] = useState(() => ({ open, key: crypto.randomUUID() }));
  if (state.open !== open) {
    // A fresh key each time the dialog opens; adjusting state during render avoids an extra effect pass.
    setState({ open, key: open ? crypto.randomUUID() : state.key });
  }
  return {
    key: state.key,
    renew: () => setState((s) => ({ ...s, key: crypto.randomUUID() })),
  };
}
