import { sql } from 'drizzle-orm';
import { AppError } from '@ips/shared/errors';
import { parseLocalDateTime } from '@ips/shared/format';
import { addDays, daysBetween } from '@ips/shared/scheduling/calendar-days';
import { AGENDA_MESSAGES } from '@ips/shared/schemas/availabilities';
import type { TransferMode } from '@ips/shared/schemas/availabilities-actions';
import type { Executor, Tx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { auditView as appointmentAudit, cancelOpenAppointmentsOfAgenda } from '../appointments';
import * as appointmentRepo from '../appointments';
import { buildDistribution } from './distribution';
import { auditView } from './dto';
import { AGENDA_CANCELLED_WITH_NOTICES } from './hooks';
import * as repo from './repo';
import { AGENDA_NOT_FOUND, AGENDAS_CHANNEL, assertNoOverlap, todayIn } from './rules';
import { agendaDetail } from './service';

const MINUTE = 60_000;

/**
 * Within this transaction the overlap constraints of appointments are checked at commit, not per row: moving
 * a whole agenda's appointments one by one can pass through an overlap between two of them that is gone once
 * all have moved. Any overlap left at commit still fails (409 through the error handler).
 */
export async function deferAppointmentOverlaps(tx: Executor) {
  await tx.execute(
    sql`set constraints appointments_doctor_overlap, appointments_patient_overlap, appointments_room_overlap deferred`,
  );
}

/**
 * The agenda's appointments still to happen follow it to its new date, time, doctor, specialty or location;
 * each keeps its distance from the agenda's start, and all must still fit between the new start and end.
 */
export async function followAgenda(
  tx: Executor,
  tz: string,
  actor: Actor,
  before: repo.AvailabilityRow,
  after: repo.AvailabilityRow,
): Promise<number> {
  const open = await appointmentRepo.openOfAgendaForUpdate(tx, before.id);
  if (open.length === 0) return 0;
  const oldStart = parseLocalDateTime(`${before.date} ${before.startTime}`, tz)!.getTime();
  const newStart = parseLocalDateTime(`${after.date} ${after.startTime}`, tz)!.getTime();
  const newEnd = parseLocalDateTime(`${after.date} ${after.endTime}`, tz)!.getTime();
  const plan = open.map((a) => {
    const start = newStart + (a.scheduledAt.getTime() - oldStart);
    return { a, start, end: start + a.durationMinutes * MINUTE };
  });
  if (plan.some((p) => p.start < newStart || p.end > newEnd))
    throw new AppError(
      'CONFLICT',
      'Las citas de la agenda no caben en el nuevo horario; ajuste la hora de inicio o de fin',
    );
  await deferAppointmentOverlaps(tx);
  let moved = 0;
  for (const { a, start, end } of plan) {
    const same =
      start === a.scheduledAt.getTime() &&
      a.doctorId === after.doctorId &&
      a.locationId === after.locationId &&
      a.specialtyId === after.specialtyId;
    if (same) continue;
    const updated = (await appointmentRepo.update(tx, a.id, {
      scheduledAt: new Date(start),
      endsAt: new Date(end),
      doctorId: after.doctorId,
      locationId: after.locationId,
      specialtyId: after.specialtyId,
    }))!;
    await writeAudit(tx, actor, {
      table: 'appointments',
      recordId: a.id,
      action: 'move_with_agenda',
      oldValues: appointmentAudit(a),
      newValues: appointmentAudit(updated),
    });
    moved++;
  }
  return moved;
}

export async function transferAvailability(
  deps: AppDeps,
  actor: Actor,
  id: number,
  newDate: string,
  mode: TransferMode,
) {
  return deps.db.transaction(async (tx) => transferInTx(tx, deps, actor, id, newDate, mode));
}

/** Moves (or copies) the agenda to another day, inside the caller's transaction. */
export async function transferInTx(
  tx: Tx,
  deps: AppDeps,
  actor: Actor,
  id: number,
  newDate: string,
  mode: TransferMode,
) {
  const tz = deps.config.orgTimezone;
  if (newDate < todayIn(tz))
    throw new AppError('VALIDATION', AGENDA_MESSAGES.transferPast, {
      new_date: [AGENDA_MESSAGES.transferPast],
    });
  const before = await repo.findByIdForUpdate(tx, id);
  if (!before) throw new AppError('NOT_FOUND', AGENDA_NOT_FOUND);
  if (newDate === before.date)
    throw new AppError('VALIDATION', AGENDA_MESSAGES.transferSame, {
      new_date: [AGENDA_MESSAGES.transferSame],
    });
  const { startTime, endTime, doctorId } = before;
  await assertNoOverlap(tx, doctorId, newDate, startTime, endTime, mode === 'move' ? id : undefined);
  // Spec §4: the transferred agenda is Activa when its new date is today or later (always: past dates are refused).
  if (mode === 'move') {
    const after = (await repo.update(tx, id, { date: newDate, status: 'Activa' }))!;
    const moved = await followAgenda(tx, tz, actor, before, after);
    await writeAudit(tx, actor, {
      table: 'availabilities',
      recordId: id,
      action: 'transfer',
      oldValues: auditView(before),
      newValues: { ...auditView(after), appointments_moved: moved },
    });
    await deps.events.publish(tx, AGENDAS_CHANNEL, 'agenda.updated', { id });
    return { agenda: await agendaDetail(tx, tz, id), appointments_moved: moved };
  }
  // A copy is a new empty agenda; its distribution window moves by as many days as the agenda did.
  const shift = (d: string | null) => (d ? addDays(d, dayDelta(before.date, newDate)) : null);
  const copy = await repo.insert(tx, {
    ...copyableFields(before),
    date: newDate,
    distributionStartDate: shift(before.distributionStartDate),
    distributionEndDate: shift(before.distributionEndDate),
    preallocationPublishDate: shift(before.preallocationPublishDate),
    createdBy: actor.userId,
  });
  await buildDistribution(tx, copy);
  await writeAudit(tx, actor, {
    table: 'availabilities',
    recordId: copy.id,
    action: 'create',
    newValues: { ...auditView(copy), copied_from: id },
  });
  await deps.events.publish(tx, AGENDAS_CHANNEL, 'agenda.created', { id: copy.id });
  return { agenda: await agendaDetail(tx, tz, copy.id), appointments_moved: 0 };
}

function dayDelta(from: string, to: string): number {
  return from <= to ? daysBetween(from, to).length - 1 : -(daysBetween(to, from).length - 1);
}

function copyableFields(a: repo.AvailabilityRow): repo.AvailabilityValues {
  return {
    locationId: a.locationId,
    specialtyId: a.specialtyId,
    doctorId: a.doctorId,
    date: a.date,
    startTime: a.startTime,
    endTime: a.endTime,
    capacity: a.capacity,
    bookedSlots: 0,
    durationMinutes: a.durationMinutes,
    status: 'Activa',
    notes: a.notes,
    autoPreallocate: a.autoPreallocate,
    autoDistribute: a.autoDistribute,
    excludeWeekends: a.excludeWeekends,
  };
}

export async function rescheduleAvailability(
  deps: AppDeps,
  actor: Actor,
  id: number,
  body: { date: string; start_time: string; end_time: string },
) {
  const tz = deps.config.orgTimezone;
  if (body.date < todayIn(tz))
    throw new AppError('VALIDATION', AGENDA_MESSAGES.reschedulePast, {
      date: [AGENDA_MESSAGES.reschedulePast],
    });
  return deps.db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', AGENDA_NOT_FOUND);
    if (before.status !== 'Activa')
      throw new AppError('CONFLICT', 'Solo se puede reagendar una agenda activa');
    await assertNoOverlap(tx, before.doctorId, body.date, body.start_time, body.end_time, id);
    const after = (await repo.update(tx, id, {
      date: body.date,
      startTime: body.start_time,
      endTime: body.end_time,
    }))!;
    const moved = await followAgenda(tx, tz, actor, before, after);
    await writeAudit(tx, actor, {
      table: 'availabilities',
      recordId: id,
      action: 'reschedule',
      oldValues: auditView(before),
      newValues: { ...auditView(after), appointments_moved: moved },
    });
    await deps.events.publish(tx, AGENDAS_CHANNEL, 'agenda.updated', { id });
    return { agenda: await agendaDetail(tx, tz, id), appointments_moved: moved };
  });
}

/**
 * Cancels a locked agenda inside the caller's transaction: it becomes Cancelada, its appointments still to
 * happen become Cancelada with the message as their reason (slots given back), and each of those patients gets
 * a 'pendiente' notice with the message.
 */
export async function cancelLockedAgenda(
  tx: Tx,
  deps: AppDeps,
  actor: Actor,
  before: repo.AvailabilityRow,
  message: string,
  channel: string,
) {
  if (before.status === 'Cancelada') throw new AppError('CONFLICT', 'La agenda ya está cancelada');
  await repo.update(tx, before.id, { status: 'Cancelada' });
  const cancelled = await cancelOpenAppointmentsOfAgenda(tx, actor, before.id, message);
  const notices = await repo.insertNotices(
    tx,
    cancelled.map((c) => ({ appointmentId: c.id, patientId: c.patientId, message, channel })),
  );
  const after = (await repo.findByIdForUpdate(tx, before.id))!;
  await writeAudit(tx, actor, {
    table: 'availabilities',
    recordId: before.id,
    action: 'cancel',
    oldValues: auditView(before),
    newValues: { ...auditView(after), message, appointments_cancelled: cancelled.length },
  });
  await deps.events.publish(tx, AGENDAS_CHANNEL, 'agenda.cancelled', { id: before.id });
  if (notices.length > 0)
    await deps.hooks.run(AGENDA_CANCELLED_WITH_NOTICES, tx, deps, actor, {
      agendaId: before.id,
      noticeIds: notices.map((n) => n.id),
      message,
    });
  return { appointments_cancelled: cancelled.length, notices_created: notices.length };
}

export async function cancelAvailability(
  deps: AppDeps,
  actor: Actor,
  id: number,
  message: string,
  channel: string,
) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', AGENDA_NOT_FOUND);
    const result = await cancelLockedAgenda(tx, deps, actor, before, message, channel);
    return { agenda: await agendaDetail(tx, deps.config.orgTimezone, id), ...result };
  });
}
