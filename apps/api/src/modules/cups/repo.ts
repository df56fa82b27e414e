import { and, asc, count, eq, sql } from 'drizzle-orm';
import { containsPattern } from '@ips/shared/schemas/resources-common';
import type { Executor } from '../../db/client';
import { cups } from '../../db/schema/resources';

export type CupsRow = typeof cups.$inferSelect;
export type CupsValues = typeof cups.$inferInsert;

export async function findById(db: Executor, id: number) {
  const [row] = await db.select().from(cups).where(eq(cups.id, id));
  return row ?? null;
}

export async function findByIdForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(cups).where(eq(cups.id, id)).for('update');
  return row ?? null;
}

export interface CupsFilter {
  search?: string;
  category?: string;
  status?: string;
}

function where(f: CupsFilter) {
  return and(
    f.search
      ? sql`(${cups.code} ilike ${containsPattern(f.search)} or immutable_unaccent(${cups.name}) ilike immutable_unaccent(${containsPattern(f.search)}))`
      : undefined,
    f.category ? sql`lower(${cups.category}) = lower(${f.category})` : undefined,
    f.status ? eq(cups.status, f.status) : undefined,
  );
}

export async function page(db: Executor, f: CupsFilter, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db.select().from(cups).where(where(f)).orderBy(asc(cups.code)).limit(limit).offset(offset),
    db.select({ n: count() }).from(cups).where(where(f)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function categories(db: Executor) {
  const rows = await db
    .selectDistinct({ category: cups.category })
    .from(cups)
    .where(sql`${cups.category} is not null`)
    .orderBy(asc(cups.category));
  return rows.map((r) => r.category!);
}

export async function stats(db: Executor) {
  const [totals] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${cups.status} = 'Activo')::int`,
      requiresAuthorization: sql<number>`count(*) filter (where ${cups.requiresAuthorization})::int`,
      minPrice: sql<string | null>`min(${cups.price})`,
      maxPrice: sql<string | null>`max(${cups.price})`,
      avgPrice: sql<string | null>`round(avg(${cups.price}), 2)`,
    })
    .from(cups);
  const byCategory = await db
    .select({ category: cups.category, count: count() })
    .from(cups)
    .groupBy(cups.category)
    .orderBy(sql`count(*) desc`, asc(cups.category));
  return { totals: totals!, byCategory };
}

export async function byCodes(db: Executor, codes: string[]) {
  const out = new Map<string, CupsRow>();
  // One array parameter per query: a list of thousands of parameters costs the query builder ~6 µs each, on
  // the event loop (bench/cups-import.ts).
  for (let i = 0; i < codes.length; i += 10_000) {
    const rows = await db
      .select()
      .from(cups)
      .where(sql`${cups.code} = any(${sql.param(codes.slice(i, i + 10_000))}::text[])`);
    for (const r of rows) out.set(r.code, r);
  }
  return out;
}

export async function insert(db: Executor, values: CupsValues) {
  const [row] = await db.insert(cups).values(values).returning();
  return row!;
}

export async function insertMany(db: Executor, values: CupsValues[]) {
  const out: CupsRow[] = [];
  for (let i = 0; i < values.length; i += 500)
    out.push(
      ...(await db
        .insert(cups)
        .values(values.slice(i, i + 500))
        .returning()),
    );
  return out;
}

export async function update(db: Executor, id: number, values: Partial<CupsValues>) {
  const [row] = await db
    .update(cups)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(cups.id, id))
    .returning();
  return row!;
}

export async function remove(db: Executor, id: number) {
  await db.delete(cups).where(eq(cups.id, id));
}
