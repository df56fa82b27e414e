/** What other modules may use of call-logs: recording a call log, its channel, the rows others update. */
export { auditView, hasPendingAutomated, update } from './repo';
export { CALL_LOGS_CHANNEL, recordCallLog } from './service';
