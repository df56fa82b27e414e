import { and, asc, eq, sql } from 'drizzle-orm';
import { containsPattern } from '@ips/shared/schemas/resources-common';
import type { Executor } from '../../db/client';
import { locationTypes } from '../../db/schema/resources';

export type LocationTypeRow = typeof locationTypes.$inferSelect & { locationsCount: number };

const columns = {
  id: locationTypes.id,
  name: locationTypes.name,
  status: locationTypes.status,
  createdAt: locationTypes.createdAt,
  updatedAt: locationTypes.updatedAt,
  // Written out: drizzle leaves columns unqualified in a select list, which a correlated subquery misreads.
  locationsCount: sql<number>`(select count(*)::int from "locations" l where l."location_type_id" = "location_types"."id")`,
};

export async function findById(db: Executor, id: number): Promise<LocationTypeRow | null> {
  const [row] = await db.select(columns).from(locationTypes).where(eq(locationTypes.id, id));
  return row ?? null;
}

export async function lockById(db: Executor, id: number) {
  const [row] = await db
    .select({ id: locationTypes.id })
    .from(locationTypes)
    .where(eq(locationTypes.id, id))
    .for('update');
  return row ?? null;
}

export function list(db: Executor, filter: { q?: string; status?: string }): Promise<LocationTypeRow[]> {
  return db
    .select(columns)
    .from(locationTypes)
    .where(
      and(
        filter.q
          ? sql`immutable_unaccent(${locationTypes.name}) ilike immutable_unaccent(${containsPattern(filter.q)})`
          : undefined,
        filter.status ? eq(locationTypes.status, filter.status) : undefined,
      ),
    )
    .orderBy(asc(locationTypes.name), asc(locationTypes.id));
}

export async function insert(db: Executor, values: typeof locationTypes.$inferInsert) {
  const [row] = await db.insert(locationTypes).values(values).returning({ id: locationTypes.id });
  return row!.id;
}

export async function update(db: Executor, id: number, values: Partial<typeof locationTypes.$inferInsert>) {
  await db
    .update(locationTypes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(locationTypes.id, id));
}

export async function remove(db: Executor, id: number) {
  await db.delete(locationTypes).where(eq(locationTypes.id, id));
}
