/** What other modules may do inside the waiting queue's transactions (lib/tx-hooks.ts); notifications handles it. */
declare module '../../lib/tx-hooks' {
  interface TxHookMap {
    /** A freed slot was offered to a waiting patient for the agents to call (notify mode). */
    'queue.slot-offered': { offerId: number; queueEntryId: number; patientName: string; reason: string };
  }
}

export const SLOT_OFFERED = 'queue.slot-offered';
