import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { zones } from '../../db/schema/catalogs';

export type ZoneRow = typeof zones.$inferSelect & { municipalitiesCount: number };

const columns = {
  id: zones.id,
  name: zones.name,
  description: zones.description,
  createdAt: zones.createdAt,
  // Written out: drizzle leaves columns unqualified in a select list, which a correlated subquery misreads.
  municipalitiesCount: sql<number>`(select count(*)::int from "municipalities" m where m."zone_id" = "zones"."id")`,
};

export async function findById(db: Executor, id: number): Promise<ZoneRow | null> {
  const [row] = await db.select(columns).from(zones).where(eq(zones.id, id));
  return row ?? null;
}

export async function lockById(db: Executor, id: number) {
  const [row] = await db.select({ id: zones.id }).from(zones).where(eq(zones.id, id)).for('update');
  return row ?? null;
}

export const list = (db: Executor): Promise<ZoneRow[]> =>
  db.select(columns).from(zones).orderBy(asc(zones.name), asc(zones.id));

export async function insert(db: Executor, values: typeof zones.$inferInsert) {
  const [row] = await db.insert(zones).values(values).returning({ id: zones.id });
  return row!.id;
}

export async function update(db: Executor, id: number, values: Partial<typeof zones.$inferInsert>) {
  await db.update(zones).set(values).where(eq(zones.id, id));
}

export async function remove(db: Executor, id: number) {
  await db.delete(zones).where(eq(zones.id, id));
}
