import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { eps } from '../../db/schema/catalogs';
import { epsAuthorizations, locations, specialties } from '../../db/schema/resources';

export type AuthorizationValues = typeof epsAuthorizations.$inferInsert;
export type AuthorizationRow = typeof epsAuthorizations.$inferSelect;

/** Joined view with names and validity on `today` (YYYY-MM-DD in the organisation's timezone). */
function view(db: Executor, today: string) {
  const t = epsAuthorizations;
  return db
    .select({
      id: t.id,
      epsId: t.epsId,
      epsName: eps.name,
      epsCode: eps.code,
      epsStatus: eps.status,
      specialtyId: t.specialtyId,
      specialtyName: specialties.name,
      locationId: t.locationId,
      locationName: locations.name,
      authorized: t.authorized,
      authorizationDate: t.authorizationDate,
      expirationDate: t.expirationDate,
      notes: t.notes,
      isCurrentlyValid: sql<boolean>`(${t.authorized} and ${eps.status} = 'active'
        and (${t.authorizationDate} is null or ${t.authorizationDate} <= ${today}::date)
        and (${t.expirationDate} is null or ${t.expirationDate} >= ${today}::date))`,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
    })
    .from(t)
    .innerJoin(eps, eq(eps.id, t.epsId))
    .innerJoin(specialties, eq(specialties.id, t.specialtyId))
    .innerJoin(locations, eq(locations.id, t.locationId));
}

export function list(
  db: Executor,
  today: string,
  f: { eps_id?: number; location_id?: number; specialty_id?: number; authorized?: boolean; ids?: number[] },
) {
  const conditions: (SQL | undefined)[] = [
    f.eps_id === undefined ? undefined : eq(epsAuthorizations.epsId, f.eps_id),
    f.location_id === undefined ? undefined : eq(epsAuthorizations.locationId, f.location_id),
    f.specialty_id === undefined ? undefined : eq(epsAuthorizations.specialtyId, f.specialty_id),
    f.authorized === undefined ? undefined : eq(epsAuthorizations.authorized, f.authorized),
    f.ids === undefined ? undefined : inArray(epsAuthorizations.id, f.ids.length ? f.ids : [0]),
  ];
  return view(db, today)
    .where(and(...conditions))
    .orderBy(asc(eps.name), asc(locations.name), asc(specialties.name), asc(epsAuthorizations.id));
}

export type AuthorizationView = Awaited<ReturnType<typeof list>>[number];

export async function findByIdForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(epsAuthorizations).where(eq(epsAuthorizations.id, id)).for('update');
  return row ?? null;
}

/** Existing rows for (eps, specialty, location) triples, locked for the batch. */
export async function findByKeysForUpdate(
  db: Executor,
  keys: { epsId: number; specialtyId: number; locationId: number }[],
) {
  if (keys.length === 0) return [];
  const tuples = sql.join(
    keys.map((k) => sql`(${k.epsId}::int, ${k.specialtyId}::int, ${k.locationId}::int)`),
    sql`, `,
  );
  return db
    .select()
    .from(epsAuthorizations)
    .where(
      sql`(${epsAuthorizations.epsId}, ${epsAuthorizations.specialtyId}, ${epsAuthorizations.locationId}) in (${tuples})`,
    )
    .for('update');
}

/** Null when a concurrent request created the same (EPS, specialty, location) first. */
export async function insertIfAbsent(db: Executor, values: AuthorizationValues) {
  const [row] = await db.insert(epsAuthorizations).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function update(db: Executor, id: number, values: Partial<AuthorizationValues>) {
  const [row] = await db
    .update(epsAuthorizations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(epsAuthorizations.id, id))
    .returning();
  return row!;
}

export async function remove(db: Executor, id: number) {
  await db.delete(epsAuthorizations).where(eq(epsAuthorizations.id, id));
}

/* Reference checks, `for key share` so the referenced rows stay until commit. */
export function epsByIds(db: Executor, ids: number[]) {
  return db
    .select({ id: eps.id, name: eps.name, status: eps.status })
    .from(eps)
    .where(inArray(eps.id, ids))
    .for('key share');
}

export async function existingLocationIds(db: Executor, ids: number[]) {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(inArray(locations.id, ids))
    .for('key share');
  return new Set(rows.map((r) => r.id));
}

export async function existingSpecialtyIds(db: Executor, ids: number[]) {
  const rows = await db
    .select({ id: specialties.id })
    .from(specialties)
    .where(inArray(specialties.id, ids))
    .for('key share');
  return new Set(rows.map((r) => r.id));
}
