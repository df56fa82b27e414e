import { AppError } from '@ips/shared/errors';
import type { LockedAccountDto } from '@ips/shared/schemas/login-locks';
import type { Actor, AppDeps } from '../../lib/context';
import { writeAudit } from '../../lib/audit';
import { findUserById } from './repo';
import { clearFailures, listOpenFailures, pageLockedUsers } from './locks-repo';
import { LOGIN_THROTTLE } from './service';

const WINDOW_MS = LOGIN_THROTTLE.windowMinutes * 60_000;

/**
 * While at least `max` failures are in the window the lock holds; it ends when the max-th newest leaves it.
 * `since` is when the count reached `max`. `times` is sorted oldest first.
 */
export function lockSpan(times: Date[], max: number): { since: Date; until: Date } | null {
  if (times.length < max) return null;
  return {
    since: times[max - 1]!,
    until: new Date(times[times.length - max]!.getTime() + WINDOW_MS),
  };
}

export async function listLockedAccounts(deps: AppDeps, page: number, limit: number) {
  const { rows, total } = await pageLockedUsers(deps.db, LOGIN_THROTTLE, limit, (page - 1) * limit);
  const failures = await listOpenFailures(
    deps.db,
    rows.map((r) => r.email.toLowerCase()),
    LOGIN_THROTTLE,
  );
  const data: LockedAccountDto[] = [];
  for (const u of rows) {
    const mine = failures.filter((f) => f.email === u.email.toLowerCase());
    const byIp = new Map<string | null, Date[]>();
    for (const f of mine) byIp.set(f.ip, [...(byIp.get(f.ip) ?? []), f.at]);
    const spans: { since: Date; until: Date }[] = [];
    const addresses = [...byIp].map(([address, times]) => {
      const span = lockSpan(times, LOGIN_THROTTLE.pairMax);
      if (span) spans.push(span);
      return {
        address,
        failures: times.length,
        last_failure_at: times[times.length - 1]!.toISOString(),
        locked_until: span?.until.toISOString() ?? null,
      };
    });
    const accountSpan = lockSpan(
      mine.map((f) => f.at),
      LOGIN_THROTTLE.accountMax,
    );
    if (accountSpan) spans.push(accountSpan);
    // The page query and this read are two statements: a lock may have ended in between.
    if (spans.length === 0) continue;
    data.push({
      user_id: u.id,
      name: u.name,
      email: u.email,
      role: u.role,
      locked_since: new Date(Math.min(...spans.map((s) => s.since.getTime()))).toISOString(),
      locked_until: new Date(Math.max(...spans.map((s) => s.until.getTime()))).toISOString(),
      account_wide: accountSpan !== null,
      addresses: addresses.sort((a, b) => b.failures - a.failures),
    });
  }
  return { data, total, page, limit };
}

/** Lets the user sign in again from every address; audited with the addresses that were counting. */
export async function unlockUser(deps: AppDeps, actor: Actor, userId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user) throw new AppError('NOT_FOUND', 'Usuario no encontrado');
    const cleared = await clearFailures(tx, user.email.toLowerCase(), LOGIN_THROTTLE);
    await writeAudit(tx, actor, {
      table: 'users',
      recordId: user.id,
      action: 'unlock',
      newValues: {
        cleared_failures: cleared.length,
        addresses: [...new Set(cleared.map((c) => c.ip))],
      },
    });
  });
}
