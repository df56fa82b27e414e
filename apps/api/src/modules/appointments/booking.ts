import { AppError } from '@ips/shared/errors';
import { localDateTime, parseLocalDateTime } from '@ips/shared/format';
import { BOOKING_MESSAGES as M, type CreateAppointmentBody } from '@ips/shared/schemas/appointment-booking';
import type { AppointmentDto } from '@ips/shared/schemas/appointments';
import type { Executor } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { checkWithinAgenda, nextFreeStart } from './agenda-time';
import * as brepo from './booking-repo';
import { auditView, toAppointmentDto } from './dto';
import * as repo from './repo';
import { APPOINTMENTS_CHANNEL, insertAppointmentRow } from './service';
import { takeSlot } from './slots';

/** Same channel name as the agendas module: a booking changes the agenda's booked_slots. */
const AGENDAS_CHANNEL = 'agendas';

export const BOOKING_ERRORS = {
  patientNotFound: 'Paciente no encontrado',
  patientInactive: 'El paciente está inactivo; reactívelo antes de agendar',
  agendaNotFound: 'Agenda no encontrada',
  agendaNotActive: 'La agenda no está activa',
  agendaMismatch: 'La ubicación, especialidad y doctor deben ser los de la agenda',
  past: 'No se puede agendar una cita en una fecha u hora pasada',
  keyReused: 'La clave de idempotencia ya se usó para una cita de otro paciente',
  doctorNotFound: 'Doctor no encontrado',
  specialtyNotFound: 'Especialidad no encontrada',
  locationNotFound: 'Ubicación no encontrada',
} as const;
const E = BOOKING_ERRORS;

export interface BookingOutcome {
  appointment: AppointmentDto;
  /** False when the Idempotency-Key was seen before: the first appointment is returned, nothing is created. */
  created: boolean;
}

/**
 * Books one appointment (spec §7 POST /appointments) in one transaction. From an agenda: the agenda must be
 * Activa, the time on its date and within its hours (or, when not given, its next free time), and a
 * Confirmada booking takes a slot with the conditional UPDATE of takeSlot, which also locks the agenda's row
 * so concurrent bookings of one agenda queue up there. Without an agenda the appointment is Pendiente unless
 * the client asks otherwise (decision 010). The exclusion constraints refuse any overlap the checks missed.
 */
export async function createAppointment(
  deps: AppDeps,
  actor: Actor,
  body: CreateAppointmentBody,
  idempotencyKey?: string | null,
): Promise<BookingOutcome> {
  const tz = deps.config.orgTimezone;
  const outcome = await deps.db.transaction(async (tx) => {
    if (idempotencyKey) {
      await brepo.lockIdempotencyKey(tx, idempotencyKey);
      const seen = await brepo.findIdByIdempotencyKey(tx, idempotencyKey);
      if (seen) {
        if (seen.patientId !== body.patient_id) throw new AppError('CONFLICT', E.keyReused);
        return { id: seen.id, created: false };
      }
    }
    const row = await bookInTransaction(tx, deps, actor, body, idempotencyKey ?? null);
    return { id: row.id, created: true };
  });
  // Read back after the commit: the agenda's row lock is released one statement sooner for the next booking.
  const saved = await repo.findWithNames(deps.db, outcome.id);
  if (!saved) throw new AppError('NOT_FOUND', 'Cita no encontrada');
  return { appointment: toAppointmentDto(saved, tz), created: outcome.created };
}

/** The booking itself, inside the caller's transaction (also used by smart assignment and the queue). */
export async function bookInTransaction(
  tx: Executor,
  deps: AppDeps,
  actor: Actor,
  body: CreateAppointmentBody,
  idempotencyKey: string | null = null,
  now: Date = new Date(),
) {
  const tz = deps.config.orgTimezone;
  const patient = await brepo.findPatient(tx, body.patient_id);
  if (!patient) throw new AppError('NOT_FOUND', E.patientNotFound);
  if (patient.status !== 'Activo') throw new AppError('CONFLICT', E.patientInactive);

  let start: Date;
  let duration: number;
  let status: 'Pendiente' | 'Confirmada';
  let target: { locationId: number; specialtyId: number; doctorId: number; availabilityId: number | null };

  if (body.availability_id) {
    const agenda = await brepo.findAgenda(tx, body.availability_id);
    if (!agenda) throw new AppError('NOT_FOUND', E.agendaNotFound);
    if (agenda.status !== 'Activa') throw new AppError('CONFLICT', E.agendaNotActive);
    const mismatch =
      (body.location_id && body.location_id !== agenda.locationId) ||
      (body.specialty_id && body.specialty_id !== agenda.specialtyId) ||
      (body.doctor_id && body.doctor_id !== agenda.doctorId);
    if (mismatch) throw new AppError('VALIDATION', E.agendaMismatch);
    duration = body.duration_minutes ?? agenda.durationMinutes;
    status = body.status ?? 'Confirmada';
    const explicit = body.scheduled_at ? checkWithinAgenda(agenda, body.scheduled_at, duration, tz) : null;
    if (explicit && explicit.getTime() < now.getTime()) throw new AppError('CONFLICT', E.past);
    // The slot first: it locks the agenda's row, so the free time below is computed one booking at a time.
    if (status === 'Confirmada') await takeSlot(tx, agenda.id);
    else await brepo.lockAgenda(tx, agenda.id);
    start =
      explicit ??
      (await nextFreeStart(tx, tz, agenda, { patientId: patient.id, roomId: body.room_id }, duration, now));
    target = {
      locationId: agenda.locationId,
      specialtyId: agenda.specialtyId,
      doctorId: agenda.doctorId,
      availabilityId: agenda.id,
    };
  } else {
    target = {
      locationId: body.location_id!,
      specialtyId: body.specialty_id!,
      doctorId: body.doctor_id!,
      availabilityId: null,
    };
    const refs = await brepo.referencesExist(tx, target);
    if (!refs.doctor) throw new AppError('NOT_FOUND', E.doctorNotFound);
    if (!refs.specialty) throw new AppError('NOT_FOUND', E.specialtyNotFound);
    if (!refs.location) throw new AppError('NOT_FOUND', E.locationNotFound);
    duration = body.duration_minutes ?? 30;
    status = body.status ?? 'Pendiente';
    const parsed = parseLocalDateTime(body.scheduled_at!, tz);
    if (!parsed) throw new AppError('VALIDATION', 'Fecha y hora inválidas (AAAA-MM-DD HH:mm:ss)');
    start = parsed;
    if (start.getTime() < now.getTime()) throw new AppError('CONFLICT', E.past);
  }

  // A time computed by nextFreeStart is already free for the doctor, the patient and the room.
  if (!(body.availability_id && !body.scheduled_at)) {
    const clash = await brepo.overlapping(tx, {
      doctorId: target.doctorId,
      patientId: patient.id,
      roomId: body.room_id,
      from: start,
      to: new Date(start.getTime() + duration * 60_000),
    });
    if (clash.length > 0) throw new AppError('CONFLICT', M.overlap);
  }

  const row = await insertAppointmentRow(tx, tz, {
    patientId: patient.id,
    ...target,
    scheduledAt: localDateTime(start, tz),
    durationMinutes: duration,
    status,
    appointmentType: body.appointment_type,
    reason: body.reason ?? null,
    notes: body.notes ?? null,
    insuranceType: body.insurance_type ?? null,
    roomId: body.room_id ?? null,
    manual: body.manual,
    idempotencyKey,
    createdBy: actor.userId,
  });
  await writeAudit(tx, actor, {
    table: 'appointments',
    recordId: row.id,
    action: 'create',
    newValues: auditView(row),
  });
  await deps.events.publish(tx, APPOINTMENTS_CHANNEL, 'appointment.created', {
    id: row.id,
    availability_id: row.availabilityId,
  });
  if (row.availabilityId && status === 'Confirmada')
    await deps.events.publish(tx, AGENDAS_CHANNEL, 'agenda.updated', { id: row.availabilityId });
  return row;
}
