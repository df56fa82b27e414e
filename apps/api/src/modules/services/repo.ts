import { and, asc, eq, sql } from 'drizzle-orm';
import { containsPattern } from '@ips/shared/schemas/resources-common';
import type { Executor } from '../../db/client';
import { services } from '../../db/schema/resources';

export type ServiceRow = typeof services.$inferSelect;

export async function findByIdForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(services).where(eq(services.id, id)).for('update');
  return row ?? null;
}

export async function findById(db: Executor, id: number) {
  const [row] = await db.select().from(services).where(eq(services.id, id));
  return row ?? null;
}

export function list(db: Executor, f: { q?: string; active?: boolean; category?: string; limit?: number }) {
  const query = db
    .select()
    .from(services)
    .where(
      and(
        f.q
          ? sql`(immutable_unaccent(${services.name}) ilike immutable_unaccent(${containsPattern(f.q)}) or immutable_unaccent(coalesce(${services.description}, '')) ilike immutable_unaccent(${containsPattern(f.q)}))`
          : undefined,
        f.active === undefined ? undefined : eq(services.active, f.active),
        f.category ? eq(services.category, f.category) : undefined,
      ),
    )
    .orderBy(asc(services.name), asc(services.id));
  return f.limit ? query.limit(f.limit) : query;
}

export async function insert(db: Executor, values: typeof services.$inferInsert) {
  const [row] = await db.insert(services).values(values).returning();
  return row!;
}

export async function update(db: Executor, id: number, values: Partial<typeof services.$inferInsert>) {
  const [row] = await db
    .update(services)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(services.id, id))
    .returning();
  return row!;
}

export async function remove(db: Executor, id: number) {
  await db.delete(services).where(eq(services.id, id));
}
