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
