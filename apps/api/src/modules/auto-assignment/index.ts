/** What other modules may use of auto-assignment: the smart booking and the earliest free times. */
export { earliestFreeTimes, smartAssign } from './service';
