import { localDateTime, startOfLocalDay } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import type { AccessLogEntryDto, AccessLogQuery } from '@ips/shared/schemas/access-log';
import type { AppDeps } from '../../lib/context';
import * as repo from './repo';

/** GET /patient-access-log: the rows are written by lib/patient-access.ts on every read of one patient. */
export async function listAccessLog(deps: AppDeps, q: AccessLogQuery) {
  const tz = deps.config.orgTimezone;
  const { rows, total } = await repo.listPage(
    deps.db,
    {
      patientId: q.patient_id,
      userId: q.user_id,
      from: q.from ? startOfLocalDay(q.from, tz) : undefined,
      to: q.to ? startOfLocalDay(addDays(q.to, 1), tz) : undefined,
    },
    q.limit,
    (q.page - 1) * q.limit,
  );
  const data = rows.map((r): AccessLogEntryDto => ({
    id: r.log.id,
    patient_id: r.log.patientId,
    patient_name: r.patientName,
    patient_document: r.patientDocument,
    user_id: r.log.userId,
    user_name: r.userName,
    user_email: r.userEmail,
    user_role: r.userRole,
    action: r.log.action,
    ip: r.log.ip,
    request_id: r.log.requestId,
    at: localDateTime(r.log.at, tz),
  }));
  return { data, total, page: q.page, limit: q.limit };
}
