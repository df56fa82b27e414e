import { AppError } from '@ips/shared/errors';
import { localDateTime, parseLocalDateTime } from '@ips/shared/format';
import { TRANSITION_MESSAGES as T, transitionError } from '@ips/shared/scheduling/appointment-transitions';
import { BOOKING_MESSAGES as M, type UpdateAppointmentBody } from '@ips/shared/schemas/appointment-booking';
import {
  CANCEL_MESSAGE_REQUIRED,
  DEFAULT_CANCEL_REASON,
  type AppointmentStatus,
} from '@ips/shared/schemas/appointments';
import type { Executor } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { registerConstraintMessage } from '../../plugins/errors';
import type { Actor, AppDeps } from '../../lib/context';
import { checkWithinAgenda } from './agenda-time';
import { refuseEarlyAttendance } from './attend-time';
import * as brepo from './booking-repo';
import { auditView, toAppointmentDto } from './dto';
import { COMPLETED, RESTORED, SLOT_FREED } from './hooks';
import * as repo from './repo';
import { APPOINTMENTS_CHANNEL } from './service';
import { NO_SLOTS_MESSAGE, releaseSlot, takeSlot } from './slots';

/*
 * PUT /appointments/{id} and POST /appointments/{id}/restore (spec §4). Every change locks the appointment's
 * row, follows the transition table of @ips/shared/scheduling/appointment-transitions, moves the agenda's
 * booked_slots with the status (booked_slots counts Confirmada only, decision 009), is audited and published.
 */

const AGENDAS_CHANNEL = 'agendas';
export const ACTION_ERRORS = {
  notFound: 'Cita no encontrada',
  restoreNoSlot: 'No se puede restaurar la cita: la agenda ya no tiene cupos disponibles',
  restoreTaken: 'No se puede restaurar la cita: el horario ya está ocupado (doctor, paciente o sala)',
  restoreAgenda: 'No se puede restaurar la cita: la agenda no está activa',
  restorePast: 'No se puede restaurar una cita de una fecha u hora pasada',
  past: 'No se puede mover una cita a una fecha u hora pasada',
} as const;
const E = ACTION_ERRORS;
export const SERVICE_NOT_FOUND = 'Servicio no encontrado';
registerConstraintMessage('appointments_service_fk', 'NOT_FOUND', SERVICE_NOT_FOUND);
const EVENT_TYPES: Record<string, string> = {
  update: 'appointment.updated',
  confirm: 'appointment.confirmed',
  complete: 'appointment.completed',
  cancel: 'appointment.cancelled',
  restore: 'appointment.restored',
};

type Row = NonNullable<Awaited<ReturnType<typeof repo.findByIdForUpdate>>>;

export async function updateAppointment(
  deps: AppDeps,
  actor: Actor,
  id: number,
  body: UpdateAppointmentBody,
) {
  const tz = deps.config.orgTimezone;
  return deps.db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', E.notFound);
    const from = before.status as AppointmentStatus;
    const to = body.status ?? from;
    // A reason sent blank (the schema turns it into null) is a message left empty, as POST …/cancel says; only
    // a reason left out takes the default.
    if (to === 'Cancelada' && body.cancellation_reason === null)
      throw new AppError('VALIDATION', CANCEL_MESSAGE_REQUIRED, {
        cancellation_reason: [CANCEL_MESSAGE_REQUIRED],
      });
    const edits = {
      scheduled_at: body.scheduled_at,
      duration_minutes: body.duration_minutes,
      appointment_type: body.appointment_type,
      reason: body.reason,
      notes: body.notes,
      insurance_type: body.insurance_type,
      room_id: body.room_id,
      service_id: body.service_id,
    };
    const editing = Object.values(edits).some((v) => v !== undefined);
    // The same status beside other edits is a form sent whole; alone it asks for a change that is no change.
    if (body.status && (to !== from || !editing)) {
      const refused = transitionError(from, to);
      if (refused) throw new AppError('CONFLICT', refused);
    }
    if (editing && from === 'Completada') throw new AppError('CONFLICT', T.completedFinal);
    if (editing && from === 'Cancelada' && to !== 'Confirmada')
      throw new AppError('CONFLICT', T.cancelledOnlyRestore);

    // The time first, so that a status change below checks the slot and the overlaps at the new time.
    const values: Partial<repo.AppointmentValues> = {};
    const duration = body.duration_minutes ?? before.durationMinutes;
    const moved =
      body.scheduled_at !== undefined || body.duration_minutes !== undefined || body.room_id !== undefined;
    let start = before.scheduledAt;
    if (body.scheduled_at !== undefined || body.duration_minutes !== undefined) {
      start = await newStart(tx, tz, before, body.scheduled_at, duration);
      values.scheduledAt = start;
      values.endsAt = new Date(start.getTime() + duration * 60_000);
      values.durationMinutes = duration;
    }
    if (body.room_id !== undefined) values.roomId = body.room_id;
    if (body.appointment_type !== undefined) values.appointmentType = body.appointment_type;
    if (body.reason !== undefined) values.reason = body.reason;
    if (body.notes !== undefined) values.notes = body.notes;
    if (body.insurance_type !== undefined) values.insuranceType = body.insurance_type;
    if (body.service_id !== undefined) values.serviceId = body.service_id;
    const roomId = values.roomId !== undefined ? values.roomId : before.roomId;
    if (moved && to !== 'Cancelada' && from !== 'Cancelada')
      await refuseOverlap(tx, before, start, duration, roomId, M.overlap);

    // Attended at its (new) time at the earliest, less the tolerance of the setting.
    if (to === 'Completada' && from !== 'Completada') refuseEarlyAttendance(deps, start);

    let action = 'update';
    if (to !== from) {
      action =
        to === 'Confirmada'
          ? from === 'Cancelada'
            ? 'restore'
            : 'confirm'
          : to === 'Completada'
            ? 'complete'
            : 'cancel';
      if (to === 'Confirmada') {
        if (from === 'Cancelada') await checkRestorable(tx, before, start, duration, roomId);
        else if (before.availabilityId) await takeSlot(tx, before.availabilityId);
        values.cancellationReason = null;
        values.cancelledAt = null;
      } else {
        if (from === 'Confirmada' && before.availabilityId) await releaseSlot(tx, before.availabilityId);
        if (to === 'Cancelada') {
          values.cancellationReason = body.cancellation_reason ?? DEFAULT_CANCEL_REASON;
          values.cancelledAt = new Date();
        }
      }
      values.status = to;
    } else if (body.cancellation_reason !== undefined && from === 'Cancelada') {
      values.cancellationReason = body.cancellation_reason;
    }
    if (Object.keys(values).length === 0) throw new AppError('VALIDATION', 'No hay cambios para guardar');

    const after = (await repo.update(tx, id, values))!;
    if (action === 'restore') await deps.hooks.run(RESTORED, tx, deps, actor, id);
    await record(tx, deps, actor, action, before, after);
    if (action === 'cancel' && from === 'Confirmada')
      await deps.hooks.run(SLOT_FREED, tx, deps, actor, after);
    if (action === 'complete') await deps.hooks.run(COMPLETED, tx, deps, actor, id);
    return toAppointmentDto((await repo.findWithNames(tx, id))!, tz);
  });
}

/** Cancelada → Confirmada when the slot is still free and nothing overlaps at its time; else 409. */
export async function restoreAppointment(deps: AppDeps, actor: Actor, id: number) {
  const tz = deps.config.orgTimezone;
  return deps.db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', E.notFound);
    if (before.status !== 'Cancelada') throw new AppError('CONFLICT', T.restoreOnlyCancelled);
    await checkRestorable(tx, before, before.scheduledAt, before.durationMinutes, before.roomId);
    const after = (await repo.update(tx, id, {
      status: 'Confirmada',
      cancellationReason: null,
      cancelledAt: null,
    }))!;
    await deps.hooks.run(RESTORED, tx, deps, actor, id);
    await record(tx, deps, actor, 'restore', before, after);
    return toAppointmentDto((await repo.findWithNames(tx, id))!, tz);
  });
}

async function checkRestorable(
  tx: Executor,
  before: Row,
  start: Date,
  duration: number,
  roomId: number | null,
) {
  if (start.getTime() < Date.now()) throw new AppError('CONFLICT', E.restorePast);
  await refuseOverlap(tx, before, start, duration, roomId, E.restoreTaken);
  if (!before.availabilityId) return;
  const agenda = await brepo.findAgenda(tx, before.availabilityId);
  if (!agenda || agenda.status !== 'Activa') throw new AppError('CONFLICT', E.restoreAgenda);
  try {
    await takeSlot(tx, before.availabilityId);
  } catch (err) {
    if (err instanceof AppError && err.message === NO_SLOTS_MESSAGE)
      throw new AppError('CONFLICT', E.restoreNoSlot);
    throw err;
  }
}

async function refuseOverlap(
  tx: Executor,
  before: Row,
  start: Date,
  duration: number,
  roomId: number | null,
  message: string,
) {
  const clash = await brepo.overlapping(tx, {
    doctorId: before.doctorId,
    patientId: before.patientId,
    roomId,
    from: start,
    to: new Date(start.getTime() + duration * 60_000),
    excludeId: before.id,
  });
  if (clash.length > 0) throw new AppError('CONFLICT', message);
}

/** The new start of a moved appointment: within its agenda's date and hours, never in the past. */
async function newStart(
  tx: Executor,
  tz: string,
  before: Row,
  scheduledAt: string | undefined,
  duration: number,
) {
  const text = scheduledAt ?? localDateTime(before.scheduledAt, tz);
  let start: Date;
  const agenda = before.availabilityId ? await brepo.findAgenda(tx, before.availabilityId) : null;
  if (agenda) start = checkWithinAgenda(agenda, text, duration, tz);
  else {
    const parsed = parseLocalDateTime(text, tz);
    if (!parsed) throw new AppError('VALIDATION', 'Fecha y hora inválidas (AAAA-MM-DD HH:mm:ss)');
    start = parsed;
  }
  if (scheduledAt !== undefined && start.getTime() < Date.now()) throw new AppError('CONFLICT', E.past);
  return start;
}

async function record(tx: Executor, deps: AppDeps, actor: Actor, action: string, before: Row, after: Row) {
  await writeAudit(tx, actor, {
    table: 'appointments',
    recordId: before.id,
    action,
    oldValues: auditView(before),
    newValues: auditView(after),
  });
  await deps.events.publish(tx, APPOINTMENTS_CHANNEL, EVENT_TYPES[action] ?? 'appointment.updated', {
    id: before.id,
    availability_id: after.availabilityId,
  });
  if (after.availabilityId && before.status !== after.status)
    await deps.events.publish(tx, AGENDAS_CHANNEL, 'agenda.updated', { id: after.availabilityId });
}
