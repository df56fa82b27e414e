import { sql, type SQL } from 'drizzle-orm';
import { localDate, startOfLocalDay } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import type { Executor } from '../../db/client';
import { doctorRow, type Window } from './repo';

/*
 * The figures of repo.ts read from the rollups of migration 0030 (decision 039) instead of appointments: the same
 * definitions, summed per local day. Usable while the organisation's timezone is the rollups' one (rollupsReady, drain.ts).
 * "Past" depends on now: every appointment of a local day up to two days before today has ended (a duration is at
 * most 480 minutes), so those days come from the rollups and the last two from appointments. Distinct patients
 * and the doctors' counts come from migration 0033's visit days and doctor rollup (decision 041).
 */

/** The local days [fromDay, toDay] of a window whose bounds are starts of local days. */
function daysOf(w: Window) {
  return { fromDay: localDate(w.from, w.tz), toDay: addDays(localDate(w.to, w.tz), -1) };
}

/**
 * The window's settled days [fromDay, settledTo] (every appointment of a local day up to two days before today has
 * ended), read from the rollups, and the instant from which the rest is counted from appointments.
 */
function settled(w: Window) {
  const { fromDay, toDay } = daysOf(w);
  const today = localDate(w.now, w.tz);
  const settledTo = toDay < addDays(today, -2) ? toDay : addDays(today, -2);
  const recentFromDay = fromDay > addDays(today, -1) ? fromDay : addDays(today, -1);
  return { fromDay, settledTo, recentFrom: startOfLocalDay(recentFromDay, w.tz) };
}

const isFiltered = (w: Window) => w.zoneId !== undefined || w.municipalityId !== undefined;

/** The zone and municipality conditions on a rollup's zone_id / municipality_id columns (none unfiltered). */
function geoKeys(w: Window): SQL {
  return sql`${w.zoneId !== undefined ? sql`and zone_id = ${w.zoneId}` : sql``}
    ${w.municipalityId !== undefined ? sql`and municipality_id = ${w.municipalityId}` : sql``}`;
}

/** The day rollup of the window: by specialty unfiltered, by the patient's zone and municipality when filtered. */
const dayRollup = (w: Window) =>
  isFiltered(w) ? sql`appointment_geo_day_rollups` : sql`appointment_day_rollups`;

/** Appointments of [from, to) joined to their patient when filtered by the patient's zone or municipality. */
function appointmentsOf(w: Window, from: Date): { from: SQL; where: SQL } {
  return {
    from: isFiltered(w) ? sql`appointments a join patients p on p.id = a.patient_id` : sql`appointments a`,
    where: sql`a.scheduled_at >= ${from.toISOString()}::timestamptz and a.scheduled_at < ${w.to.toISOString()}::timestamptz
      ${w.zoneId !== undefined ? sql`and p.zone_id = ${w.zoneId}` : sql``}
      ${w.municipalityId !== undefined ? sql`and p.municipality_id = ${w.municipalityId}` : sql``}`,
  };
}

const n = (v: unknown) => Number(v ?? 0);
const div = (a: number, b: number) => (b > 0 ? a / b : null);

export async function totals(db: Executor, w: Window, withPatients: boolean) {
  const { fromDay, settledTo, recentFrom } = settled(w);
  const recent = appointmentsOf(w, recentFrom);
  const [rolled, recentRows, patients] = await Promise.all([
    db.execute<Record<string, unknown>>(sql`select
        sum(n) filter (where status <> 'Cancelada') as consultations,
        sum(n) filter (where status = 'Completada') as completed,
        sum(duration_sum) filter (where status = 'Completada') as duration,
        sum(n) filter (where status in ('Pendiente', 'Confirmada')) as no_shows,
        sum(n) as scheduled,
        sum(n) filter (where status = 'Cancelada') as cancelled,
        sum(cancel_timed) filter (where status = 'Cancelada') as cancel_timed,
        sum(cancel_lead_seconds) filter (where status = 'Cancelada') as cancel_seconds,
        sum(lead_days_sum) filter (where status <> 'Cancelada') as lead_days
      from ${dayRollup(w)} where day >= ${fromDay}::date and day <= ${settledTo}::date ${geoKeys(w)}`),
    recentFrom < w.to
      ? db.execute<Record<string, unknown>>(sql`select
          count(*) filter (where a.status <> 'Cancelada') as consultations,
          count(*) filter (where a.status = 'Completada') as completed,
          sum(a.duration_minutes) filter (where a.status = 'Completada') as duration,
          count(*) filter (where a.status <> 'Cancelada' and a.ends_at <= ${w.now.toISOString()}::timestamptz) as past,
          count(*) filter (where a.status = 'Completada' and a.ends_at <= ${w.now.toISOString()}::timestamptz)
            as completed_past,
          count(*) filter (where a.status in ('Pendiente', 'Confirmada') and a.ends_at <= ${w.now.toISOString()}::timestamptz)
            as no_shows,
          count(*) as scheduled,
          count(*) filter (where a.status = 'Cancelada') as cancelled,
          count(*) filter (where a.status = 'Cancelada' and a.cancelled_at is not null) as cancel_timed,
          sum(extract(epoch from a.scheduled_at - a.cancelled_at)) filter (where a.status = 'Cancelada') as cancel_seconds,
          sum((a.scheduled_at at time zone ${w.tz})::date - (a.created_at at time zone ${w.tz})::date)
            filter (where a.status <> 'Cancelada') as lead_days
        from ${recent.from} where ${recent.where}`)
      : Promise.resolve({ rows: [{}] as Record<string, unknown>[] }),
    withPatients ? uniquePatients(db, w) : Promise.resolve(0),
  ]);
  const r = rolled.rows[0] ?? {};
  const q = recentRows.rows[0] ?? {};
  const both = (k: string) => n(r[k]) + n(q[k]);
  const consultations = both('consultations');
  return {
    consultations,
    patients,
    avgDuration: div(both('duration'), both('completed')),
    // Every consultation of a settled day is past.
    past: n(r.consultations) + n(q.past),
    completedPast: n(r.completed) + n(q.completed_past),
    noShows: n(r.no_shows) + n(q.no_shows),
    scheduled: both('scheduled'),
    cancelled: both('cancelled'),
    cancelLeadHours: ((v) => (v === null ? null : v / 3600))(
      div(both('cancel_seconds'), both('cancel_timed')),
    ),
    daysToAppointment: div(both('lead_days'), consultations),
  };
}

export async function byDayAndHour(db: Executor, w: Window) {
  const { fromDay, toDay } = daysOf(w);
  const [days, hours] = await Promise.all([
    db.execute<{ day: string; n: number }>(sql`select to_char(day, 'YYYY-MM-DD') as day, sum(n)::int as n
      from ${dayRollup(w)} where day >= ${fromDay}::date and day <= ${toDay}::date and status <> 'Cancelada'
        ${geoKeys(w)}
      group by day`),
    db.execute<{ hour: number; n: number }>(sql`select hour::int as hour, sum(n)::int as n
      from ${isFiltered(w) ? sql`appointment_geo_hour_rollups` : sql`appointment_hour_rollups`}
      where day >= ${fromDay}::date and day <= ${toDay}::date ${geoKeys(w)} group by hour`),
  ]);
  return {
    days: days.rows.map((r) => ({ day: String(r.day), n: Number(r.n) })),
    hours: hours.rows.map((r) => ({ hour: Number(r.hour), n: Number(r.n) })),
  };
}

/** Consultations per specialty: by the patient's zone and municipality when filtered (migration 0034). */
export async function bySpecialty(db: Executor, w: Window) {
  const { fromDay, toDay } = daysOf(w);
  const rolled = isFiltered(w)
    ? sql`select specialty_id, n from appointment_geo_specialty_rollups
        where day >= ${fromDay}::date and day <= ${toDay}::date ${geoKeys(w)}`
    : sql`select specialty_id, n from appointment_day_rollups
        where day >= ${fromDay}::date and day <= ${toDay}::date and status <> 'Cancelada'`;
  const res = await db.execute<{ name: string; n: number }>(sql`select sp.name, sum(r.n)::int as n
    from (${rolled}) r join specialties sp on sp.id = r.specialty_id
    group by sp.id, sp.name having sum(r.n) > 0 order by 2 desc, 1`);
  return res.rows.map((r) => ({ name: String(r.name), consultations: Number(r.n) }));
}

/** The geo rollup rows of the window with the patients' zone and municipality filters. */
function geo(w: Window): SQL {
  const { fromDay, toDay } = daysOf(w);
  return sql`g.day >= ${fromDay}::date and g.day <= ${toDay}::date
    ${w.zoneId !== undefined ? sql`and g.zone_id = ${w.zoneId}` : sql``}
    ${w.municipalityId !== undefined ? sql`and g.municipality_id = ${w.municipalityId}` : sql``}`;
}

export async function byZone(db: Executor, w: Window) {
  const res = await db.execute<{ name: string; n: number }>(sql`select coalesce(z.name, 'Sin zona') as name,
      sum(g.n)::int as n
    from appointment_geo_rollups g left join zones z on z.id = g.zone_id
    where ${geo(w)} group by 1 having sum(g.n) > 0 order by 2 desc, 1`);
  return res.rows.map((r) => ({ name: String(r.name), value: Number(r.n) }));
}

export async function topMunicipalities(db: Executor, w: Window, limit: number) {
  const res = await db.execute<{ name: string; zone: string | null; n: number }>(sql`select m.name,
      z.name as zone, sum(g.n)::int as n
    from appointment_geo_rollups g join municipalities m on m.id = g.municipality_id
      left join zones z on z.id = m.zone_id
    where ${geo(w)} group by m.id, m.name, z.name having sum(g.n) > 0 order by 3 desc, 1 limit ${limit}`);
  return res.rows.map((r) => ({
    name: String(r.name),
    consultations: Number(r.n),
    zone: r.zone ?? 'Sin zona',
  }));
}

export async function trendByZone(db: Executor, w: Window) {
  const res = await db.execute<{ month: string; zone: string; n: number }>(sql`select
      to_char(g.day, 'YYYY-MM') as month, coalesce(z.name, 'Sin zona') as zone, sum(g.n)::int as n
    from appointment_geo_rollups g left join zones z on z.id = g.zone_id
    where ${geo(w)} group by 1, 2 having sum(g.n) > 0 order by 1, 2`);
  return res.rows.map((r) => ({ month: String(r.month), zone: String(r.zone), consultations: Number(r.n) }));
}

/** Appointments given for each local day of the window, by status (every status), largest first. */
export async function byStatus(db: Executor, w: Window) {
  const { fromDay, toDay } = daysOf(w);
  const res = await db.execute<{ status: string; n: number }>(sql`select status, sum(n)::int as n
    from ${dayRollup(w)} where day >= ${fromDay}::date and day <= ${toDay}::date ${geoKeys(w)}
    group by status having sum(n) > 0 order by 2 desc, 1`);
  return res.rows.map((r) => ({ status: String(r.status), count: Number(r.n) }));
}

/**
 * Distinct patients with a consultation in the window: each one's first visit day in it is the day whose previous
 * visit day is before the window (patient_visit_days, migration 0033); their count per (day, prev_day) is summed,
 * per zone when filtered by zone; a municipality counts its visit days (patient_visit_days_municipality_idx).
 */
export async function uniquePatients(db: Executor, w: Window) {
  const { fromDay, toDay } = daysOf(w);
  const days = sql`day >= ${fromDay}::date and day <= ${toDay}::date and prev_day < ${fromDay}::date`;
  const res = await db.execute<{ n: number }>(
    w.municipalityId !== undefined
      ? sql`select count(*)::int as n from patient_visit_days where ${days} ${geoKeys(w)}`
      : w.zoneId !== undefined
        ? sql`select coalesce(sum(n), 0)::int as n from patient_visit_day_zone_rollups
            where zone_id = ${w.zoneId} and ${days}`
        : sql`select coalesce(sum(n), 0)::int as n from patient_visit_day_rollups where ${days}`,
  );
  return Number(res.rows[0]?.n ?? 0);
}

/** Per doctor (Métricas): settled days from appointment_doctor_day_rollups, the last two from appointments. */
export async function byDoctor(db: Executor, w: Window, limit: number, offset: number) {
  const { fromDay, settledTo, recentFrom } = settled(w);
  const now = sql`${w.now.toISOString()}::timestamptz`;
  const res = await db.execute<Record<string, unknown>>(sql`with x as (
      select doctor_id, sum(n) as appointments, sum(n) filter (where status = 'Completada') as completed,
        sum(n) filter (where status = 'Cancelada') as cancelled, sum(n) filter (where status <> 'Cancelada') as past,
        sum(n) filter (where status = 'Completada') as completed_past
      from appointment_doctor_day_rollups where day >= ${fromDay}::date and day <= ${settledTo}::date
      group by doctor_id
      union all
      select doctor_id, count(*), count(*) filter (where status = 'Completada'),
        count(*) filter (where status = 'Cancelada'), count(*) filter (where status <> 'Cancelada' and ends_at <= ${now}),
        count(*) filter (where status = 'Completada' and ends_at <= ${now})
      from appointments where scheduled_at >= ${recentFrom.toISOString()}::timestamptz
        and scheduled_at < ${w.to.toISOString()}::timestamptz
      group by doctor_id
    ), agg as (
      select doctor_id, sum(appointments)::int as appointments, coalesce(sum(completed), 0)::int as completed,
        coalesce(sum(cancelled), 0)::int as cancelled, coalesce(sum(past), 0)::int as past,
        coalesce(sum(completed_past), 0)::int as completed_past
      from x group by doctor_id having sum(appointments) > 0
    )
    select d.id, d.name, agg.appointments, agg.completed, agg.cancelled, agg.past, agg.completed_past,
      count(*) over ()::int as total
    from agg join doctors d on d.id = agg.doctor_id
    order by agg.appointments desc, d.name, d.id limit ${limit} offset ${offset}`);
  return res.rows.map(doctorRow);
}

/** The number of doctors with appointments in the window. */
export async function countDoctors(db: Executor, w: Window) {
  const { fromDay, settledTo, recentFrom } = settled(w);
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from (
      select doctor_id from appointment_doctor_day_rollups where day >= ${fromDay}::date and day <= ${settledTo}::date
      group by doctor_id having sum(n) > 0
      union
      select doctor_id from appointments where scheduled_at >= ${recentFrom.toISOString()}::timestamptz
        and scheduled_at < ${w.to.toISOString()}::timestamptz) d`);
  return Number(res.rows[0]?.n ?? 0);
}

/** Patients registered in the window's local days (patient_created_day_rollups, migration 0033). */
export async function newPatients(db: Executor, w: Window) {
  const { fromDay, toDay } = daysOf(w);
  const res = await db.execute<{
    n: number;
  }>(sql`select coalesce(sum(n), 0)::int as n from patient_created_day_rollups
    where day >= ${fromDay}::date and day <= ${toDay}::date`);
  return Number(res.rows[0]?.n ?? 0);
}
