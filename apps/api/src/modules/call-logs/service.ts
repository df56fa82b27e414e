import { AppError } from '@ips/shared/errors';
import { startOfLocalDay } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import type { CreateCallLogBody, ListCallLogsQuery, UpdateCallLogBody } from '@ips/shared/schemas/call-logs';
import type { Executor } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import * as brepo from '../appointments';
import * as repo from './repo';

/** Call logs created or changed (automated call requests, the agents' logs); payloads carry ids only. */
export const CALL_LOGS_CHANNEL = 'call_logs';

export async function listCallLogs(deps: AppDeps, q: ListCallLogsQuery) {
  const tz = deps.config.orgTimezone;
  const { rows, total } = await repo.list(
    deps.db,
    {
      patientId: q.patient_id,
      queueId: q.queue_id,
      status: q.status,
      channel: q.channel,
      direction: q.direction,
      statusId: q.status_id,
      from: q.date ? startOfLocalDay(q.date, tz) : undefined,
      to: q.date ? startOfLocalDay(addDays(q.date, 1), tz) : undefined,
      q: q.q,
    },
    q.limit,
    (q.page - 1) * q.limit,
  );
  return { data: rows, total, page: q.page, limit: q.limit };
}

/** Records a call log inside the caller's transaction, audited and published. */
export async function recordCallLog(tx: Executor, deps: AppDeps, actor: Actor, values: repo.NewCallLog) {
  const row = await repo.insert(tx, values);
  await writeAudit(tx, actor, {
    table: 'call_logs',
    recordId: row.id,
    action: 'create',
    newValues: repo.auditView(row),
  });
  await deps.events.publish(tx, CALL_LOGS_CHANNEL, 'call_log.created', {
    id: row.id,
    patient_id: row.patientId,
    status: row.status,
  });
  return row;
}

/** POST /call-logs: an agent's own log. A call that happened gets its end time now. */
export async function createCallLog(deps: AppDeps, actor: Actor, body: CreateCallLogBody) {
  return deps.db.transaction(async (tx) => {
    const patient = await brepo.findPatient(tx, body.patient_id);
    if (!patient) throw new AppError('NOT_FOUND', 'Paciente no encontrado');
    const done = body.status === 'completed' || body.status === 'failed';
    const row = await recordCallLog(tx, deps, actor, {
      patientId: body.patient_id,
      specialtyId: body.specialty_id ?? null,
      queueId: body.queue_id ?? null,
      appointmentId: body.appointment_id ?? null,
      userId: actor.userId,
      direction: body.direction,
      channel: body.channel,
      callType: body.call_type,
      status: body.status,
      outcome: body.outcome ?? null,
      notes: body.notes ?? null,
      statusId: body.status_id ?? null,
      endedAt: done ? new Date() : null,
    });
    return (await repo.findDto(tx, row.id))!;
  });
}

/** PUT /call-logs/{id}: the clinic's status (catalogue), outcome, notes, specialty; audited and published. */
export async function updateCallLog(deps: AppDeps, actor: Actor, id: number, body: UpdateCallLogBody) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', 'Registro de llamada no encontrado');
    const values: Partial<repo.NewCallLog> = {};
    if (body.status_id !== undefined) values.statusId = body.status_id;
    if (body.specialty_id !== undefined) values.specialtyId = body.specialty_id;
    if (body.outcome !== undefined) values.outcome = body.outcome;
    if (body.notes !== undefined) values.notes = body.notes;
    const after = await repo.update(tx, id, values);
    await writeAudit(tx, actor, {
      table: 'call_logs',
      recordId: id,
      action: 'update',
      oldValues: { ...repo.auditView(before), notes: before.notes, specialty_id: before.specialtyId },
      newValues: { ...repo.auditView(after), notes: after.notes, specialty_id: after.specialtyId },
    });
    await deps.events.publish(tx, CALL_LOGS_CHANNEL, 'call_log.updated', {
      id,
      patient_id: after.patientId,
      status: after.status,
    });
    return (await repo.findDto(tx, id))!;
  });
}
