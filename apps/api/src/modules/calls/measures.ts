import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { CALL_CONSTANTS, SERVICE_LEVEL_SETTING, type CallMeasures } from '@ips/shared/schemas/calls';
import type { Executor } from '../../db/client';
import { calls } from '../../db/schema/calls';
import { readMany } from '../settings';

/*
 * The measures a contact center is run by — defined here once, and in the README ("Call center measures") and
 * decision 030. All come from the real instants of each call, over the calls OFFERED in the window
 * (started_at within [since, now]):
 *
 * - offered: calls that arrived in the window.
 * - answered: those an agent took (answered_at set), now or later.
 * - abandoned: those that ended without ever being answered, after waiting at least SHORT (5 s).
 * - short_abandoned: those that ended unanswered in under SHORT seconds (misdials, instant hang-ups); they are
 *   left out of service level and of the abandonment rate, and reported on their own.
 * - service level = answered within the threshold / (answered + abandoned). A call still waiting unanswered is
 *   not counted yet (its outcome is unknown); an abandoned call counts against the service level.
 *   Threshold: setting cc_service_level_threshold_seconds, 20 s when unset.
 * - average speed of answer (ASA) = mean of answered_at − started_at over the answered calls.
 * - average handle time (AHT) = mean of ended_at − answered_at over the answered calls that have ended (talk
 *   and hold after the answer, transfers included).
 * - abandonment rate = abandoned / (answered + abandoned).
 * - longest current wait = now − waiting_since of the call waiting longest now (any window; a held call's wait
 *   counts from when it was put on hold).
 */

export async function serviceLevelThreshold(db: Executor): Promise<number> {
  const v = (await readMany(db, [SERVICE_LEVEL_SETTING]))[SERVICE_LEVEL_SETTING];
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 && n <= 3600 ? n : CALL_CONSTANTS.serviceLevelThresholdSeconds;
}

const ratio = (num: number, den: number) => (den > 0 ? num / den : null);
const round1 = (v: number | string | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);

export async function measureCalls(
  db: Executor,
  since: Date,
  now: Date,
  threshold: number,
): Promise<CallMeasures> {
  const short = CALL_CONSTANTS.shortAbandonSeconds;
  const unanswered = sql`${calls.status} = 'ended' and ${calls.answeredAt} is null`;
  const abandonSecs = sql`extract(epoch from ${calls.endedAt} - ${calls.startedAt})`;
  const [[m], [live]] = await Promise.all([
    db
      .select({
        offered: sql<number>`count(*)::int`,
        answered: sql<number>`count(*) filter (where ${calls.answeredAt} is not null)::int`,
        within: sql<number>`count(*) filter (where extract(epoch from ${calls.answeredAt} - ${calls.startedAt}) <= ${threshold})::int`,
        abandoned: sql<number>`count(*) filter (where ${unanswered} and ${abandonSecs} >= ${short})::int`,
        shortAbandoned: sql<number>`count(*) filter (where ${unanswered} and ${abandonSecs} < ${short})::int`,
        asa: sql<string | null>`avg(extract(epoch from ${calls.answeredAt} - ${calls.startedAt}))`,
        aht: sql<string | null>`avg(extract(epoch from ${calls.endedAt} - ${calls.answeredAt}))`,
      })
      .from(calls)
      .where(and(gte(calls.startedAt, since), lte(calls.startedAt, now))),
    db
      .select({ oldest: sql<Date | string | null>`min(${calls.waitingSince})` })
      .from(calls)
      .where(eq(calls.status, 'waiting')),
  ]);
  const answered = m?.answered ?? 0;
  const abandoned = m?.abandoned ?? 0;
  const oldest = live?.oldest ? new Date(live.oldest) : null;
  return {
    threshold_seconds: threshold,
    offered: m?.offered ?? 0,
    answered,
    answered_within_threshold: m?.within ?? 0,
    abandoned,
    short_abandoned: m?.shortAbandoned ?? 0,
    service_level: ratio(m?.within ?? 0, answered + abandoned),
    average_speed_of_answer: round1(m?.asa ?? null),
    average_handle_time: round1(m?.aht ?? null),
    abandonment_rate: ratio(abandoned, answered + abandoned),
    longest_current_wait: oldest ? Math.max(0, Math.round((now.getTime() - oldest.getTime()) / 1000)) : null,
  };
}

/** Calls that ended in [since, now]: how many, and their durations (offer to end), in seconds. */
export async function endedIn(db: Executor, since: Date, now: Date) {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      total: sql<string | null>`sum(extract(epoch from ${calls.endedAt} - ${calls.startedAt}))`,
    })
    .from(calls)
    .where(and(gte(calls.endedAt, since), lte(calls.endedAt, now)));
  const n = row?.n ?? 0;
  const total = Math.round(Number(row?.total ?? 0));
  return { completed: n, totalDuration: total, avgDuration: n > 0 ? Math.round(total / n) : 0 };
}

/** Calls offered in [since, now]. */
export async function offeredIn(db: Executor, since: Date, now: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(calls)
    .where(and(gte(calls.startedAt, since), lte(calls.startedAt, now)));
  return row?.n ?? 0;
}
