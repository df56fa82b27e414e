import { asc, eq, sql } from 'drizzle-orm';
import type { CallStatusCatalogDto } from '@ips/shared/schemas/calls';
import type { Executor } from '../../db/client';
import { callLogs } from '../../db/schema/call-center';
import { callStatuses } from '../../db/schema/calls';

export type CallStatusRow = typeof callStatuses.$inferSelect;
export type NewCallStatus = typeof callStatuses.$inferInsert;

const usage = sql<number>`(select count(*)::int from ${callLogs} where ${callLogs.statusId} = ${callStatuses.id})`;

export async function list(db: Executor, activeOnly: boolean) {
  const rows = await db
    .select({ s: callStatuses, usage })
    .from(callStatuses)
    .where(activeOnly ? eq(callStatuses.active, true) : undefined)
    .orderBy(asc(callStatuses.name), asc(callStatuses.id));
  return rows.map(toDto);
}

export async function findDto(db: Executor, id: number) {
  const [row] = await db.select({ s: callStatuses, usage }).from(callStatuses).where(eq(callStatuses.id, id));
  return row ? toDto(row) : null;
}

export async function findForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(callStatuses).where(eq(callStatuses.id, id)).for('update');
  return row ?? null;
}

export async function insert(db: Executor, values: NewCallStatus) {
  const [row] = await db.insert(callStatuses).values(values).returning();
  return row!;
}

export async function update(db: Executor, id: number, values: Partial<NewCallStatus>) {
  const [row] = await db
    .update(callStatuses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(callStatuses.id, id))
    .returning();
  return row!;
}

export async function remove(db: Executor, id: number) {
  await db.delete(callStatuses).where(eq(callStatuses.id, id));
}

export async function countUsage(db: Executor, id: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(callLogs)
    .where(eq(callLogs.statusId, id));
  return row?.n ?? 0;
}

export const auditView = (s: CallStatusRow) => ({ id: s.id, name: s.name, color: s.color, active: s.active });

function toDto(r: { s: CallStatusRow; usage: number }): CallStatusCatalogDto {
  return {
    id: r.s.id,
    name: r.s.name,
    color: r.s.color,
    active: r.s.active,
    usage: r.usage,
    created_at: r.s.createdAt.toISOString(),
    updated_at: r.s.updatedAt.toISOString(),
  };
}
