import { and, asc, eq, sql } from 'drizzle-orm';
import { containsPattern } from '@ips/shared/schemas/resources-common';
import type { Executor } from '../../db/client';
import { eps } from '../../db/schema/catalogs';
import { epsAuthorizations } from '../../db/schema/resources';

export type EpsRow = typeof eps.$inferSelect;

export async function findById(db: Executor, id: number) {
  const [row] = await db.select().from(eps).where(eq(eps.id, id));
  return row ?? null;
}

export async function findByIdForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(eps).where(eq(eps.id, id)).for('update');
  return row ?? null;
}

export function list(db: Executor, f: { q?: string; status?: string }) {
  return db
    .select()
    .from(eps)
    .where(
      and(
        f.q
          ? sql`(immutable_unaccent(${eps.name}) ilike immutable_unaccent(${containsPattern(f.q)}) or ${eps.code} ilike ${containsPattern(f.q)})`
          : undefined,
        f.status ? eq(eps.status, f.status) : undefined,
      ),
    )
    .orderBy(asc(eps.name), asc(eps.id));
}

export async function insert(db: Executor, values: typeof eps.$inferInsert) {
  const [row] = await db.insert(eps).values(values).returning();
  return row!;
}

export async function update(db: Executor, id: number, values: Partial<typeof eps.$inferInsert>) {
  const [row] = await db
    .update(eps)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(eps.id, id))
    .returning();
  return row!;
}

export async function remove(db: Executor, id: number) {
  await db.delete(eps).where(eq(eps.id, id));
}

export async function authorizationIds(db: Executor, epsId: number) {
  const rows = await db
    .select({ id: epsAuthorizations.id })
    .from(epsAuthorizations)
    .where(eq(epsAuthorizations.epsId, epsId));
  return rows.map((r) => r.id);
}
