import { and, gte, lte, ne, sql } from 'drizzle-orm';
import { AppError } from '@ips/shared/errors';
import { localDate, parseLocalDateTime, startOfLocalDay } from '@ips/shared/format';
import { addDays, daysBetween } from '@ips/shared/scheduling/calendar-days';
import { DEFAULT_CANCEL_REASON, type ListAppointmentsQuery } from '@ips/shared/schemas/appointments';
import type { AppointmentDto } from '@ips/shared/schemas/appointments';
import type { Executor } from '../../db/client';
import { availabilities } from '../../db/schema/agendas';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { CLINIC, doctorFilter, type ReadScope } from '../../lib/read-scope';
import { auditView, toAppointmentDto } from './dto';
import { SLOT_FREED } from './hooks';
import * as repo from './repo';
import { releaseSlot, takeSlot } from './slots';

/** Live-update channel; payloads carry ids only. */
export const APPOINTMENTS_CHANNEL = 'appointments';
const NOT_FOUND = 'Cita no encontrada';

/** Local calendar days → the instants that bound them, [from, to), in the organisation's timezone. */
export function localRange(tz: string, q: { date?: string; start_date?: string; end_date?: string }) {
  const start = q.date ?? q.start_date;
  const end = q.date ?? q.end_date;
  return {
    from: start ? startOfLocalDay(start, tz) : undefined,
    to: end ? startOfLocalDay(addDays(end, 1), tz) : undefined,
  };
}

/** The appointments list; a doctor's scope sees only their own appointments (decision 020). */
export async function listAppointments(deps: AppDeps, q: ListAppointmentsQuery, scope: ReadScope = CLINIC) {
  const tz = deps.config.orgTimezone;
  const doctorId = doctorFilter(scope, q.doctor_id);
  if (doctorId === null) return { data: [], total: 0, page: q.page, limit: q.limit };
  const { rows, total } = await repo.list(
    deps.db,
    {
      status: q.status,
      ...localRange(tz, q),
      availabilityId: q.availability_id,
      patientId: q.patient_id,
      doctorId,
    },
    q.limit,
    (q.page - 1) * q.limit,
  );
  const now = new Date();
  return { data: rows.map((r) => toAppointmentDto(r, tz, now)), total, page: q.page, limit: q.limit };
}

/**
 * Cancels one appointment (spec §4: Confirmada → Cancelada with 'Cita cancelada por el administrativo'). A
 * Confirmada one gives its slot back to the agenda in the same transaction.
 */
export async function cancelAppointment(
  deps: AppDeps,
  actor: Actor,
  id: number,
  reason: string = DEFAULT_CANCEL_REASON,
): Promise<AppointmentDto> {
  const tz = deps.config.orgTimezone;
  return deps.db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (before.status === 'Cancelada') throw new AppError('CONFLICT', 'La cita ya está cancelada');
    if (before.status === 'Completada')
      throw new AppError('CONFLICT', 'No se puede cancelar una cita completada');
    const after = (await repo.update(tx, id, {
      status: 'Cancelada',
      cancellationReason: reason,
      cancelledAt: new Date(),
    }))!;
    if (before.status === 'Confirmada' && before.availabilityId) await releaseSlot(tx, before.availabilityId);
    await writeAudit(tx, actor, {
      table: 'appointments',
      recordId: id,
      action: 'cancel',
      oldValues: auditView(before),
      newValues: auditView(after),
    });
    await deps.events.publish(tx, APPOINTMENTS_CHANNEL, 'appointment.cancelled', {
      id,
      availability_id: before.availabilityId,
    });
    if (before.status === 'Confirmada') await deps.hooks.run(SLOT_FREED, tx, deps, actor, before);
    return toAppointmentDto((await repo.findWithNames(tx, id))!, tz);
  });
}

/**
 * Cancels an agenda's appointments that are still to happen (neither Cancelada nor Completada: a consultation
 * that took place stays on record) and gives back the slots of the Confirmada ones.
 */
export async function cancelOpenAppointmentsOfAgenda(
  tx: Executor,
  actor: Actor,
  availabilityId: number,
  reason: string,
) {
  const open = await repo.openOfAgendaForUpdate(tx, availabilityId);
  const confirmed = open.filter((a) => a.status === 'Confirmada').length;
  const cancelled = await repo.cancelMany(
    tx,
    open.map((a) => a.id),
    reason,
  );
  await releaseSlot(tx, availabilityId, confirmed);
  for (const a of open) {
    await writeAudit(tx, actor, {
      table: 'appointments',
      recordId: a.id,
      action: 'cancel',
      oldValues: auditView(a),
      newValues: auditView({ ...a, status: 'Cancelada', cancellationReason: reason }),
    });
  }
  return cancelled;
}

export interface NewAppointment {
  patientId: number;
  availabilityId?: number | null;
  locationId: number;
  specialtyId: number;
  doctorId: number;
  /** 'YYYY-MM-DD HH:mm[:ss]' in the organisation's timezone. */
  scheduledAt: string;
  durationMinutes: number;
  status: 'Pendiente' | 'Confirmada' | 'Completada' | 'Cancelada';
  appointmentType?: string;
  reason?: string | null;
  notes?: string | null;
  insuranceType?: string | null;
  cancellationReason?: string | null;
  roomId?: number | null;
  manual?: boolean;
  idempotencyKey?: string | null;
  createdBy?: number | null;
}

/**
 * Writes one appointment inside the caller's transaction: the wall-clock time becomes an instant, and a
 * Confirmada appointment of an agenda takes its slot (409 when none is left). The exclusion constraints refuse
 * an overlap for the doctor, the patient or the room. Used by the demo seed and the booking routes.
 */
export async function insertAppointment(tx: Executor, tz: string, input: NewAppointment) {
  if (!parseLocalDateTime(input.scheduledAt, tz))
    throw new AppError('VALIDATION', 'Fecha y hora inválidas (AAAA-MM-DD HH:mm:ss)');
  if (input.status === 'Confirmada' && input.availabilityId) await takeSlot(tx, input.availabilityId);
  return insertAppointmentRow(tx, tz, input);
}

/** The row alone, for a caller that has already taken the agenda's slot (the booking service). */
export async function insertAppointmentRow(tx: Executor, tz: string, input: NewAppointment) {
  const start = parseLocalDateTime(input.scheduledAt, tz);
  if (!start) throw new AppError('VALIDATION', 'Fecha y hora inválidas (AAAA-MM-DD HH:mm:ss)');
  return repo.insert(tx, {
    patientId: input.patientId,
    availabilityId: input.availabilityId ?? null,
    locationId: input.locationId,
    specialtyId: input.specialtyId,
    doctorId: input.doctorId,
    scheduledAt: start,
    endsAt: new Date(start.getTime() + input.durationMinutes * 60_000),
    durationMinutes: input.durationMinutes,
    status: input.status,
    appointmentType: input.appointmentType ?? 'Presencial',
    reason: input.reason ?? null,
    notes: input.notes ?? null,
    insuranceType: input.insuranceType ?? null,
    cancellationReason: input.cancellationReason ?? null,
    cancelledAt: input.status === 'Cancelada' ? new Date() : null,
    roomId: input.roomId ?? null,
    manual: input.manual ?? false,
    idempotencyKey: input.idempotencyKey ?? null,
    createdBy: input.createdBy ?? null,
  });
}

/**
 * Per day of the range (default: the current month in the organisation's timezone), the non-cancelled
 * appointments and agendas, for the week navigator and the month calendar.
 */
export async function appointmentsSummary(deps: AppDeps, q: { start?: string; end?: string }) {
  const tz = deps.config.orgTimezone;
  const today = localDate(new Date(), tz);
  const start = q.start ?? `${today.slice(0, 7)}-01`;
  const end = q.end ?? addDays(`${addDays(`${today.slice(0, 7)}-28`, 4).slice(0, 7)}-01`, -1);
  if (end < start) throw new AppError('VALIDATION', 'La fecha de fin no puede ser anterior a la de inicio');
  const days = daysBetween(start, end);
  if (days.length > 366) throw new AppError('VALIDATION', 'El rango no puede superar 366 días');
  const { from, to } = localRange(tz, { start_date: start, end_date: end });
  const [appointmentCounts, agendaCounts] = await Promise.all([
    repo.countPerLocalDay(deps.db, tz, from!, to!),
    deps.db
      .select({ date: availabilities.date, n: sql<number>`count(*)::int` })
      .from(availabilities)
      .where(
        and(
          gte(availabilities.date, start),
          lte(availabilities.date, end),
          ne(availabilities.status, 'Cancelada'),
        ),
      )
      .groupBy(availabilities.date),
  ]);
  const appointmentsOn = new Map(appointmentCounts.map((r) => [r.date, r.n]));
  const agendasOn = new Map(agendaCounts.map((r) => [r.date, r.n]));
  return {
    start,
    end,
    by_day: days.map((date) => ({
      date,
      appointments: appointmentsOn.get(date) ?? 0,
      availabilities: agendasOn.get(date) ?? 0,
    })),
  };
}
