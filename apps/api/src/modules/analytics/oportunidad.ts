import { sql } from 'drizzle-orm';
import { AppError } from '@ips/shared/errors';
import { startOfLocalDay } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import {
  OPORTUNIDAD_INDICATORS,
  OPORTUNIDAD_MESSAGES as M,
  OPORTUNIDAD_NAMES,
  OPORTUNIDAD_TARGETS,
  type OportunidadExportQuery,
  type OportunidadIndicator,
  type OportunidadQuery,
  type OportunidadResponse,
} from '@ips/shared/schemas/analytics';
import type { Executor } from '../../db/client';
import type { RowStream, Table } from './table-export';
import { factDetailBatches, rolledIndicators, rolledTrend } from './oportunidad-rollups';
import { rollupsReady } from './drain';
import { ensureHolidayYears } from '../holidays';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';

/*
 * The Res. 256 de 2016 "oportunidad" indicators P.3.1–P.3.7 (decision 032; README "Oportunidad"). Over the
 * first-time appointments (firstVisit below) REQUESTED in the period (created_at, local days), cancelled ones left out,
 * of the specialties mapped to each indicator:
 * - from the request: numerator = Σ (assigned day − request day) in calendar days; denominator = their number;
 *   value = numerator / denominator.
 * - from the desired date: the same over those with a desired_date, Σ max(assigned day − desired day, 0).
 * - working days: the mean of the working days (Monday–Friday, not a holiday) after the request day up to the
 *   assigned day; compared with the Res. 1552 target (3 for P.3.1 and P.3.2), `exceeded` when above it.
 * - trend: the value from the request per month over the 12 months ending with the period's last month.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const monthStart = (y: number, m: number) =>
  `${y + Math.floor((m - 1) / 12)}-${pad(((((m - 1) % 12) + 12) % 12) + 1)}-01`;

/** [from, to) as local days: a month, a semester, or the whole year. */
export function periodOf(q: Pick<OportunidadQuery, 'year' | 'month' | 'semester'>) {
  if (q.month) return { from: monthStart(q.year, q.month), to: monthStart(q.year, q.month + 1) };
  if (q.semester) {
    const m = q.semester === 1 ? 1 : 7;
    return { from: monthStart(q.year, m), to: monthStart(q.year, m + 6) };
  }
  return { from: monthStart(q.year, 1), to: monthStart(q.year + 1, 1) };
}

export function filters(q: OportunidadQuery) {
  return sql`${q.location_id !== undefined ? sql`and a.location_id = ${q.location_id}` : sql``}
    ${q.eps_id !== undefined ? sql`and exists (select 1 from patients p where p.id = a.patient_id and p.insurance_eps_id = ${q.eps_id})` : sql``}`;
}

/**
 * First-time visit: the stored correction when there is one, else the default rule — no earlier non-cancelled
 * appointment of the patient in the specialty in the same calendar year (local), ties broken by id. One probe of
 * appointments_patient_idx (patient_id, scheduled_at) per candidate.
 */
export function firstVisit(tz: string) {
  return sql`coalesce(a.first_visit, not exists (select 1 from appointments b
    where b.patient_id = a.patient_id and b.specialty_id = a.specialty_id and b.status <> 'Cancelada'
      and b.scheduled_at >= (date_trunc('year', a.scheduled_at at time zone ${tz}) at time zone ${tz})
      and (b.scheduled_at < a.scheduled_at or (b.scheduled_at = a.scheduled_at and b.id < a.id))))`;
}

/**
 * An appointment given for a day before the day it was entered is a record of the past (loaded or registered
 * after the fact), not a request waiting for a date: it is left out of the indicators.
 */
export function notBackdated(tz: string) {
  return sql`(a.scheduled_at at time zone ${tz})::date >= (a.created_at at time zone ${tz})::date`;
}

function base(tz: string, from: Date, to: Date, q: OportunidadQuery) {
  return sql`select si.indicator, (a.created_at at time zone ${tz})::date as req,
      (a.scheduled_at at time zone ${tz})::date as given, a.desired_date as des
    from appointments a join specialty_indicators si on si.specialty_id = a.specialty_id
    where a.status <> 'Cancelada' and ${firstVisit(tz)} and ${notBackdated(tz)}
      and a.created_at >= ${from.toISOString()}::timestamptz and a.created_at < ${to.toISOString()}::timestamptz
      ${filters(q)}`;
}

/** Per indicator over the request days [from, to), counted from appointments (see rolledIndicators). */
async function countedIndicators(db: Executor, tz: string, q: OportunidadQuery, from: string, to: string) {
  // The working-day calendar below reaches from the day before `from` to 800 days after `to`.
  await ensureHolidayYears(db, addDays(from, -1), addDays(to, 800));
  const res = await db.execute<Record<string, unknown>>(sql`with cal as (
      select d::date as day,
        sum(case when extract(isodow from d) < 6 and h.date is null then 1 else 0 end) over (order by d) as cum
      from generate_series(${from}::date - 1, ${to}::date + 800, interval '1 day') d
        left join holidays h on h.date = d::date
    ), b as (${base(tz, startOfLocalDay(from, tz), startOfLocalDay(to, tz), q)})
    select b.indicator, count(*)::int as den, coalesce(sum(b.given - b.req), 0)::int as num,
      count(b.des)::int as den_d, coalesce(sum(greatest(b.given - b.des, 0)), 0)::int as num_d,
      avg(cg.cum - cr.cum) as wd
    from b left join cal cr on cr.day = b.req left join cal cg on cg.day = b.given
    group by b.indicator`);
  return res.rows;
}

/** The value from the request per indicator and request month, counted from appointments. */
async function countedTrend(db: Executor, tz: string, q: OportunidadQuery, from: Date, to: Date) {
  const res = await db.execute<{ indicator: string; month: string; value: string | null }>(sql`with b as (
      ${base(tz, from, to, q)})
    select indicator, to_char(req, 'YYYY-MM') as month, avg(given - req) as value from b group by 1, 2 order by 2, 1`);
  return res.rows;
}

export async function oportunidad(deps: AppDeps, q: OportunidadQuery): Promise<OportunidadResponse> {
  const tz = deps.config.orgTimezone;
  const { from, to } = periodOf(q);
  const [endY, endM] = to.split('-').map(Number) as [number, number];
  const db = deps.db;
  const fast = await rollupsReady(db, tz);
  const [rows, trend, names] = await Promise.all([
    fast ? rolledIndicators(db, q, from, to) : countedIndicators(db, tz, q, from, to),
    fast
      ? rolledTrend(db, q, monthStart(endY, endM - 12), to)
      : countedTrend(db, tz, q, startOfLocalDay(monthStart(endY, endM - 12), tz), startOfLocalDay(to, tz)),
    db.execute<{ indicator: string; name: string }>(sql`select si.indicator, s.name
      from specialty_indicators si join specialties s on s.id = si.specialty_id order by s.name`),
  ]);
  const by = new Map(rows.map((r) => [String(r.indicator), r]));
  const round2 = (v: number) => Math.round(v * 100) / 100;
  const value = (n: number, d: number) => (d > 0 ? round2(n / d) : null);
  return {
    from,
    to,
    indicators: OPORTUNIDAD_INDICATORS.map((indicator) => {
      const r = by.get(indicator);
      const den = Number(r?.den ?? 0);
      const num = Number(r?.num ?? 0);
      const denD = Number(r?.den_d ?? 0);
      const numD = Number(r?.num_d ?? 0);
      const wd = r?.wd === null || r?.wd === undefined ? null : round2(Number(r.wd));
      const target = OPORTUNIDAD_TARGETS[indicator] ?? null;
      return {
        indicator,
        name: OPORTUNIDAD_NAMES[indicator],
        specialties: names.rows.filter((n) => n.indicator === indicator).map((n) => String(n.name)),
        from_request: { numerator: num, denominator: den, value: value(num, den) },
        from_desired: { numerator: numD, denominator: denD, value: value(numD, denD) },
        working_days: wd,
        target_working_days: target,
        exceeded: target !== null && wd !== null && wd > target,
      };
    }),
    trend: trend.map((r) => ({
      month: String(r.month),
      indicator: r.indicator as OportunidadIndicator,
      value: r.value === null ? null : round2(Number(r.value)),
    })),
  };
}

export async function listSpecialtyIndicators(db: Executor) {
  const res = await db.execute<{
    specialty_id: number;
    specialty_name: string;
    indicator: string | null;
  }>(sql`
    select s.id as specialty_id, s.name as specialty_name, si.indicator
    from specialties s left join specialty_indicators si on si.specialty_id = s.id order by s.name, s.id`);
  return res.rows.map((r) => ({
    specialty_id: Number(r.specialty_id),
    specialty_name: String(r.specialty_name),
    indicator: (r.indicator ?? null) as OportunidadIndicator | null,
  }));
}

/** Maps a specialty to an indicator (null: to none), audited in the same transaction. */
export async function setSpecialtyIndicator(
  deps: AppDeps,
  actor: Actor,
  specialtyId: number,
  indicator: OportunidadIndicator | null,
) {
  return deps.db.transaction(async (tx) => {
    const found = await tx.execute<{ indicator: string | null }>(sql`select si.indicator from specialties s
      left join specialty_indicators si on si.specialty_id = s.id where s.id = ${specialtyId} for update of s`);
    if (found.rows.length === 0) throw new AppError('NOT_FOUND', M.specialty);
    const old = found.rows[0]!.indicator ?? null;
    if (indicator === null)
      await tx.execute(sql`delete from specialty_indicators where specialty_id = ${specialtyId}`);
    else
      await tx.execute(sql`insert into specialty_indicators (specialty_id, indicator) values (${specialtyId}, ${indicator})
        on conflict (specialty_id) do update set indicator = excluded.indicator, updated_at = now()`);
    await writeAudit(tx, actor, {
      table: 'specialty_indicators',
      recordId: specialtyId,
      action: 'update',
      oldValues: { indicator: old },
      newValues: { indicator },
    });
    return { specialty_id: specialtyId, indicator };
  });
}

/** Corrects whether an appointment is a first-time visit or a control, audited. */
export async function setFirstVisit(deps: AppDeps, actor: Actor, id: number, firstVisit: boolean) {
  return deps.db.transaction(async (tx) => {
    const res = await tx.execute<{
      old: boolean | null;
    }>(sql`update appointments a set first_visit = ${firstVisit},
      updated_at = now() from (select id, first_visit as old from appointments where id = ${id} for update) o
      where a.id = o.id returning o.old`);
    if (res.rows.length === 0) throw new AppError('NOT_FOUND', M.appointment);
    await writeAudit(tx, actor, {
      table: 'appointments',
      recordId: id,
      action: 'update',
      oldValues: { first_visit: res.rows[0]!.old },
      newValues: { first_visit: firstVisit },
    });
    return { id, first_visit: firstVisit };
  });
}

/** The Excel/CSV of the indicators (one row per indicator, the period's figures). */
export async function oportunidadIndicatorsTable(deps: AppDeps, q: OportunidadQuery): Promise<Table> {
  const r = await oportunidad(deps, q);
  return {
    header: [
      'Indicador',
      'Servicio',
      'Especialidades',
      'Desde',
      'Hasta (excluido)',
      'Numerador (días desde la solicitud)',
      'Denominador (citas de primera vez)',
      'Valor (días)',
      'Numerador (días desde la fecha deseada)',
      'Denominador (con fecha deseada)',
      'Valor desde la fecha deseada (días)',
      'Días hábiles promedio',
      'Meta Res. 1552 (días hábiles)',
      'Supera la meta',
    ],
    rows: r.indicators.map((i) => [
      i.indicator,
      i.name,
      i.specialties.join(', '),
      r.from,
      r.to,
      i.from_request.numerator,
      i.from_request.denominator,
      i.from_request.value,
      i.from_desired.numerator,
      i.from_desired.denominator,
      i.from_desired.value,
      i.working_days,
      i.target_working_days,
      i.target_working_days === null ? '' : i.exceeded ? 'Sí' : 'No',
    ]),
  };
}

/**
 * Rows of the per-appointment detail file counted from appointments, at most: only while the facts are kept in
 * another timezone (a rare, passing state), when the rows are read at once.
 */
const COUNTED_DETAIL_MAX = 500_000;

/** The detail file's rows counted from appointments (see factDetailBatches), in its order, as one batch. */
async function* countedDetailRows(db: Executor, tz: string, q: OportunidadQuery, from: string, to: string) {
  const res = await db.execute<Record<string, unknown>>(sql`select b.indicator, dt.code as doc_type,
      p.document, p.birth_date, p.gender, p.name, e.code as eapb, b.req::text as req, b.given::text as given,
      b.des::text as des
    from (select si.indicator, a.patient_id, a.specialty_id, (a.created_at at time zone ${tz})::date as req,
            (a.scheduled_at at time zone ${tz})::date as given, a.desired_date as des, a.id
          from appointments a join specialty_indicators si on si.specialty_id = a.specialty_id
          where a.status <> 'Cancelada' and ${firstVisit(tz)} and ${notBackdated(tz)}
            and a.created_at >= ${startOfLocalDay(from, tz).toISOString()}::timestamptz
            and a.created_at < ${startOfLocalDay(to, tz).toISOString()}::timestamptz ${filters(q)}) b
      join patients p on p.id = b.patient_id
      join specialties s on s.id = b.specialty_id
      left join document_types dt on dt.id = p.document_type_id
      left join eps e on e.id = p.insurance_eps_id
    order by b.indicator, s.name, s.id, b.req, b.id limit ${COUNTED_DETAIL_MAX}`);
  yield res.rows;
}

/**
 * The per-appointment detail: who, EAPB, and the three dates, for every first visit counted in the period, by
 * indicator, specialty and request day. Streamed: a semester of a large clinic is hundreds of thousands of rows.
 */
export async function oportunidadDetailRows(deps: AppDeps, q: OportunidadExportQuery): Promise<RowStream> {
  const tz = deps.config.orgTimezone;
  const { from, to } = periodOf(q);
  const batches = (await rollupsReady(deps.db, tz))
    ? factDetailBatches(deps.db, q, from, to)
    : countedDetailRows(deps.db, tz, q, from, to);
  const day = (v: unknown) => (v === null || v === undefined ? null : String(v).slice(0, 10));
  async function* rows() {
    for await (const batch of batches)
      for (const r of batch)
        yield [
          String(r.indicator),
          (r.doc_type as string | null) ?? null,
          String(r.document),
          day(r.birth_date),
          (r.gender as string | null) ?? null,
          String(r.name),
          (r.eapb as string | null) ?? null,
          day(r.req),
          day(r.given),
          day(r.des),
        ];
  }
  return {
    header: [
      'Indicador',
      'Tipo de documento',
      'Número de documento',
      'Fecha de nacimiento',
      'Sexo',
      'Nombres y apellidos',
      'Código EAPB',
      'Fecha de solicitud',
      'Fecha asignada',
      'Fecha deseada',
    ],
    rows: rows(),
    // The widest value each column usually holds (the header is wider where it is).
    widths: [7, 4, 15, 10, 9, 40, 6, 10, 10, 10],
  };
}
