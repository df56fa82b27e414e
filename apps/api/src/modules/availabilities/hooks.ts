/**
 * What other modules may do inside an agenda's transaction (lib/tx-hooks.ts). Availabilities runs these and
 * imports none of the modules that handle them (notifications registers its handlers in app.ts).
 */
declare module '../../lib/tx-hooks' {
  interface TxHookMap {
    /** An agenda was cancelled with a message: the patient notices it left (ids), to send and to tell staff. */
    'agenda.cancelled-with-notices': { agendaId: number; noticeIds: number[]; message: string };
    /** Expired agendas were auto-cancelled (only when at least one was). */
    'agenda.auto-cancelled': { cancelled: number; appointmentsCancelled: number; trigger: string };
  }
}

export const AGENDA_CANCELLED_WITH_NOTICES = 'agenda.cancelled-with-notices';
export const AGENDA_AUTO_CANCELLED = 'agenda.auto-cancelled';
