import {
  CALL_CSV_COLUMNS,
  CALL_PRIORITY_LABELS,
  CALL_STATUS_LABELS,
  CALL_TYPE_LABELS,
} from '@ips/shared/schemas/calls';
import type { CallHistoryFilters, CallPriority, CallStatus, CallType } from '@ips/shared/schemas/calls';
import { localDate } from '@ips/shared/format';
import type { AppDeps } from '../../lib/context';
import { csvStream, eachRow, esDateTime } from '../../lib/csv-stream';
import * as repo from './repo';

/** '1:02:03' or '2:05' (minutes:seconds). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * The history as CSV (spec §7 columns), every call matching the filters, built by the server from a keyset
 * cursor and streamed: the range is not limited by a page, and memory stays one batch.
 */
export function exportHistoryCsv(deps: AppDeps, f: CallHistoryFilters) {
  const tz = deps.config.orgTimezone;
  const now = new Date();
  const stream = csvStream(
    [...CALL_CSV_COLUMNS],
    eachRow(repo.historyBatches(deps.db, f)),
    (c: repo.CallRow) => [
      c.id,
      c.patientName,
      c.patientPhone ?? '',
      c.agentName ?? '',
      CALL_TYPE_LABELS[c.callType as CallType] ?? c.callType,
      CALL_STATUS_LABELS[c.status as CallStatus] ?? c.status,
      CALL_PRIORITY_LABELS[c.priority as CallPriority] ?? c.priority,
      formatDuration(((c.endedAt ?? now).getTime() - c.startedAt.getTime()) / 1000),
      esDateTime(c.startedAt, tz),
    ],
  );
  return { filename: `historial-llamadas-${localDate(now, tz)}.csv`, stream };
}
