/** What other modules may use of transfers: the hook run when a transfer is created. */
export { TRANSFER_CREATED } from './hooks';
