import type { TransferRow } from './repo';

/** What other modules may do inside a transfer's transaction (lib/tx-hooks.ts); notifications handles it. */
declare module '../../lib/tx-hooks' {
  interface TxHookMap {
    /** A transfer was created (the new row). */
    'transfer.created': TransferRow;
  }
}

export const TRANSFER_CREATED = 'transfer.created';
