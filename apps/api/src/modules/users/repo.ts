import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';

export type UserRow = typeof users.$inferSelect;

export async function findById(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findByIdForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

function searchCondition(q?: string) {
  if (!q) return undefined;
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(users.name, like), ilike(users.email, like), ilike(users.role, like));
}

export async function list(db: Executor, q: string | undefined, limit: number, offset: number) {
  const where = searchCondition(q);
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(asc(users.name), asc(users.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insert(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function update(db: Executor, id: number, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function remove(db: Executor, id: number) {
  const [row] = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return row ?? null;
}

export async function countActiveAdmins(db: Executor) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(sql`${users.role} = 'admin' and ${users.status} = 'Activo'`);
  return row?.n ?? 0;
}
