import { and, eq, getTableColumns, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { availabilities } from '../../db/schema/agendas';
import { appointments } from '../../db/schema/appointments';
import { eps } from '../../db/schema/catalogs';
import { patients } from '../../db/schema/patients';
import { doctors, locations, specialties } from '../../db/schema/resources';
import type { Actor } from '../../lib/context';
import { overlapsInterval, type AppointmentRow } from './repo';

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
        overlapsInterval(q.from, q.to),
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
        overlapsInterval(q.from, q.to),
        q.excludeId ? ne(appointments.id, q.excludeId) : undefined,
      ),
    );
}

/** One candidate agenda's day for busyOnAgendaDays: its doctor and the instants bounding its local day. */
export interface AgendaDay {
  agendaId: number;
  doctorId: number;
  from: Date;
  to: Date;
}

export interface BusyInterval {
  scheduledAt: Date;
  endsAt: Date;
}

/**
 * The busy intervals of several agendas at once, without locks, in one query: per agenda, its doctor's
 * non-cancelled appointments overlapping its day, plus the patient's overlapping that agenda's day. Each part
 * is a range condition the doctor's or the patient's exclusion-constraint GiST index answers. (Smart assignment
 * reads a batch of candidate agendas with it, then locks and re-reads only the one it books.) Lists travel as
 * comma-separated text, read the same way by PGlite and PostgreSQL. (The patient's part leaves out the doctor's
 * own appointments, already in the first part.)
 */
export async function busyOnAgendaDays(
  db: Executor,
  days: readonly AgendaDay[],
  patientId: number,
): Promise<Map<number, BusyInterval[]>> {
  const out = new Map<number, BusyInterval[]>(days.map((d) => [d.agendaId, []]));
  if (days.length === 0) return out;
  const list = (f: (d: AgendaDay) => string | number) => days.map(f).join(',');
  const res = await db.execute<{
    agenda_id: number;
    scheduled_at: Date | string;
    ends_at: Date | string;
  }>(sql`
    with d as (
      select * from unnest(
        string_to_array(${list((d) => d.agendaId)}, ',')::int[],
        string_to_array(${list((d) => d.doctorId)}, ',')::int[],
        string_to_array(${list((d) => d.from.toISOString())}, ',')::timestamptz[],
        string_to_array(${list((d) => d.to.toISOString())}, ',')::timestamptz[]
      ) as d(agenda_id, doctor_id, day_from, day_to)
    )
    select d.agenda_id, b.scheduled_at, b.ends_at from d cross join lateral (
      select a.scheduled_at, a.ends_at from appointments a
      where a.doctor_id = d.doctor_id and a.status <> 'Cancelada'
        and tstzrange(a.scheduled_at, a.ends_at) && tstzrange(d.day_from, d.day_to)
      union all
      select a.scheduled_at, a.ends_at from appointments a
      where a.patient_id = ${patientId}::int and a.doctor_id <> d.doctor_id and a.status <> 'Cancelada'
        and tstzrange(a.scheduled_at, a.ends_at) && tstzrange(d.day_from, d.day_to)
    ) b`);
  for (const r of res.rows)
    out
      .get(Number(r.agenda_id))
      ?.push({ scheduledAt: new Date(r.scheduled_at), endsAt: new Date(r.ends_at) });
  return out;
}

/** Locks the agenda's row (a Pendiente booking takes no slot but must not pick a time another is taking). */
export async function lockAgenda(db: Executor, id: number) {
  await db
    .select({ id: availabilities.id })
    .from(availabilities)
    .where(eq(availabilities.id, id))
    .for('update');
}

/** The ids findBookingContext looks up; 0 stands for "none" (no row has id 0). */
export type BookingContextIds = {
  patientId: number;
  agendaId: number;
  doctorId: number;
  specialtyId: number;
  locationId: number;
};

function bookingContextQuery(db: Executor) {
  const id = (name: keyof BookingContextIds) => sql`${sql.placeholder(name)}::int`;
  return db
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
    .leftJoin(availabilities, eq(availabilities.id, id('agendaId')))
    .leftJoin(doctors, eq(doctors.id, sql`coalesce(${availabilities.doctorId}, ${id('doctorId')})`))
    .leftJoin(
      specialties,
      eq(specialties.id, sql`coalesce(${availabilities.specialtyId}, ${id('specialtyId')})`),
    )
    .leftJoin(locations, eq(locations.id, sql`coalesce(${availabilities.locationId}, ${id('locationId')})`))
    .where(eq(patients.id, id('patientId')));
}

/** One prepared statement per database (named, so each pooled connection plans it once). */
const preparedContext = new WeakMap<object, ReturnType<ReturnType<typeof bookingContextQuery>['prepare']>>();

/**
 * Everything a booking reads before it writes, in one query: the patient with the names the answer shows, and
 * either the agenda (with its doctor, specialty and location names) or, for an appointment outside any agenda,
 * the doctor, specialty and location asked for (a null name: not found). Null when the patient does not exist.
 * Read without locks: book_appointment re-checks what can change under it (status, capacity, overlaps).
 * `prepared`: `db` is the database itself (not a transaction), whose prepared statement is reused.
 */
export async function findBookingContext(db: Executor, ids: BookingContextIds, prepared = false) {
  let rows;
  if (prepared) {
    let query = preparedContext.get(db);
    if (!query) preparedContext.set(db, (query = bookingContextQuery(db).prepare('booking_context')));
    rows = await query.execute(ids);
  } else {
    rows = await bookingContextQuery(db).execute(ids);
  }
  return rows[0] ?? null;
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
  /** 'YYYY-MM-DD' the patient wanted (decision 032), or null. */
  desiredDate?: string | null;
  /** The service chosen (decision 031), or null: written by the same INSERT as the appointment. */
  serviceId?: number | null;
  /** Channels of the two events (appointment.created; agenda.updated when a slot is taken). */
  appointmentsChannel: string;
  agendasChannel: string;
}

export type BookingResult =
  | { outcome: 'ok'; row: AppointmentRow }
  | { outcome: 'seen'; seenId: number; seenPatientId: number }
  | { outcome: 'no_slots' };

const APPOINTMENT_COLUMNS = Object.entries(getTableColumns(appointments));

/** The row as to_jsonb gives it (column names, JSON values) as Drizzle's select would give it. */
function toAppointmentRow(json: Record<string, unknown>): AppointmentRow {
  const out: Record<string, unknown> = {};
  for (const [key, column] of APPOINTMENT_COLUMNS) {
    const value = json[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as AppointmentRow;
}

/**
 * The booking's writes as one call of book_appointment (drizzle/functions/book_appointment.sql, decision 015): the key, the slot and
 * the agenda's lock, the time, the appointment, its audit row (writeAudit with auditView) and its events
 * (EventBus.publish). On the pool this is the whole booking in one round trip and its own transaction.
 * Throws the database error of an overlap (23P01, exclusion constraints) and of no free time left ('IPS01').
 */
export async function bookAppointment(db: Executor, actor: Actor, w: BookingWrite): Promise<BookingResult> {
  const res = await db.execute<{
    outcome: 'ok' | 'seen' | 'no_slots';
    seen_id: number | null;
    seen_patient_id: number | null;
    appointment: Record<string, unknown> | null;
  }>(sql`select * from book_appointment(
    p_key => ${w.key}::text, p_agenda_id => ${w.availabilityId}::int, p_take_slot => ${w.takeSlot}::boolean,
    p_start => ${w.start?.toISOString() ?? null}::timestamptz, p_first_minute => ${w.firstMinute}::int,
    p_end_minute => ${w.endMinute}::int, p_tz => ${w.tz}::text, p_patient_id => ${w.patientId}::int,
    p_location_id => ${w.locationId}::int, p_specialty_id => ${w.specialtyId}::int,
    p_doctor_id => ${w.doctorId}::int, p_duration => ${w.durationMinutes}::int, p_status => ${w.status}::text,
    p_appointment_type => ${w.appointmentType}::text, p_reason => ${w.reason}::text,
    p_notes => ${w.notes}::text, p_insurance_type => ${w.insuranceType}::text, p_room_id => ${w.roomId}::int,
    p_manual => ${w.manual}::boolean, p_user_id => ${actor.userId}::int, p_request_id => ${actor.requestId}::text,
    p_appointments_channel => ${w.appointmentsChannel}::text, p_agendas_channel => ${w.agendasChannel}::text,
    p_desired_date => ${w.desiredDate ?? null}::date, p_service_id => ${w.serviceId ?? null}::int)`);
  const r = res.rows[0]!;
  if (r.outcome === 'seen')
    return { outcome: 'seen', seenId: Number(r.seen_id), seenPatientId: Number(r.seen_patient_id) };
  if (r.outcome === 'no_slots') return { outcome: 'no_slots' };
  return { outcome: 'ok', row: toAppointmentRow(r.appointment!) };
}

/** Whether the service chosen for an appointment exists (decision 031). */
export async function serviceExists(db: Executor, id: number): Promise<boolean> {
  const res = await db.execute(sql`select 1 from services where id = ${id}`);
  return res.rows.length > 0;
}
