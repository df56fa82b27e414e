import { sql } from 'drizzle-orm';
import { startOfLocalDay } from '@ips/shared/format';
import type { OportunidadIndicator } from '@ips/shared/schemas/analytics';
import type {
  OportunidadAppointmentsQuery,
  OportunidadAppointmentsResponse,
} from '@ips/shared/schemas/analytics-oportunidad-list';
import type { AppDeps } from '../../lib/context';
import { rollupsReady } from './drain';
import { filters, firstVisit, notBackdated, periodOf } from './oportunidad';
import { rolledPopulation } from './oportunidad-rollups';

/**
 * The oportunidad report's appointments, one page: those of the specialties mapped to an indicator (or to
 * `indicator`), requested in the period, not cancelled and not recorded after the fact — the population the
 * indicators draw from — first visits and controls alike, with the three dates, the days from the request and
 * whether it is a first visit (the stored correction, else the default rule; `corrected` says which). Ordered by
 * request time, then id. The first-visit rule runs only for the page's rows.
 */
export async function oportunidadAppointments(
  deps: AppDeps,
  q: OportunidadAppointmentsQuery,
): Promise<OportunidadAppointmentsResponse> {
  const tz = deps.config.orgTimezone;
  const { from, to } = periodOf(q);
  const where = sql`a.status <> 'Cancelada' and ${notBackdated(tz)}
    and a.created_at >= ${startOfLocalDay(from, tz).toISOString()}::timestamptz
    and a.created_at < ${startOfLocalDay(to, tz).toISOString()}::timestamptz
    ${q.indicator ? sql`and si.indicator = ${q.indicator}` : sql``} ${filters(q)}`;
  const scope = sql`appointments a join specialty_indicators si on si.specialty_id = a.specialty_id`;
  const offset = (q.page - 1) * q.limit;
  // The total from the population rollup while it answers, else counted.
  const rolled = await rollupsReady(deps.db, tz);
  const [total, page] = await Promise.all([
    rolled
      ? rolledPopulation(deps.db, q, from, to)
      : deps.db
          .execute<{ n: number }>(sql`select count(*)::int as n from ${scope} where ${where}`)
          .then((r) => Number(r.rows[0]?.n ?? 0)),
    deps.db.execute<Record<string, unknown>>(sql`select a.id, si.indicator, p.name as patient_name,
        p.document as patient_document, s.name as specialty_name,
        to_char(a.created_at at time zone ${tz}, 'YYYY-MM-DD') as req,
        to_char(a.desired_date, 'YYYY-MM-DD') as des,
        to_char(a.scheduled_at at time zone ${tz}, 'YYYY-MM-DD') as given,
        (a.scheduled_at at time zone ${tz})::date - (a.created_at at time zone ${tz})::date as days,
        ${firstVisit(tz)} as first_visit, a.first_visit is not null as corrected
      from ${scope} join patients p on p.id = a.patient_id join specialties s on s.id = a.specialty_id
      where ${where} order by a.created_at, a.id limit ${q.limit} offset ${offset}`),
  ]);
  return {
    data: page.rows.map((r) => ({
      id: Number(r.id),
      indicator: r.indicator as OportunidadIndicator,
      patient_name: String(r.patient_name),
      patient_document: String(r.patient_document),
      specialty_name: String(r.specialty_name),
      requested_on: String(r.req),
      desired_date: r.des === null || r.des === undefined ? null : String(r.des),
      assigned_on: String(r.given),
      days: Number(r.days),
      first_visit: r.first_visit === true || r.first_visit === 't',
      corrected: r.corrected === true || r.corrected === 't',
    })),
    total,
    page: q.page,
    limit: q.limit,
  };
}
