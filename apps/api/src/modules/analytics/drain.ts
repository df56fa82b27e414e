import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../lib/context';

/**
 * Brings every rollup and fact (migrations 0030 and 0033) up to every committed change: bookings only record what
 * they changed (appointment_changes, decision 041). Cheap when nothing is recorded; run before each read of them.
 */
export async function drainAnalytics(db: Executor) {
  await db.execute(sql`select analytics_drain()`);
}

/** The timezone the rollups and facts are kept in (analytics_rollup_settings), if any. */
async function rollupTz(db: Executor): Promise<string | null> {
  const res = await db.execute<{ tz: string }>(sql`select tz from analytics_rollup_settings where id = 1`);
  return res.rows[0]?.tz ?? null;
}

/**
 * Whether the rollups and facts answer for timezone `tz`: while they are kept in it (decision 039); otherwise (just
 * after a change of the organisation's timezone, before analytics_rollups_rebuild) every figure is counted from
 * appointments. When they answer, the recorded changes are applied first, so that they count every committed change
 * (decision 041). A request that reads them several times resolves this once.
 */
export async function rollupsReady(db: Executor, tz: string): Promise<boolean> {
  const ready = (await rollupTz(db)) === tz;
  if (ready) await drainAnalytics(db);
  return ready;
}

const MINUTE = 60_000;

/** Every minute, so that the recorded changes stay few when nobody reads Análisis for a while. */
export function startAnalyticsDrain(deps: AppDeps, log: FastifyBaseLogger): () => void {
  const every = setInterval(
    () => void drainAnalytics(deps.db).catch((err) => log.warn({ err }, 'analytics drain failed')),
    MINUTE,
  );
  every.unref();
  return () => clearInterval(every);
}
