import type { AppointmentRow } from './repo';

/**
 * What other modules may do inside an appointment's transaction (lib/tx-hooks.ts). Appointments runs these and
 * imports none of the modules that handle them (the waiting queue registers its handlers in app.ts).
 */
declare module '../../lib/tx-hooks' {
  interface TxHookMap {
    /** A Confirmada appointment was cancelled: its time is free again (the row as it was before). */
    'appointment.slot-freed': AppointmentRow;
    /** A cancelled appointment was restored (its id). */
    'appointment.restored': number;
  }
}

export const SLOT_FREED = 'appointment.slot-freed';
export const RESTORED = 'appointment.restored';
