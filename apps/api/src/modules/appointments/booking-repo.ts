import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { availabilities } from '../../db/schema/agendas';
import { appointments } from '../../db/schema/appointments';
import { patients } from '../../db/schema/patients';
import { doctors, locations, specialties } from '../../db/schema/resources';

/** Queries of the booking service: idempotency, the agenda and patient it books for, overlaps. */

export async function findIdByIdempotencyKey(db: Executor, key: string) {
  const [row] = await db
    .select({ id: appointments.id, patientId: appointments.patientId })
    .from(appointments)
    .where(eq(appointments.idempotencyKey, key));
  return row ?? null;
}

/**
 * Serialises the requests carrying one Idempotency-Key until the first commits, so the second finds the
 * first's appointment instead of racing it (transaction-scoped: released at commit or rollback).
 */
export async function lockIdempotencyKey(db: Executor, key: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`appointments:${key}`}))`);
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

/** Whether the master-data rows a standalone appointment points at exist (friendly 404s before the FKs). */
export async function referencesExist(
  db: Executor,
  r: { doctorId: number; specialtyId: number; locationId: number },
) {
  const res = await db.execute<{ doctor: boolean; specialty: boolean; location: boolean }>(sql`
    select exists(select 1 from ${doctors} where id = ${r.doctorId}) as doctor,
      exists(select 1 from ${specialties} where id = ${r.specialtyId}) as specialty,
      exists(select 1 from ${locations} where id = ${r.locationId}) as location`);
  return res.rows[0]!;
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
