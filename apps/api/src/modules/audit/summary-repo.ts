import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/*
 * The audit summary at 10⁷ rows (decision 029). A GROUP BY over a month of audit_log reads hundreds of thousands
 * of rows; instead each closed local day is counted once into audit_daily_counts, and each closed UTC hour of
 * the day still open into audit_hourly_counts (per table, per action, per user). The summary adds the days and
 * hours of its window to a count of the open hour, read from audit_log by created_at. Both rollups are filled
 * here, by the reader, for what the window needs and they do not have yet: nothing is added to the write path of
 * the many modules that audit (no trigger, no counter row locked by every change).
 */

/**
 * Where the rollups stop. A row's created_at is the start of the transaction that writes it, so a period is
 * closed when the next one has begun both by the clock and for the oldest transaction still open on the
 * database: a change that commits later carries a created_at on or after that transaction's start. (Rows written
 * later with an older created_at, as a bulk load does, are not seen by periods already counted: deleting from
 * audit_daily_days and audit_hourly_hours makes the summary count them again.)
 *   last: the last closed local day; openStart: the first instant of the window after it (local midnight);
 *   closedHour: the start of the open UTC hour; aligned: openStart falls on a UTC hour (not so in a zone with a
 *   half-hour offset, where the open days are read from audit_log instead); has_hours: a closed hour follows it.
 */
async function horizon(db: Executor, tz: string, from: string) {
  const res = await db.execute<{
    last: string;
    open_start: string;
    closed_hour: string;
    aligned: boolean;
    has_hours: boolean;
  }>(sql`
    with h as (
      select least(now(), coalesce((
               select min(xact_start) from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid()
                  and backend_type = 'client backend' and xact_start is not null), now())) as at
    ), d as (select at, (at at time zone ${tz})::date - 1 as last from h),
    o as (select at, last, greatest(${from}::date, last + 1)::timestamp at time zone ${tz} as open_start from d)
    select last::text as last, open_start::text as open_start,
           date_trunc('hour', at, 'UTC')::text as closed_hour,
           open_start = date_trunc('hour', open_start, 'UTC') as aligned,
           open_start < date_trunc('hour', at, 'UTC') as has_hours
      from o`);
  return res.rows[0]!;
}

/** The closed days of [from, last] not counted yet ('YYYY-MM-DD', in order): a lookup per day of the primary key. */
async function missingDays(db: Executor, tz: string, from: string, last: string): Promise<string[]> {
  const res = await db.execute<{ day: string }>(sql`
    select d::date::text as day from generate_series(${from}::date, ${last}::date, interval '1 day') d
     where not exists (select 1 from audit_daily_days x where x.tz = ${tz} and x.day = d::date)
     order by 1`);
  return res.rows.map((r) => r.day);
}

/** The grouping sets of a count: one row per table, per action and per user ('' for changes without a user). */
const DIMENSION = sql.raw(
  `case when grouping(table_name) = 0 then 'table' when grouping(action) = 0 then 'action' else 'user' end`,
);
const KEY = sql.raw(`coalesce(table_name, action, user_key)`);

/**
 * Counts the given closed days in one statement, reading audit_log by its created_at index over the period they
 * span (idempotent: a twin racing on another instance adds nothing). The bounds are parameters, so the planner
 * sees a plain index range.
 */
async function fillDays(db: Executor, tz: string, days: string[]): Promise<void> {
  await db.execute(sql`
    with missing as (select unnest(string_to_array(${days.join(',')}, ','))::date as day),
    src as (
      select (created_at at time zone ${tz})::date as day, table_name, action,
             coalesce(user_id::text, '') as user_key
        from audit_log
       where created_at >= (${days[0]!}::date::timestamp at time zone ${tz})
         and created_at < ((${days[days.length - 1]!}::date + 1)::timestamp at time zone ${tz})
    ), agg as (
      select day, ${DIMENSION} as dimension, ${KEY} as key, count(*)::int as n
        from src where day in (select day from missing)
       group by grouping sets ((day, table_name), (day, action), (day, user_key))
    ), counts as (
      insert into audit_daily_counts (tz, day, dimension, key, n)
      select ${tz}, day, dimension, key, n from agg order by day, dimension, key
      on conflict do nothing
    )
    insert into audit_daily_days (tz, day) select ${tz}, day from missing order by day on conflict do nothing`);
}

/**
 * Counts the closed UTC hours of [start, end) not counted yet, in one statement as the days are, and forgets the
 * hours of days the daily rollup now holds (older than `start` by more than a day).
 */
async function fillHours(db: Executor, start: string, end: string): Promise<void> {
  const res = await db.execute<{ hour: string }>(sql`
    select h::text as hour from generate_series(${start}::timestamptz, ${end}::timestamptz - interval '1 hour',
                                                interval '1 hour') h
     where not exists (select 1 from audit_hourly_hours x where x.hour = h)
     order by h`);
  const hours = res.rows.map((r) => r.hour);
  if (!hours.length) return;
  await db.execute(sql`
    with missing as (select unnest(string_to_array(${hours.join(',')}, ','))::timestamptz as hour),
    src as (
      select date_trunc('hour', created_at, 'UTC') as hour, table_name, action,
             coalesce(user_id::text, '') as user_key
        from audit_log
       where created_at >= ${hours[0]!}::timestamptz
         and created_at < ${hours[hours.length - 1]!}::timestamptz + interval '1 hour'
    ), agg as (
      select hour, ${DIMENSION} as dimension, ${KEY} as key, count(*)::int as n
        from src where hour in (select hour from missing)
       group by grouping sets ((hour, table_name), (hour, action), (hour, user_key))
    ), counts as (
      insert into audit_hourly_counts (hour, dimension, key, n)
      select hour, dimension, key, n from agg order by hour, dimension, key
      on conflict do nothing
    )
    insert into audit_hourly_hours (hour) select hour from missing order by hour on conflict do nothing`);
  await db.execute(
    sql`delete from audit_hourly_counts where hour < ${start}::timestamptz - interval '1 day'`,
  );
  await db.execute(sql`delete from audit_hourly_hours where hour < ${start}::timestamptz - interval '1 day'`);
}

export type SummaryCount = {
  dimension: 'table' | 'action' | 'user';
  key: string;
  n: number;
  user_name: string | null;
  user_role: string | null;
};

/**
 * Counts per table, action and user of the local days [from, today]: the closed days from the daily rollup, the
 * closed hours of the open day from the hourly one, the open hour from audit_log.
 */
export async function summaryCounts(db: Executor, tz: string, from: string): Promise<SummaryCount[]> {
  const h = await horizon(db, tz, from);
  const missing = from <= h.last ? await missingDays(db, tz, from, h.last) : [];
  if (missing.length) await fillDays(db, tz, missing);
  const hourly = h.aligned && h.has_hours;
  if (hourly) await fillHours(db, h.open_start, h.closed_hour);
  const liveFrom = hourly ? h.closed_hour : h.open_start;
  const res = await db.execute<SummaryCount>(sql`
    with live as (
      select table_name, action, coalesce(user_id::text, '') as user_key from audit_log
       where created_at >= ${liveFrom}::timestamptz
    ), parts as (
      select dimension, key, n from audit_daily_counts
       where tz = ${tz} and day >= ${from}::date and day <= ${h.last}::date
      union all
      select dimension, key, n from audit_hourly_counts
       where ${hourly} and hour >= ${h.open_start}::timestamptz and hour < ${h.closed_hour}::timestamptz
      union all
      select ${DIMENSION}, ${KEY}, count(*)::int from live group by grouping sets ((table_name), (action), (user_key))
    ), totals as (select dimension, key, sum(n)::int as n from parts group by dimension, key)
    select t.dimension, t.key, t.n, u.name as user_name, u.role as user_role
      from totals t left join users u on t.dimension = 'user' and u.id::text = t.key
     order by t.n desc, t.key`);
  return res.rows.map((r) => ({ ...r, n: Number(r.n) }));
}
