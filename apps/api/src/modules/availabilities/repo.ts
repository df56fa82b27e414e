import { and, asc, count, eq, gt, gte, inArray, lt, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { availabilities } from '../../db/schema/agendas';
import { agendaPatientNotices, appointments } from '../../db/schema/appointments';
import { doctors, locations, specialties } from '../../db/schema/resources';
import { canFitNow, type ClinicClock } from './can-fit';

export type AvailabilityRow = typeof availabilities.$inferSelect;
export type AvailabilityValues = typeof availabilities.$inferInsert;

const withNames = {
  a: availabilities,
  doctorName: doctors.name,
  specialtyName: specialties.name,
  locationName: locations.name,
};

export function selectWithNames(db: Executor) {
  return db
    .select(withNames)
    .from(availabilities)
    .innerJoin(doctors, eq(doctors.id, availabilities.doctorId))
    .innerJoin(specialties, eq(specialties.id, availabilities.specialtyId))
    .innerJoin(locations, eq(locations.id, availabilities.locationId));
}
export type AvailabilityWithNames = Awaited<
  ReturnType<ReturnType<typeof selectWithNames>['execute']>
>[number];

export interface AvailabilityFilter {
  date?: string;
  startDate?: string;
  endDate?: string;
  specialtyId?: number;
  doctorId?: number;
  locationId?: number;
  status?: string;
  statusNotIn?: string[];
  ids?: number[];
  withFreeSlots?: boolean;
  /** Only agendas where an appointment can still start at this clinic date and minute (`canStartAfter`). */
  startableAfter?: { today: string; nowMinutes: number };
  /** Only agendas that can take one more appointment of their own length now (`canFitNow`). */
  canFitAt?: ClinicClock;
}

export function filterCondition(f: AvailabilityFilter): SQL | undefined {
  return and(
    f.date ? eq(availabilities.date, f.date) : undefined,
    f.startDate ? gte(availabilities.date, f.startDate) : undefined,
    f.endDate ? lte(availabilities.date, f.endDate) : undefined,
    f.specialtyId ? eq(availabilities.specialtyId, f.specialtyId) : undefined,
    f.doctorId ? eq(availabilities.doctorId, f.doctorId) : undefined,
    f.locationId ? eq(availabilities.locationId, f.locationId) : undefined,
    f.status ? eq(availabilities.status, f.status) : undefined,
    f.statusNotIn?.length ? notInArray(availabilities.status, f.statusNotIn) : undefined,
    f.ids ? inArray(availabilities.id, f.ids.length ? f.ids : [0]) : undefined,
    f.withFreeSlots ? lt(availabilities.bookedSlots, availabilities.capacity) : undefined,
    f.startableAfter
      ? sql`(${availabilities.date} > ${f.startableAfter.today} or (${availabilities.date} = ${f.startableAfter.today} and extract(epoch from ${availabilities.endTime}) / 60 - ${availabilities.durationMinutes} >= ${f.startableAfter.nowMinutes}))`
      : undefined,
    f.canFitAt ? canFitNow(f.canFitAt) : undefined,
  );
}

const listOrder = [
  asc(availabilities.date),
  asc(availabilities.startTime),
  asc(doctors.name),
  asc(availabilities.id),
];

export function list(db: Executor, f: AvailabilityFilter, limit = 2000) {
  return selectWithNames(db)
    .where(filterCondition(f))
    .orderBy(...listOrder)
    .limit(limit);
}

/**
 * One page of the matching agendas (the `list` order, which ends on the id so pages neither overlap nor skip)
 * and how many match in all. The count is only run when the page does not already tell it: a short, non-empty
 * page (or an empty first page) is the last one.
 */
export async function listPage(db: Executor, f: AvailabilityFilter, limit: number, offset: number) {
  const where = filterCondition(f);
  const rows = await selectWithNames(db)
    .where(where)
    .orderBy(...listOrder)
    .limit(limit)
    .offset(offset);
  if (rows.length < limit && (rows.length > 0 || offset === 0)) return { rows, total: offset + rows.length };
  const [total] = await db.select({ n: count() }).from(availabilities).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Completada appointments per agenda, for the given agendas (absent: none). */
export async function completedCounts(db: Executor, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: appointments.availabilityId, n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(and(inArray(appointments.availabilityId, ids), eq(appointments.status, 'Completada')))
    .groupBy(appointments.availabilityId);
  return new Map(rows.map((r) => [r.id!, r.n]));
}

export async function findWithNames(db: Executor, id: number) {
  const [row] = await selectWithNames(db).where(eq(availabilities.id, id));
  return row ?? null;
}

export async function findByIdForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(availabilities).where(eq(availabilities.id, id)).for('update');
  return row ?? null;
}

export async function insert(db: Executor, values: AvailabilityValues) {
  const [row] = await db.insert(availabilities).values(values).returning();
  return row!;
}

/** Many agendas in one statement per chunk (ids in the order given); the same table constraints apply. */
export async function insertMany(db: Executor, values: AvailabilityValues[]): Promise<AvailabilityRow[]> {
  const CHUNK = 1000;
  const out: AvailabilityRow[] = [];
  for (let i = 0; i < values.length; i += CHUNK)
    out.push(
      ...(await db
        .insert(availabilities)
        .values(values.slice(i, i + CHUNK))
        .returning()),
    );
  return out;
}

/** The non-cancelled agendas of these doctors between two dates: what a generation must not cross. */
export function listBlocks(db: Executor, doctorIds: number[], start: string, end: string) {
  return db
    .select({
      id: availabilities.id,
      doctorId: availabilities.doctorId,
      date: availabilities.date,
      startTime: availabilities.startTime,
      endTime: availabilities.endTime,
    })
    .from(availabilities)
    .where(
      and(
        inArray(availabilities.doctorId, doctorIds.length ? doctorIds : [0]),
        gte(availabilities.date, start),
        lte(availabilities.date, end),
        ne(availabilities.status, 'Cancelada'),
      ),
    );
}

export async function update(db: Executor, id: number, values: Partial<AvailabilityValues>) {
  const [row] = await db
    .update(availabilities)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(availabilities.id, id))
    .returning();
  return row ?? null;
}

export async function remove(db: Executor, id: number) {
  await db.delete(availabilities).where(eq(availabilities.id, id));
}

/** A non-cancelled agenda of the doctor that overlaps the given local date and times (the friendly check). */
export async function findOverlap(
  db: Executor,
  doctorId: number,
  date: string,
  start: string,
  end: string,
  excludeId?: number,
) {
  const [row] = await db
    .select({ id: availabilities.id, startTime: availabilities.startTime, endTime: availabilities.endTime })
    .from(availabilities)
    .where(
      and(
        eq(availabilities.doctorId, doctorId),
        eq(availabilities.date, date),
        ne(availabilities.status, 'Cancelada'),
        lt(availabilities.startTime, end),
        gt(availabilities.endTime, start),
        excludeId ? ne(availabilities.id, excludeId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** What the database knows about a doctor, a specialty and a location, and how they are linked. */
export async function practice(db: Executor, doctorId: number, specialtyId: number, locationId: number) {
  const res = await db.execute<{
    doctor_active: boolean | null;
    specialty_active: boolean | null;
    location_status: string | null;
    has_specialty: boolean;
    at_location: boolean;
    offered: boolean;
  }>(sql`
    select
      (select active from doctors where id = ${doctorId}) as doctor_active,
      (select active from specialties where id = ${specialtyId}) as specialty_active,
      (select status from locations where id = ${locationId}) as location_status,
      exists(select 1 from doctor_specialties where doctor_id = ${doctorId} and specialty_id = ${specialtyId}) as has_specialty,
      exists(select 1 from doctor_locations where doctor_id = ${doctorId} and location_id = ${locationId}) as at_location,
      exists(select 1 from location_specialties where location_id = ${locationId} and specialty_id = ${specialtyId}) as offered`);
  return res.rows[0]!;
}

/** Messages for the patients of a cancelled agenda, left 'pendiente' for the notifications feature to send. */
export async function insertNotices(
  db: Executor,
  rows: { appointmentId: number; patientId: number; message: string; channel: string }[],
) {
  if (rows.length === 0) return [];
  return db.insert(agendaPatientNotices).values(rows).returning({ id: agendaPatientNotices.id });
}
