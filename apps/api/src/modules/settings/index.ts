/** What other modules may use of settings: reading stored settings by key. */
export { readMany } from './repo';
