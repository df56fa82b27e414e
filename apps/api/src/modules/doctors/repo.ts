import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { containsPattern } from '@ips/shared/schemas/resources-common';
import type { Executor } from '../../db/client';
import {
  doctorLocations,
  doctors,
  doctorSpecialties,
  locations,
  specialties,
} from '../../db/schema/resources';
import { users } from '../../db/schema/users';

export type DoctorRow = typeof doctors.$inferSelect;

export async function findById(db: Executor, id: number) {
  const [row] = await db.select().from(doctors).where(eq(doctors.id, id));
  return row ?? null;
}

export async function findByIdForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(doctors).where(eq(doctors.id, id)).for('update');
  return row ?? null;
}

export interface DoctorFilter {
  q?: string;
  active?: boolean;
  specialty_id?: number;
  location_id?: number;
  limit?: number;
}

/** Name, licence or e-mail contains `q`, accents and case ignored. */
function matches(q: string) {
  const like = containsPattern(q);
  return sql`(immutable_unaccent(${doctors.name}) ilike immutable_unaccent(${like}) or ${doctors.licenseNumber} ilike ${like} or coalesce(${doctors.email}, '') ilike ${like})`;
}

export function list(db: Executor, f: DoctorFilter) {
  const query = db
    .select()
    .from(doctors)
    .where(
      and(
        f.q ? matches(f.q) : undefined,
        f.active === undefined ? undefined : eq(doctors.active, f.active),
        f.specialty_id === undefined
          ? undefined
          : sql`exists (select 1 from ${doctorSpecialties} where ${doctorSpecialties.doctorId} = ${doctors.id} and ${doctorSpecialties.specialtyId} = ${f.specialty_id})`,
        f.location_id === undefined
          ? undefined
          : sql`exists (select 1 from ${doctorLocations} where ${doctorLocations.doctorId} = ${doctors.id} and ${doctorLocations.locationId} = ${f.location_id})`,
      ),
    )
    .orderBy(asc(doctors.name), asc(doctors.id));
  return f.limit ? query.limit(f.limit) : query;
}

/** Specialties and locations of each doctor, by doctor id. */
export async function linksOf(db: Executor, doctorIds: number[]) {
  const specs = new Map<number, { id: number; name: string }[]>();
  const locs = new Map<number, { id: number; name: string }[]>();
  if (doctorIds.length === 0) return { specs, locs };
  const [s, l] = await Promise.all([
    db
      .select({ doctorId: doctorSpecialties.doctorId, id: specialties.id, name: specialties.name })
      .from(doctorSpecialties)
      .innerJoin(specialties, eq(specialties.id, doctorSpecialties.specialtyId))
      .where(inArray(doctorSpecialties.doctorId, doctorIds))
      .orderBy(asc(specialties.name)),
    db
      .select({ doctorId: doctorLocations.doctorId, id: locations.id, name: locations.name })
      .from(doctorLocations)
      .innerJoin(locations, eq(locations.id, doctorLocations.locationId))
      .where(inArray(doctorLocations.doctorId, doctorIds))
      .orderBy(asc(locations.name)),
  ]);
  for (const [rows, map] of [
    [s, specs],
    [l, locs],
  ] as const) {
    for (const r of rows) map.set(r.doctorId, [...(map.get(r.doctorId) ?? []), { id: r.id, name: r.name }]);
  }
  return { specs, locs };
}

export async function insert(db: Executor, values: typeof doctors.$inferInsert) {
  const [row] = await db.insert(doctors).values(values).returning();
  return row!;
}

export async function update(db: Executor, id: number, values: Partial<typeof doctors.$inferInsert>) {
  const [row] = await db
    .update(doctors)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(doctors.id, id))
    .returning();
  return row!;
}

export async function remove(db: Executor, id: number) {
  await db.delete(doctors).where(eq(doctors.id, id));
}

export async function replaceSpecialties(db: Executor, doctorId: number, ids: number[]) {
  await db.delete(doctorSpecialties).where(eq(doctorSpecialties.doctorId, doctorId));
  if (ids.length)
    await db.insert(doctorSpecialties).values(ids.map((specialtyId) => ({ doctorId, specialtyId })));
}

export async function replaceLocations(db: Executor, doctorId: number, ids: number[]) {
  await db.delete(doctorLocations).where(eq(doctorLocations.doctorId, doctorId));
  if (ids.length)
    await db.insert(doctorLocations).values(ids.map((locationId) => ({ doctorId, locationId })));
}

/* Reference checks; `for key share` holds the rows until commit so the foreign keys agree with them. */
export async function existingSpecialtyIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: specialties.id })
    .from(specialties)
    .where(inArray(specialties.id, ids))
    .for('key share');
  return new Set(rows.map((r) => r.id));
}

export async function existingLocationIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(inArray(locations.id, ids))
    .for('key share');
  return new Set(rows.map((r) => r.id));
}

export async function findUserRole(db: Executor, userId: number) {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .for('key share');
  return row?.role ?? null;
}
