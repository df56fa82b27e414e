import { and, asc, eq, gte, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { availabilities, availabilityDistributions as dist } from '../../db/schema/agendas';
import { holidays } from '../../db/schema/holidays';
import { doctors, locations, specialties } from '../../db/schema/resources';
import { ensureHolidayYears } from '../holidays';

export type DistributionRow = typeof dist.$inferSelect;

export async function holidayDates(db: Executor, start: string, end: string): Promise<Set<string>> {
  await ensureHolidayYears(db, start, end);
  const rows = await db
    .select({ date: holidays.date })
    .from(holidays)
    .where(and(gte(holidays.date, start), lte(holidays.date, end)));
  return new Set(rows.map((r) => r.date));
}

export function listOfAgenda(db: Executor, availabilityId: number) {
  return db.select().from(dist).where(eq(dist.availabilityId, availabilityId)).orderBy(asc(dist.dayDate));
}

export function listOfAgendaForUpdate(db: Executor, availabilityId: number) {
  return listOfAgenda(db, availabilityId).for('update');
}

/** Writes the quotas by day, keeping the ids (and assigned counts) of days that stay; drops the other days. */
export async function replaceQuotas(
  db: Executor,
  availabilityId: number,
  rows: { dayDate: string; quota: number }[],
) {
  const days = rows.map((r) => r.dayDate);
  await db
    .delete(dist)
    .where(
      and(eq(dist.availabilityId, availabilityId), days.length ? notInArray(dist.dayDate, days) : undefined),
    );
  if (rows.length === 0) return;
  await db
    .insert(dist)
    .values(rows.map((r) => ({ availabilityId, dayDate: r.dayDate, quota: r.quota })))
    .onConflictDoUpdate({
      target: [dist.availabilityId, dist.dayDate],
      set: { quota: sql`excluded.quota`, updatedAt: sql`now()` },
    });
}

export async function deleteAll(db: Executor, availabilityId: number) {
  await db.delete(dist).where(eq(dist.availabilityId, availabilityId));
}

export async function findByIdForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(dist).where(eq(dist.id, id)).for('update');
  return row ?? null;
}

export async function setAssigned(db: Executor, id: number, assigned: number) {
  const [row] = await db
    .update(dist)
    .set({ assigned, updatedAt: sql`now()` })
    .where(eq(dist.id, id))
    .returning();
  return row!;
}

export interface EntryFilter {
  availabilityId?: number;
  doctorId?: number;
  specialtyId?: number;
  locationId?: number;
  /** Day of the quota (day_date). */
  startDate?: string;
  endDate?: string;
  onlyAvailable?: boolean;
  /** Only agendas in this status (the calendar offers Activa ones). */
  agendaStatus?: string;
  id?: number;
}

function entryWhere(f: EntryFilter): SQL | undefined {
  return and(
    f.id ? eq(dist.id, f.id) : undefined,
    f.availabilityId ? eq(dist.availabilityId, f.availabilityId) : undefined,
    f.doctorId ? eq(availabilities.doctorId, f.doctorId) : undefined,
    f.specialtyId ? eq(availabilities.specialtyId, f.specialtyId) : undefined,
    f.locationId ? eq(availabilities.locationId, f.locationId) : undefined,
    f.startDate ? gte(dist.dayDate, f.startDate) : undefined,
    f.endDate ? lte(dist.dayDate, f.endDate) : undefined,
    f.onlyAvailable ? sql`${dist.assigned} < ${dist.quota}` : undefined,
    f.agendaStatus ? eq(availabilities.status, f.agendaStatus) : undefined,
  );
}

/** Distribution rows with their agenda and its names, by day then time. */
export function listEntries(db: Executor, f: EntryFilter, limit = 5000) {
  return db
    .select({
      d: dist,
      a: availabilities,
      doctorName: doctors.name,
      specialtyName: specialties.name,
      locationName: locations.name,
    })
    .from(dist)
    .innerJoin(availabilities, eq(availabilities.id, dist.availabilityId))
    .innerJoin(doctors, eq(doctors.id, availabilities.doctorId))
    .innerJoin(specialties, eq(specialties.id, availabilities.specialtyId))
    .innerJoin(locations, eq(locations.id, availabilities.locationId))
    .where(entryWhere(f))
    .orderBy(asc(dist.dayDate), asc(availabilities.startTime), asc(doctors.name), asc(dist.id))
    .limit(limit);
}
export type DistributionEntry = Awaited<ReturnType<typeof listEntries>>[number];
