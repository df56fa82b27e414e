import { and, asc, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { containsPattern } from '@ips/shared/schemas/resources-common';
import type { Role } from '@ips/shared/catalogs/roles';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema/users';

export type UserRow = typeof users.$inferSelect;

export async function findById(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findByIdForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

/** Name or e-mail contains the text (case and accents aside), or the role is one the text names. */
function searchCondition(q: string | undefined, roles: readonly Role[]) {
  if (!q) return undefined;
  const like = containsPattern(q);
  return or(
    sql`immutable_unaccent(${users.name}) ilike immutable_unaccent(${like})`,
    sql`immutable_unaccent(${users.email}) ilike immutable_unaccent(${like})`,
    roles.length > 0 ? inArray(users.role, [...roles]) : undefined,
  );
}

/** Sessions open right now, per user: one index probe each on sessions_user_idx. */
// Written qualified by hand: drizzle prints bare column names inside a sql template, and "id" would be the session's.
const activeSessionCount = sql<number>`(
  select count(*)::int from sessions s
   where s.user_id = "users"."id" and s.revoked_at is null and s.expires_at > now()
)`;

/** A page of users in name order; hundreds in a clinic, so a count beside the page is cheap. */
export async function list(
  db: Executor,
  filter: { q?: string; roles: readonly Role[] },
  limit: number,
  offset: number,
) {
  const where = searchCondition(filter.q, filter.roles);
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, activeSessions: activeSessionCount })
      .from(users)
      .where(where)
      .orderBy(sql`immutable_unaccent(lower(${users.name}))`, asc(users.id))
      .limit(limit)
      .offset(offset),
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

/**
 * Serialises the changes that can take away an active administrator (demote, inactivate, delete): the second of
 * two administrators demoting each other at once waits here, then counts what the first left. Taken before any
 * row lock, so two such changes never lock rows in opposite orders.
 */
export async function lockAdminSet(db: Executor) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('users:active-admins', 0))`);
}

export async function countActiveAdmins(db: Executor) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'Activo')));
  return row?.n ?? 0;
}

export async function listActiveSessions(db: Executor, userId: number) {
  return db
    .select({
      id: sessions.id,
      created_at: sessions.createdAt,
      last_seen_at: sessions.lastSeenAt,
      expires_at: sessions.expiresAt,
      ip: sessions.ip,
      user_agent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(sql`${sessions.lastSeenAt} desc`);
}

/**
 * Where the user left a trace: every table whose foreign key names users (found in the catalogue, so a table
 * added later counts without touching this), except their own sessions and a doctor record linked to them, plus
 * the patient access log, which names users without a key so it outlives them. Run it with the user's row locked:
 * a concurrent insert that references the user waits for the lock (its key check), so nothing slips in after.
 */
export async function findActivity(db: Executor, userId: number): Promise<string[]> {
  const refs = await db.execute(sql`
    select c.conrelid::regclass::text as tbl, a.attname as col
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = 'users'::regclass
       and c.conrelid not in ('sessions'::regclass, 'doctors'::regclass)
     union all
    select 'patient_access_log', 'user_id' where to_regclass('patient_access_log') is not null
     order by 1, 2`);
  const found = new Set<string>();
  for (const r of refs.rows as { tbl: string; col: string }[]) {
    if (found.has(r.tbl)) continue;
    const res = await db.execute(
      sql`select exists (select 1 from ${sql.identifier(r.tbl)} where ${sql.identifier(r.col)} = ${userId}) as hit`,
    );
    if ((res.rows[0] as { hit: boolean } | undefined)?.hit) found.add(r.tbl);
  }
  return [...found];
}
