import { and, asc, eq, sql } from 'drizzle-orm';
import { containsPattern } from '@ips/shared/schemas/resources-common';
import type { Executor } from '../../db/client';
import { municipalities, zones } from '../../db/schema/catalogs';

const columns = {
  id: municipalities.id,
  name: municipalities.name,
  code: municipalities.code,
  department: municipalities.department,
  zone_id: municipalities.zoneId,
  zone_name: zones.name,
};
export type MunicipalityRow = {
  id: number;
  name: string;
  code: string | null;
  department: string | null;
  zone_id: number | null;
  zone_name: string | null;
};

const base = (db: Executor) =>
  db.select(columns).from(municipalities).leftJoin(zones, eq(zones.id, municipalities.zoneId));

export async function findById(db: Executor, id: number): Promise<MunicipalityRow | null> {
  const [row] = await base(db).where(eq(municipalities.id, id));
  return row ?? null;
}

export async function lockById(db: Executor, id: number) {
  const [row] = await db
    .select({ id: municipalities.id })
    .from(municipalities)
    .where(eq(municipalities.id, id))
    .for('update');
  return row ?? null;
}

export function list(
  db: Executor,
  filter: { zone_id?: number; q?: string; department?: string },
): Promise<MunicipalityRow[]> {
  const unaccentLike = (col: typeof municipalities.name | typeof municipalities.department, q: string) =>
    sql`immutable_unaccent(${col}) ilike immutable_unaccent(${containsPattern(q)})`;
  return base(db)
    .where(
      and(
        filter.zone_id === undefined ? undefined : eq(municipalities.zoneId, filter.zone_id),
        filter.q
          ? sql`(${unaccentLike(municipalities.name, filter.q)} or ${municipalities.code} = ${filter.q})`
          : undefined,
        filter.department ? unaccentLike(municipalities.department, filter.department) : undefined,
      ),
    )
    .orderBy(asc(municipalities.name), asc(municipalities.id));
}

/** Locks the zone so that it cannot be deleted while a municipality is moved into it. */
export async function zoneExists(db: Executor, zoneId: number) {
  const [row] = await db.select({ id: zones.id }).from(zones).where(eq(zones.id, zoneId)).for('key share');
  return Boolean(row);
}

export async function insert(db: Executor, values: typeof municipalities.$inferInsert) {
  const [row] = await db.insert(municipalities).values(values).returning({ id: municipalities.id });
  return row!.id;
}

export async function update(db: Executor, id: number, values: Partial<typeof municipalities.$inferInsert>) {
  await db.update(municipalities).set(values).where(eq(municipalities.id, id));
}

export async function remove(db: Executor, id: number) {
  await db.delete(municipalities).where(eq(municipalities.id, id));
}
