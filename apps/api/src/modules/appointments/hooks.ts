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
    /** An appointment became Completada (its id): billing records it (decision 031). */
    'appointment.completed': number;
  }
}

export const SLOT_FREED = 'appointment.slot-freed';
export const RESTORED = 'appointment.restored';
export const COMPLETED = 'appointment.completed';
