import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db, Executor } from '../client';
import { settings } from '../schema/system';
import { sessions, users } from '../schema/users';
import { writeAudit } from '../../lib/audit';

/** The installation's choice, written at its first start and whenever DEMO_MODE is given (decision 021). */
export const DEMO_MODE_SETTING = 'installation_demo_mode';

/**
 * Whether this start is a demo, decided once per start before anything is seeded:
 * 1. DEMO_MODE given (or a server database, never a demo): that;
 * 2. else the choice stored at an earlier start, so an installation never becomes a demo by omission;
 * 3. else, at the first start under this rule: an empty database is a demo unless ADMIN_EMAIL is set; a
 *    database that already has users (created before the rule existed) is a demo if it has demo accounts.
 * The result is stored, so the next start without DEMO_MODE keeps it.
 */
export async function resolveDemoMode(db: Executor, config: AppConfig): Promise<boolean> {
  const [stored] = await db.select().from(settings).where(eq(settings.key, DEMO_MODE_SETTING));
  let demo: boolean;
  if (config.demoModeExplicit) demo = config.demoMode;
  else if (typeof stored?.value === 'boolean') demo = stored.value;
  else {
    const [all] = await db.select({ n: count() }).from(users);
    const [demoUsers] = await db.select({ n: count() }).from(users).where(eq(users.isDemo, true));
    demo = (all?.n ?? 0) === 0 ? config.demoMode && !config.adminEmail : (demoUsers?.n ?? 0) > 0;
  }
  if (stored?.value !== demo)
    await db
      .insert(settings)
      .values({ key: DEMO_MODE_SETTING, value: demo })
      .onConflictDoUpdate({ target: settings.key, set: { value: demo, updatedAt: sql`now()` } });
  return demo;
}

/**
 * Demo mode is off: every demo account becomes Inactivo and its sessions end, so the published demo password
 * opens nothing. Idempotent; runs at every start without demo. The auth hook reads sessions through a cache of a
 * few seconds (decision 016), but this runs before the server listens, so no request can be served from it.
 */
export async function disableDemoAccounts(db: Db): Promise<number[]> {
  return db.transaction(async (tx) => {
    const disabled = await tx
      .update(users)
      .set({ status: 'Inactivo', updatedAt: sql`now()` })
      .where(and(eq(users.isDemo, true), eq(users.status, 'Activo')))
      .returning({ id: users.id });
    const demoIds = tx.select({ id: users.id }).from(users).where(eq(users.isDemo, true));
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: 'demo_mode_off' })
      .where(and(inArray(sessions.userId, demoIds), isNull(sessions.revokedAt)));
    for (const { id } of disabled)
      await writeAudit(
        tx,
        { userId: null, requestId: null },
        {
          table: 'users',
          recordId: id,
          action: 'update',
          newValues: { status: 'Inactivo', reason: 'demo_mode_off' },
        },
      );
    return disabled.map((d) => d.id);
  });
}
