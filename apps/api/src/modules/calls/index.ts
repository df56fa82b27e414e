/** What other modules may use of calls: creating one, its channel and rows, matching the caller, measures. */
export { measureCalls, serviceLevelThreshold } from './measures';
export { matchPatient } from './patient-match';
export { auditView, type CallRow, insert, type NewCall } from './repo';
export { CALLS_CHANNEL, createCall } from './service';
