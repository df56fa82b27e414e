import { and, asc, eq, gt, inArray, isNull, not, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginAttempts } from '../../db/schema/users';
import type { ThrottleLimits } from './repo';

const openFailures = (limits: ThrottleLimits) =>
  and(
    not(loginAttempts.success),
    isNull(loginAttempts.clearedAt),
    gt(loginAttempts.createdAt, sql`now() - make_interval(mins => ${limits.windowMinutes})`),
  );

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Users with an active lock (a pair at its limit, or the account-wide cap reached), by name, one page. */
export async function pageLockedUsers(db: Executor, limits: ThrottleLimits, limit: number, offset: number) {
  const locked = sql`
    with f as (
      select email, ip, count(*)::int as n from login_attempts
       where not success and cleared_at is null
         and created_at > now() - make_interval(mins => ${limits.windowMinutes})
       group by email, ip
    ), l as (
      select email from f group by email having max(n) >= ${limits.pairMax} or sum(n) >= ${limits.accountMax}
    )
    select u.id, u.name, u.email, u.role, count(*) over ()::int as total
      from users u join l on l.email = lower(u.email)`;
  const rows = rowsOf<{ id: number; name: string; email: string; role: string; total: number }>(
    await db.execute(sql`${locked} order by u.name, u.id limit ${limit} offset ${offset}`),
  );
  // Past the last page the window count is not there; count on its own then.
  const total =
    rows[0]?.total ??
    Number(
      rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${locked}) x`))[0]?.n ?? 0,
    );
  return { rows, total };
}

/** The failures that still count for these e-mails, oldest first. */
export async function listOpenFailures(db: Executor, emails: string[], limits: ThrottleLimits) {
  if (emails.length === 0) return [];
  return db
    .select({ email: loginAttempts.email, ip: loginAttempts.ip, at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.email, emails), openFailures(limits)))
    .orderBy(asc(loginAttempts.createdAt), asc(loginAttempts.id));
}

/** An administrator's unlock: every failure of the e-mail stops counting, from every address. */
export async function clearFailures(db: Executor, email: string, limits: ThrottleLimits) {
  return db
    .update(loginAttempts)
    .set({ clearedAt: sql`now()` })
    .where(and(eq(loginAttempts.email, email), openFailures(limits)))
    .returning({ ip: loginAttempts.ip });
}
