import { AppError } from '@ips/shared/errors';
import { parseLocalDateTime } from '@ips/shared/format';
import { BOOKING_MESSAGES as M, type CreateAppointmentBody } from '@ips/shared/schemas/appointment-booking';
import type { AppointmentDto } from '@ips/shared/schemas/appointments';
import type { Executor } from '../../db/client';
import type { Actor, AppDeps } from '../../lib/context';
import { pgErrorCode } from '../../lib/pg-errors';
import { checkWithinAgenda, searchWindow } from './agenda-time';
import * as brepo from './booking-repo';
import { toAppointmentDto } from './dto';
import * as repo from './repo';
import { APPOINTMENTS_CHANNEL } from './service';
import { NO_SLOTS_MESSAGE } from './slots';
import { SERVICE_NOT_FOUND } from './actions';

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
 * Books one appointment (spec §7 POST /appointments). From an agenda: the agenda must be Activa, the time on
 * its date and within its hours (or, when not given, its next free time), and a Confirmada booking takes a
 * slot with the conditional UPDATE that also locks the agenda's row, so concurrent bookings of one agenda
 * queue up there. Without an agenda the appointment is Pendiente unless the client asks otherwise (decision
 * 010). The exclusion constraints refuse any overlap. Decision 015: one read, then the writes as one statement
 * that is its own transaction, and the answer built from what both returned.
 */
export async function createAppointment(
  deps: AppDeps,
  actor: Actor,
  body: CreateAppointmentBody,
  idempotencyKey?: string | null,
): Promise<BookingOutcome> {
  const tz = deps.config.orgTimezone;
  const key = idempotencyKey ?? null;
  if (key) {
    // A retry of a committed booking is answered before anything is checked again (its time may be past now).
    const seen = await brepo.findIdByIdempotencyKey(deps.db, key);
    if (seen) return replay(deps, body, seen);
  }
  const booked = await book(deps.db, deps, actor, body, key);
  if (booked.seen) return replay(deps, body, booked.seen);
  const { row, context: c } = booked;
  const appointment = toAppointmentDto(
    {
      a: row,
      patientName: c.patient.name,
      patientDocument: c.patient.document,
      patientPhone: c.patient.phone,
      patientEmail: c.patient.email,
      patientBirthDate: c.patient.birthDate,
      patientEps: c.epsName,
      doctorName: c.doctorName!,
      specialtyName: c.specialtyName!,
      locationName: c.locationName!,
    },
    tz,
  );
  return { appointment, created: true };
}

/** The answer to a request whose Idempotency-Key was already used: its appointment, or 409 for another patient. */
async function replay(
  deps: AppDeps,
  body: CreateAppointmentBody,
  seen: { id: number; patientId: number },
): Promise<BookingOutcome> {
  if (seen.patientId !== body.patient_id) throw new AppError('CONFLICT', E.keyReused);
  const saved = await repo.findWithNames(deps.db, seen.id);
  if (!saved) throw new AppError('NOT_FOUND', 'Cita no encontrada');
  return { appointment: toAppointmentDto(saved, deps.config.orgTimezone), created: false };
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
  const booked = await book(tx, deps, actor, body, idempotencyKey, now);
  if (booked.seen) throw new AppError('CONFLICT', E.keyReused);
  return booked.row;
}

/**
 * Checks the request against what findBookingContext read, then writes with brepo.bookAppointment: on `exec`
 * alone (no transaction) that statement is the booking's transaction; inside a caller's transaction it is one
 * statement of it.
 */
async function book(
  exec: Executor,
  deps: AppDeps,
  actor: Actor,
  body: CreateAppointmentBody,
  key: string | null,
  now: Date = new Date(),
) {
  const tz = deps.config.orgTimezone;
  const agendaId = body.availability_id ?? null;
  const context = await brepo.findBookingContext(
    exec,
    {
      patientId: body.patient_id,
      agendaId: agendaId ?? 0,
      doctorId: body.doctor_id ?? 0,
      specialtyId: body.specialty_id ?? 0,
      locationId: body.location_id ?? 0,
    },
    exec === deps.db,
  );
  if (!context) throw new AppError('NOT_FOUND', E.patientNotFound);
  if (context.patient.status !== 'Activo') throw new AppError('CONFLICT', E.patientInactive);

  let start: Date | null;
  let duration: number;
  let status: 'Pendiente' | 'Confirmada';
  let target: { locationId: number; specialtyId: number; doctorId: number };
  let search = { firstMinute: 0, endMinute: 0 };

  if (agendaId) {
    const agenda = context.agenda;
    if (!agenda) throw new AppError('NOT_FOUND', E.agendaNotFound);
    if (agenda.status !== 'Activa') throw new AppError('CONFLICT', E.agendaNotActive);
    const mismatch =
      (body.location_id && body.location_id !== agenda.locationId) ||
      (body.specialty_id && body.specialty_id !== agenda.specialtyId) ||
      (body.doctor_id && body.doctor_id !== agenda.doctorId);
    if (mismatch) throw new AppError('VALIDATION', E.agendaMismatch);
    duration = body.duration_minutes ?? agenda.durationMinutes;
    status = body.status ?? 'Confirmada';
    start = body.scheduled_at ? checkWithinAgenda(agenda, body.scheduled_at, duration, tz) : null;
    if (start && start.getTime() < now.getTime()) throw new AppError('CONFLICT', E.past);
    if (!start) {
      if (duration <= 0) throw new AppError('CONFLICT', M.noFreeTime);
      search = searchWindow(agenda, duration, tz, now);
    }
    target = { locationId: agenda.locationId, specialtyId: agenda.specialtyId, doctorId: agenda.doctorId };
  } else {
    target = { locationId: body.location_id!, specialtyId: body.specialty_id!, doctorId: body.doctor_id! };
    if (context.doctorName === null) throw new AppError('NOT_FOUND', E.doctorNotFound);
    if (context.specialtyName === null) throw new AppError('NOT_FOUND', E.specialtyNotFound);
    if (context.locationName === null) throw new AppError('NOT_FOUND', E.locationNotFound);
    duration = body.duration_minutes ?? 30;
    status = body.status ?? 'Pendiente';
    start = parseLocalDateTime(body.scheduled_at!, tz);
    if (!start) throw new AppError('VALIDATION', 'Fecha y hora inválidas (AAAA-MM-DD HH:mm:ss)');
    if (start.getTime() < now.getTime()) throw new AppError('CONFLICT', E.past);
  }

  if (body.service_id && !(await brepo.serviceExists(exec, body.service_id)))
    throw new AppError('NOT_FOUND', SERVICE_NOT_FOUND);
  let result: brepo.BookingResult;
  try {
    result = await brepo.bookAppointment(exec, actor, {
      key,
      availabilityId: agendaId,
      takeSlot: Boolean(agendaId) && status === 'Confirmada',
      start,
      ...search,
      tz,
      patientId: context.patient.id,
      ...target,
      durationMinutes: duration,
      status,
      appointmentType: body.appointment_type,
      reason: body.reason ?? null,
      notes: body.notes ?? null,
      insuranceType: body.insurance_type ?? null,
      roomId: body.room_id ?? null,
      manual: body.manual,
      desiredDate: body.desired_date ?? null,
      serviceId: body.service_id ?? null,
      appointmentsChannel: APPOINTMENTS_CHANNEL,
      agendasChannel: AGENDAS_CHANNEL,
    });
  } catch (err) {
    // The exclusion constraints are the overlap check (doctor, patient, room), also under concurrency.
    const code = pgErrorCode(err);
    if (code === '23P01') throw new AppError('CONFLICT', M.overlap);
    if (code === 'IPS01') throw new AppError('CONFLICT', M.noFreeTime);
    throw err;
  }
  if (result.outcome === 'no_slots') throw new AppError('CONFLICT', NO_SLOTS_MESSAGE);
  if (result.outcome === 'seen') return { seen: { id: result.seenId, patientId: result.seenPatientId } };
  return { row: result.row, context };
}
