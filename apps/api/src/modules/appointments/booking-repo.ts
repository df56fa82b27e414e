import { and, eq, getTableColumns, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { availabilities } from '../../db/schema/agendas';
import { appointments } from '../../db/schema/appointments';
import { eps } from '../../db/schema/catalogs';
import { patients } from '../../db/schema/patients';
import { doctors, locations, specialties } from '../../db/schema/resources';
import { auditRowsFrom } from '../../lib/audit';
import type { Actor } from '../../lib/context';
import { publishRows } from '../../lib/event-bus';
import type { AppointmentRow } from './repo';

/** Queries of the booking service: idempotency, the agenda and patient it books for, overlaps, the booking. */

export async function findIdByIdempotencyKey(db: Executor, key: string) {
  const [row] = await db
    .select({ id: appointments.id, patientId: appointments.patientId })
    .from(appointments)
    .where(eq(appointments.idempotencyKey, key));
  return row ?? null;
}

export async function findPatient(db: Executor, id: number) {
  const [row] = await db
    .select({ id: patients.id, name: patients.name, status: patients.status })
    .from(patients)
    .where(eq(patients.id, id));
  return row ?? null;
}

export async function findAgenda(db: Executor, id: number) {
  const [row] = await db.select().from(availabilities).where(eq(availabilities.id, id));
  return row ?? null;
}

export interface OverlapQuery {
  doctorId?: number | null;
  patientId?: number | null;
  roomId?: number | null;
  from: Date;
  to: Date;
  excludeId?: number | null;
}

/** Non-cancelled appointments overlapping [from, to) for the doctor, the patient or the room, with names. */
export function overlapping(db: Executor, q: OverlapQuery) {
  const who = or(
    q.doctorId ? eq(appointments.doctorId, q.doctorId) : undefined,
    q.patientId ? eq(appointments.patientId, q.patientId) : undefined,
    q.roomId ? eq(appointments.roomId, q.roomId) : undefined,
  );
  return db
    .select({
      a: appointments,
      patientName: patients.name,
      doctorName: doctors.name,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .where(
      and(
        who ?? sql`false`,
        ne(appointments.status, 'Cancelada'),
        lt(appointments.scheduledAt, q.to),
        sql`${appointments.endsAt} > ${q.from}`,
        q.excludeId ? ne(appointments.id, q.excludeId) : undefined,
      ),
    )
    .orderBy(appointments.scheduledAt, appointments.id)
    .limit(200);
}

/** The busy intervals of the doctor, the patient and the room between two instants. */
export function busyIntervals(db: Executor, q: OverlapQuery) {
  const who = or(
    q.doctorId ? eq(appointments.doctorId, q.doctorId) : undefined,
    q.patientId ? eq(appointments.patientId, q.patientId) : undefined,
    q.roomId ? eq(appointments.roomId, q.roomId) : undefined,
  );
  return db
    .select({ scheduledAt: appointments.scheduledAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        who ?? sql`false`,
        ne(appointments.status, 'Cancelada'),
        lt(appointments.scheduledAt, q.to),
        sql`${appointments.endsAt} > ${q.from}`,
        q.excludeId ? ne(appointments.id, q.excludeId) : undefined,
      ),
    );
}

/** Locks the agenda's row (a Pendiente booking takes no slot but must not pick a time another is taking). */
export async function lockAgenda(db: Executor, id: number) {
  await db
    .select({ id: availabilities.id })
    .from(availabilities)
    .where(eq(availabilities.id, id))
    .for('update');
}

/**
 * Everything a booking reads before it writes, in one query: the patient with the names the answer shows, and
 * either the agenda (with its doctor, specialty and location names) or, for an appointment outside any agenda,
 * the doctor, specialty and location asked for (a null name: not found). Null when the patient does not exist.
 * Read without locks: the write re-checks what can change under it (status, capacity, overlaps).
 */
export async function findBookingContext(
  db: Executor,
  q: {
    patientId: number;
    agendaId?: number | null;
    doctorId?: number | null;
    specialtyId?: number | null;
    locationId?: number | null;
  },
) {
  const [row] = await db
    .select({
      patient: {
        id: patients.id,
        status: patients.status,
        name: patients.name,
        document: patients.document,
        phone: patients.phone,
        email: patients.email,
        birthDate: patients.birthDate,
      },
      epsName: eps.name,
      agenda: availabilities,
      doctorName: doctors.name,
      specialtyName: specialties.name,
      locationName: locations.name,
    })
    .from(patients)
    .leftJoin(eps, eq(eps.id, patients.insuranceEpsId))
    .leftJoin(availabilities, eq(availabilities.id, q.agendaId ?? 0))
    .leftJoin(doctors, eq(doctors.id, sql`coalesce(${availabilities.doctorId}, ${q.doctorId ?? 0}::int)`))
    .leftJoin(
      specialties,
      eq(specialties.id, sql`coalesce(${availabilities.specialtyId}, ${q.specialtyId ?? 0}::int)`),
    )
    .leftJoin(
      locations,
      eq(locations.id, sql`coalesce(${availabilities.locationId}, ${q.locationId ?? 0}::int)`),
    )
    .where(eq(patients.id, q.patientId));
  return row ?? null;
}
export type BookingContext = NonNullable<Awaited<ReturnType<typeof findBookingContext>>>;

export interface BookingWrite {
  /** Idempotency-Key, or null. */
  key: string | null;
  availabilityId: number | null;
  /** A Confirmada booking of an agenda takes one of its slots (else the agenda's row is only locked). */
  takeSlot: boolean;
  /** The asked time, or null for the agenda's next free time within [firstMinute, endMinute). */
  start: Date | null;
  firstMinute: number;
  endMinute: number;
  tz: string;
  patientId: number;
  locationId: number;
  specialtyId: number;
  doctorId: number;
  durationMinutes: number;
  status: 'Pendiente' | 'Confirmada';
  appointmentType: string;
  reason: string | null;
  notes: string | null;
  insuranceType: string | null;
  roomId: number | null;
  manual: boolean;
  /** Channels of the two events (appointment.created; agenda.updated when a slot is taken). */
  appointmentsChannel: string;
  agendasChannel: string;
}

export type BookingResult =
  | { outcome: 'ok'; row: AppointmentRow }
  | { outcome: 'seen'; seenId: number; seenPatientId: number }
  | { outcome: 'no_slots' };

const APPOINTMENT_COLUMNS = Object.entries(getTableColumns(appointments));

/** A row of `returning *` (column names, driver values) as Drizzle's select would give it. */
function toAppointmentRow(raw: Record<string, unknown>): AppointmentRow {
  const out: Record<string, unknown> = {};
  for (const [key, column] of APPOINTMENT_COLUMNS) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as AppointmentRow;
}

/**
 * The booking's writes as ONE statement (decision 015): booking_slot (migration 0013) checks the key, takes
 * the slot and locks the agenda, and picks the time; the data-modifying CTEs insert the appointment, its audit
 * row (auditView's fields) and its events with the time it returns. Outside a transaction this is the whole
 * booking in one round trip, its own transaction, so the agenda's lock is held only while the database works.
 * Throws the database error of an overlap (23P01, exclusion constraints) and of no free time left ('IPS01').
 */
export async function bookAppointment(db: Executor, actor: Actor, w: BookingWrite): Promise<BookingResult> {
  const res = await db.execute<Record<string, unknown>>(sql`
    with slot as (
      select * from booking_slot(${w.key}::text, ${w.availabilityId}::int, ${w.takeSlot}::boolean,
        ${w.patientId}::int, ${w.roomId}::int, ${w.start?.toISOString() ?? null}::timestamptz,
        ${w.firstMinute}::int, ${w.endMinute}::int, ${w.durationMinutes}::int, ${w.tz}::text)
    ), created as (
      insert into ${appointments} (patient_id, availability_id, location_id, specialty_id, doctor_id,
        scheduled_at, ends_at, duration_minutes, status, appointment_type, reason, notes, insurance_type,
        room_id, manual, idempotency_key, created_by)
      select ${w.patientId}::int, ${w.availabilityId}::int, ${w.locationId}::int, ${w.specialtyId}::int,
        ${w.doctorId}::int, slot.start_at, slot.start_at + make_interval(mins => ${w.durationMinutes}::int),
        ${w.durationMinutes}::int, ${w.status}::text, ${w.appointmentType}::text, ${w.reason}::text,
        ${w.notes}::text, ${w.insuranceType}::text, ${w.roomId}::int, ${w.manual}::boolean, ${w.key}::text,
        ${actor.userId}::int
      from slot where slot.outcome = 'ok'
      returning *
    ), audited as (
      ${auditRowsFrom(actor, {
        table: 'appointments',
        action: 'create',
        recordId: sql`created.id::text`,
        newValues: sql`jsonb_build_object('id', created.id, 'patient_id', created.patient_id,
          'availability_id', created.availability_id, 'doctor_id', created.doctor_id,
          'scheduled_at', to_char(created.scheduled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'duration_minutes', created.duration_minutes, 'status', created.status,
          'cancellation_reason', created.cancellation_reason)`,
        source: sql`created`,
      })}
    ), published as (
      ${publishRows(sql`
        select ${w.appointmentsChannel}::text, 'appointment.created',
          jsonb_build_object('id', created.id, 'availability_id', created.availability_id)
        from created
        union all
        select ${w.agendasChannel}::text, 'agenda.updated', jsonb_build_object('id', created.availability_id)
        from created where created.availability_id is not null and created.status = 'Confirmada'`)}
    )
    select slot.outcome, slot.seen_id, slot.seen_patient_id, created.*
    from slot left join created on true`);
  const raw = res.rows[0]!;
  if (raw.outcome === 'seen')
    return { outcome: 'seen', seenId: Number(raw.seen_id), seenPatientId: Number(raw.seen_patient_id) };
  if (raw.outcome === 'no_slots') return { outcome: 'no_slots' };
  return { outcome: 'ok', row: toAppointmentRow(raw) };
}
