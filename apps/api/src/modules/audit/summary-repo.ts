import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/*
 * The audit summary at 10⁷ rows (decision 029). A GROUP BY over a month of audit_log reads hundreds of thousands
 * of rows; instead each closed local day is counted once into audit_daily_counts (per table, per action, per
 * user) and the summary adds those day rows to a count of the open part, read from audit_log by created_at.
 * The rollup is filled here, by the reader, for the closed days of the window it does not have yet: nothing is
 * added to the write path of the many modules that audit (no trigger, no counter row locked by every change).
 */

/**
 * The last local day that no audit row can still join. A row's created_at is the start of the transaction that
 * writes it, so a day is closed when the next one has begun both by the clock and for the oldest transaction
 * still open on the database: a change that commits later carries a created_at on or after that transaction's
 * start. (Rows written later with an older created_at, as a bulk load does, are not seen by days already
 * counted: `delete from audit_daily_days` makes the summary count them again.)
 */
async function lastClosedDay(db: Executor, tz: string): Promise<string> {
  const res = await db.execute<{ day: string }>(sql`
    select ((least(now(), coalesce((
              select min(xact_start) from pg_stat_activity
               where datname = current_database() and pid <> pg_backend_pid()
                 and backend_type = 'client backend' and xact_start is not null), now()))
             at time zone ${tz})::date - 1)::text as day`);
  return res.rows[0]!.day;
}

/** The closed days of [from, last] not counted yet ('YYYY-MM-DD', in order): a lookup per day of the primary key. */
async function missingDays(db: Executor, tz: string, from: string, last: string): Promise<string[]> {
  const res = await db.execute<{ day: string }>(sql`
    select d::date::text as day from generate_series(${from}::date, ${last}::date, interval '1 day') d
     where not exists (select 1 from audit_daily_days x where x.tz = ${tz} and x.day = d::date)
     order by 1`);
  return res.rows.map((r) => r.day);
}

/**
 * Counts the given closed days in one statement, reading audit_log by its created_at index over the period they
 * span (idempotent: a twin racing on another instance adds nothing). The bounds are parameters, so the planner
 * sees a plain index range.
 */
async function fillDays(db: Executor, tz: string, days: string[]): Promise<void> {
  const lo = days[0]!;
  const hi = days[days.length - 1]!;
  const list = days.join(',');
  await db.execute(sql`
    with missing as (select unnest(string_to_array(${list}, ','))::date as day),
    src as (
      select (created_at at time zone ${tz})::date as day, table_name, action,
             coalesce(user_id::text, '') as user_key
        from audit_log
       where created_at >= (${lo}::date::timestamp at time zone ${tz})
         and created_at < ((${hi}::date + 1)::timestamp at time zone ${tz})
    ), agg as (
      select day,
             case when grouping(table_name) = 0 then 'table' when grouping(action) = 0 then 'action' else 'user' end
               as dimension,
             coalesce(table_name, action, user_key) as key, count(*)::int as n
        from src where day in (select day from missing)
       group by grouping sets ((day, table_name), (day, action), (day, user_key))
    ), counts as (
      insert into audit_daily_counts (tz, day, dimension, key, n)
      select ${tz}, day, dimension, key, n from agg order by day, dimension, key
      on conflict do nothing
    )
    insert into audit_daily_days (tz, day) select ${tz}, day from missing order by day on conflict do nothing`);
}

export type SummaryCount = {
  dimension: 'table' | 'action' | 'user';
  key: string;
  n: number;
  user_name: string | null;
  user_role: string | null;
};

/** Counts per table, action and user of the local days [from, today]: the rollup's closed days plus the rest. */
export async function summaryCounts(db: Executor, tz: string, from: string): Promise<SummaryCount[]> {
  const last = await lastClosedDay(db, tz);
  const missing = from <= last ? await missingDays(db, tz, from, last) : [];
  if (missing.length) await fillDays(db, tz, missing);
  const res = await db.execute<SummaryCount>(sql`
    with live as (
      select table_name, action, coalesce(user_id::text, '') as user_key from audit_log
       where created_at >= (greatest(${from}::date, ${last}::date + 1)::timestamp at time zone ${tz})
    ), parts as (
      select dimension, key, n from audit_daily_counts
       where tz = ${tz} and day >= ${from}::date and day <= ${last}::date
      union all
      select case when grouping(table_name) = 0 then 'table' when grouping(action) = 0 then 'action' else 'user' end,
             coalesce(table_name, action, user_key), count(*)::int
        from live group by grouping sets ((table_name), (action), (user_key))
    ), totals as (select dimension, key, sum(n)::int as n from parts group by dimension, key)
    select t.dimension, t.key, t.n, u.name as user_name, u.role as user_role
      from totals t left join users u on t.dimension = 'user' and u.id::text = t.key
     order by t.n desc, t.key`);
  return res.rows.map((r) => ({ ...r, n: Number(r.n) }));
}
