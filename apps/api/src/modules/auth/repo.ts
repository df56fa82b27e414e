import { and, count, eq, gt, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginAttempts, users } from '../../db/schema/users';

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row ?? null;
}

/** Failed attempts for the e-mail in the window, counted from its last success. */
export async function countRecentFailures(
  db: Executor,
  email: string,
  windowMinutes: number,
): Promise<number> {
  const since = sql`now() - make_interval(mins => ${windowMinutes})`;
  const [last] = await db
    .select({ at: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.success, true),
        gt(loginAttempts.createdAt, since),
      ),
    );
  const from = last?.at ? sql`${last.at.toISOString()}::timestamptz` : since;
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.success, false),
        gt(loginAttempts.createdAt, from),
      ),
    );
  return row?.n ?? 0;
}

export async function recordAttempt(db: Executor, email: string, success: boolean, ip: string | null) {
  await db.insert(loginAttempts).values({ email, success, ip });
}
