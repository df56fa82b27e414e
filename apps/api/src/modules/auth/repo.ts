import { and, count, eq, gt, isNull, not, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { loginAttempts, users } from '../../db/schema/users';

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row ?? null;
}

export interface ThrottleLimits {
  windowMinutes: number;
  /** Failures of one e-mail from one address. */
  pairMax: number;
  /** Failures of one e-mail from all addresses, enforced on addresses it has not signed in from lately. */
  accountMax: number;
  /** How long a successful sign-in makes its address a known one for the account. */
  knownAddressDays: number;
}

/** A slot, or the refusal with the seconds until the oldest counted failure leaves the window. */
export type Reservation = { id: number } | { refused: 'pair' | 'account'; retryAfterSeconds: number };

const sameIp = (ip: string | null) => sql`${loginAttempts.ip} is not distinct from ${ip}`;

/**
 * Decides whether this attempt may check a password and, if so, records it as a failure *before* the password is
 * checked, all under a transaction-scoped advisory lock on the e-mail: concurrent attempts (on any instance sharing
 * the database) take turns here, so each one sees every slot taken before it and no more than the limit are ever
 * checked. The caller turns the row into a success when the password is right; if the process dies in between it
 * stays a failure, the safe side.
 */
export async function reserveAttempt(
  db: Db,
  email: string,
  ip: string | null,
  limits: ThrottleLimits,
): Promise<Reservation> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login:${email}`}, 0))`);
    const [open] = await tx
      .select({
        pair: sql<number>`count(*) filter (where ${sameIp(ip)})`.mapWith(Number),
        account: count(),
        pairFreeIn:
          sql<number>`extract(epoch from min(${loginAttempts.createdAt}) filter (where ${sameIp(ip)}) + make_interval(mins => ${limits.windowMinutes}) - now())`.mapWith(
            Number,
          ),
        accountFreeIn:
          sql<number>`extract(epoch from min(${loginAttempts.createdAt}) + make_interval(mins => ${limits.windowMinutes}) - now())`.mapWith(
            Number,
          ),
      })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.email, email),
          not(loginAttempts.success),
          isNull(loginAttempts.clearedAt),
          gt(loginAttempts.createdAt, sql`now() - make_interval(mins => ${limits.windowMinutes})`),
        ),
      );
    if ((open?.pair ?? 0) >= limits.pairMax)
      return { refused: 'pair' as const, retryAfterSeconds: open!.pairFreeIn };
    if ((open?.account ?? 0) >= limits.accountMax && !(await isKnownAddress(tx, email, ip, limits)))
      return { refused: 'account' as const, retryAfterSeconds: open!.accountFreeIn };
    const [row] = await tx
      .insert(loginAttempts)
      .values({ email, success: false, ip })
      .returning({ id: loginAttempts.id });
    return { id: row!.id };
  });
}

async function isKnownAddress(db: Executor, email: string, ip: string | null, limits: ThrottleLimits) {
  const [row] = await db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        sameIp(ip),
        eq(loginAttempts.success, true),
        gt(loginAttempts.createdAt, sql`now() - make_interval(days => ${limits.knownAddressDays})`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The reserved attempt was right: it becomes a success and the failures of its pair stop counting. Under the
 * e-mail's lock, as the reservation: two sign-ins of one account from one address at the same moment would otherwise
 * each hold its own row while clearing the other's (a deadlock, answered 409 to one of them).
 */
export async function recordSuccess(
  db: Db,
  attemptId: number,
  email: string,
  ip: string | null,
  limits: ThrottleLimits,
) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login:${email}`}, 0))`);
    await tx.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, attemptId));
    await tx
      .update(loginAttempts)
      .set({ clearedAt: sql`now()` })
      .where(
        and(
          eq(loginAttempts.email, email),
          sameIp(ip),
          not(loginAttempts.success),
          isNull(loginAttempts.clearedAt),
          gt(loginAttempts.createdAt, sql`now() - make_interval(mins => ${limits.windowMinutes})`),
        ),
      );
  });
}

export async function findUserById(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}
