import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { containsPattern } from '@ips/shared/schemas/resources-common';
import type { Executor } from '../../db/client';
import { municipalities, zones } from '../../db/schema/catalogs';
import {
  doctorLocations,
  epsAuthorizations,
  locationSpecialties,
  locations,
  locationTypes,
  specialties,
} from '../../db/schema/resources';

const columns = {
  id: locations.id,
  name: locations.name,
  locationTypeId: locations.locationTypeId,
  typeName: locationTypes.name,
  address: locations.address,
  phone: locations.phone,
  hours: locations.hours,
  emergencyHours: locations.emergencyHours,
  capacity: locations.capacity,
  status: locations.status,
  municipalityId: locations.municipalityId,
  municipalityName: municipalities.name,
  zoneId: zones.id,
  zoneName: zones.name,
  createdAt: locations.createdAt,
  updatedAt: locations.updatedAt,
};
export type LocationRow = Awaited<ReturnType<typeof findById>> & {};

const base = (db: Executor) =>
  db
    .select(columns)
    .from(locations)
    .leftJoin(locationTypes, eq(locationTypes.id, locations.locationTypeId))
    .leftJoin(municipalities, eq(municipalities.id, locations.municipalityId))
    .leftJoin(zones, eq(zones.id, municipalities.zoneId));

export async function findById(db: Executor, id: number) {
  const [row] = await base(db).where(eq(locations.id, id));
  return row ?? null;
}

export async function lockById(db: Executor, id: number) {
  const [row] = await db
    .select({ id: locations.id, locationTypeId: locations.locationTypeId })
    .from(locations)
    .where(eq(locations.id, id))
    .for('update');
  return row ?? null;
}

export interface LocationFilter {
  q?: string;
  status?: string;
  municipality_id?: number;
  zone_id?: number;
  specialty_id?: number;
}

export function list(db: Executor, f: LocationFilter) {
  return base(db)
    .where(
      and(
        f.q
          ? sql`(immutable_unaccent(${locations.name}) ilike immutable_unaccent(${containsPattern(f.q)}) or immutable_unaccent(coalesce(${locations.address}, '')) ilike immutable_unaccent(${containsPattern(f.q)}))`
          : undefined,
        f.status ? eq(locations.status, f.status) : undefined,
        f.municipality_id === undefined ? undefined : eq(locations.municipalityId, f.municipality_id),
        f.zone_id === undefined ? undefined : eq(municipalities.zoneId, f.zone_id),
        f.specialty_id === undefined
          ? undefined
          : sql`exists (select 1 from ${locationSpecialties} where ${locationSpecialties.locationId} = ${locations.id} and ${locationSpecialties.specialtyId} = ${f.specialty_id})`,
      ),
    )
    .orderBy(asc(locations.name), asc(locations.id));
}

/** The specialties of each location, by location id. */
export async function specialtiesOf(db: Executor, locationIds: number[]) {
  const out = new Map<number, { id: number; name: string }[]>();
  if (locationIds.length === 0) return out;
  const rows = await db
    .select({ locationId: locationSpecialties.locationId, id: specialties.id, name: specialties.name })
    .from(locationSpecialties)
    .innerJoin(specialties, eq(specialties.id, locationSpecialties.specialtyId))
    .where(inArray(locationSpecialties.locationId, locationIds))
    .orderBy(asc(specialties.name));
  for (const r of rows) {
    const list = out.get(r.locationId) ?? [];
    list.push({ id: r.id, name: r.name });
    out.set(r.locationId, list);
  }
  return out;
}

export async function insert(db: Executor, values: typeof locations.$inferInsert) {
  const [row] = await db.insert(locations).values(values).returning({ id: locations.id });
  return row!.id;
}

export async function update(db: Executor, id: number, values: Partial<typeof locations.$inferInsert>) {
  await db
    .update(locations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(locations.id, id));
}

export async function touch(db: Executor, id: number) {
  await db
    .update(locations)
    .set({ updatedAt: sql`now()` })
    .where(eq(locations.id, id));
}

export async function remove(db: Executor, id: number) {
  await db.delete(locations).where(eq(locations.id, id));
}

export async function replaceSpecialties(db: Executor, locationId: number, specialtyIds: number[]) {
  await db.delete(locationSpecialties).where(eq(locationSpecialties.locationId, locationId));
  if (specialtyIds.length)
    await db
      .insert(locationSpecialties)
      .values(specialtyIds.map((specialtyId) => ({ locationId, specialtyId })));
}

/*
 * Reference checks. `for key share` keeps the referenced row from being deleted until this transaction
 * ends, so the friendly check and the foreign key cannot disagree under concurrency.
 */
export async function findTypeById(db: Executor, id: number) {
  const [row] = await db
    .select({ id: locationTypes.id, status: locationTypes.status })
    .from(locationTypes)
    .where(eq(locationTypes.id, id))
    .for('key share');
  return row ?? null;
}

export async function findTypeByName(db: Executor, name: string) {
  const [row] = await db
    .select({ id: locationTypes.id, status: locationTypes.status })
    .from(locationTypes)
    .where(sql`lower(${locationTypes.name}) = lower(${name})`)
    .for('key share');
  return row ?? null;
}

export async function municipalityExists(db: Executor, id: number) {
  const [row] = await db
    .select({ id: municipalities.id })
    .from(municipalities)
    .where(eq(municipalities.id, id))
    .for('key share');
  return Boolean(row);
}

export async function existingSpecialtyIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: specialties.id })
    .from(specialties)
    .where(inArray(specialties.id, ids))
    .for('key share');
  return new Set(rows.map((r) => r.id));
}

export async function authorizationIds(db: Executor, locationId: number) {
  const rows = await db
    .select({ id: epsAuthorizations.id })
    .from(epsAuthorizations)
    .where(eq(epsAuthorizations.locationId, locationId));
  return rows.map((r) => r.id);
}

export async function doctorIdsOf(db: Executor, locationId: number) {
  const rows = await db
    .select({ id: doctorLocations.doctorId })
    .from(doctorLocations)
    .where(eq(doctorLocations.locationId, locationId));
  return rows.map((r) => r.id);
}
