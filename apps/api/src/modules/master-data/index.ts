/** What other modules may use of master-data: the delete that explains what still uses a record. */
export { referencesTo, removeOrExplain } from './in-use';
