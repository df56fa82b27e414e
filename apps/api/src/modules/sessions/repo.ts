import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema/users';

export async function findActiveSession(db: Executor, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      userName: users.name,
      userEmail: users.email,
      userRole: users.role,
      userStatus: users.status,
      mustChangePassword: users.mustChangePassword,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
  return row ?? null;
}

export async function touchSession(db: Executor, id: string) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.id, id));
}

export async function createSession(
  db: Executor,
  values: { userId: number; expiresAt: Date; ip: string | null; userAgent: string | null },
) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

const activeCols = {
  id: sessions.id,
  user_id: sessions.userId,
  created_at: sessions.createdAt,
  last_seen_at: sessions.lastSeenAt,
  expires_at: sessions.expiresAt,
  ip: sessions.ip,
  user_agent: sessions.userAgent,
};
const active = () => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

export async function listActiveByUser(db: Executor, userId: number) {
  return db
    .select(activeCols)
    .from(sessions)
    .where(and(eq(sessions.userId, userId), active()))
    .orderBy(desc(sessions.lastSeenAt));
}

export async function listAllActive(db: Executor) {
  return db
    .select({ ...activeCols, user_name: users.name, user_email: users.email, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(active())
    .orderBy(desc(sessions.lastSeenAt))
    .limit(1000);
}

/** Revokes and returns the ids revoked. */
export async function revoke(
  db: Executor,
  where: { id?: string; userId?: number; exceptId?: string },
  reason: string,
): Promise<{ id: string; userId: number }[]> {
  const conds = [active()];
  if (where.id) conds.push(eq(sessions.id, where.id));
  if (where.userId !== undefined) conds.push(eq(sessions.userId, where.userId));
  if (where.exceptId) conds.push(ne(sessions.id, where.exceptId));
  return db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(...conds))
    .returning({ id: sessions.id, userId: sessions.userId });
}

export async function findOwned(db: Executor, id: string, userId: number) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), active()));
  return row ?? null;
}
