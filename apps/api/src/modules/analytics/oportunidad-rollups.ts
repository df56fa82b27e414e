import { sql, type SQL } from 'drizzle-orm';
import type { OportunidadQuery } from '@ips/shared/schemas/analytics';
import type { Executor } from '../../db/client';

/*
 * The oportunidad figures of oportunidad.ts read from migration 0033's facts and rollups (decision 041): the same
 * definitions, kept by triggers in the rollups' timezone, so a semester sums a few thousand rows instead of probing
 * every appointment requested in it for an earlier one. Used while the organisation's timezone is the rollups' one,
 * after rollupsReady (drain.ts; the caller's, once per report or file).
 */

/** Site and EPS (the patient's, kept current by the EPS trigger) of the report. */
function keyFilters(q: Pick<OportunidadQuery, 'location_id' | 'eps_id'>) {
  return sql`${q.location_id !== undefined ? sql`and r.location_id = ${q.location_id}` : sql``}
    ${q.eps_id !== undefined ? sql`and r.eps_id = ${q.eps_id}` : sql``}`;
}

/** Per indicator over the request days [from, to): den, num, den_d, num_d and the mean working days (wd). */
export async function rolledIndicators(db: Executor, q: OportunidadQuery, from: string, to: string) {
  const res = await db.execute<Record<string, unknown>>(sql`select si.indicator, sum(r.n)::int as den,
      sum(r.lag_sum)::bigint as num, sum(r.n_desired)::int as den_d, sum(r.desired_lag_sum)::bigint as num_d,
      sum(r.working_days_sum)::numeric / nullif(sum(r.n), 0) as wd
    from oportunidad_day_rollups r join specialty_indicators si on si.specialty_id = r.specialty_id
    where r.req_day >= ${from}::date and r.req_day < ${to}::date ${keyFilters(q)}
    group by si.indicator having sum(r.n) > 0`);
  return res.rows;
}

/** The value from the request per indicator and request month over [from, to). */
export async function rolledTrend(db: Executor, q: OportunidadQuery, from: string, to: string) {
  const res = await db.execute<{
    indicator: string;
    month: string;
    value: string | null;
  }>(sql`select si.indicator,
      to_char(r.req_day, 'YYYY-MM') as month, sum(r.lag_sum)::numeric / sum(r.n) as value
    from oportunidad_day_rollups r join specialty_indicators si on si.specialty_id = r.specialty_id
    where r.req_day >= ${from}::date and r.req_day < ${to}::date ${keyFilters(q)}
    group by 1, 2 having sum(r.n) > 0 order by 2, 1`);
  return res.rows;
}

/**
 * The report's population requested in [from, to) — first visits and controls of the mapped specialties (of
 * `indicator` when given), not Cancelada and not given for a day before the request — from
 * oportunidad_request_rollups (migration 0034): the total of the report's appointment list.
 */
export async function rolledPopulation(
  db: Executor,
  q: Pick<OportunidadQuery, 'location_id' | 'eps_id'> & { indicator?: string | undefined },
  from: string,
  to: string,
) {
  const res = await db.execute<{ n: number }>(sql`select coalesce(sum(r.n), 0)::int as n
    from oportunidad_request_rollups r join specialty_indicators si on si.specialty_id = r.specialty_id
    where r.req_day >= ${from}::date and r.req_day < ${to}::date
      ${q.indicator ? sql`and si.indicator = ${q.indicator}` : sql``} ${keyFilters(q)}`);
  return Number(res.rows[0]?.n ?? 0);
}

/** Rows per query of the detail file. */
const DETAIL_BATCH = 5000;

/**
 * The counted first visits requested in [from, to), for the detail file: its columns, in its order (indicator, then
 * specialty by name, then request day and appointment), in batches read one after another by key
 * (oportunidad_facts_specialty_req_idx), so that a semester of any size streams without holding it.
 */
export async function* factDetailBatches(
  db: Executor,
  q: OportunidadQuery,
  from: string,
  to: string,
  size = DETAIL_BATCH,
) {
  const mapped = await db.execute<{ indicator: string; specialty_id: number }>(sql`select si.indicator,
      si.specialty_id from specialty_indicators si join specialties s on s.id = si.specialty_id
    order by si.indicator, s.name, s.id`);
  for (const m of mapped.rows) {
    let after: SQL = sql``;
    for (;;) {
      const res = await db.execute<Record<string, unknown>>(sql`select ${m.indicator}::text as indicator,
          dt.code as doc_type, p.document, p.birth_date, p.gender, p.name, e.code as eapb, r.req_day::text as req,
          r.given_day::text as given, r.desired_date::text as des, r.appointment_id as id
        from oportunidad_facts r join patients p on p.id = r.patient_id
          left join document_types dt on dt.id = p.document_type_id
          left join eps e on e.id = p.insurance_eps_id
        where r.specialty_id = ${m.specialty_id} and r.req_day >= ${from}::date and r.req_day < ${to}::date
          ${keyFilters(q)} ${after}
        order by r.req_day, r.appointment_id limit ${size}`);
      if (res.rows.length) yield res.rows;
      if (res.rows.length < size) break;
      const last = res.rows[res.rows.length - 1]!;
      after = sql`and (r.req_day, r.appointment_id) > (${String(last.req)}::date, ${Number(last.id)})`;
    }
  }
}
