import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/*
 * The SQL of Análisis (decision 032). Each figure is defined once, here, and in the README ("Análisis:
 * definiciones"); the tooltips repeat those definitions (ANALYTICS_DEFINITIONS in the shared schema).
 *
 * - A consultation is an appointment that is not Cancelada, counted by the instant it is given for
 *   (scheduled_at) within the window [from, to).
 * - Past: a consultation whose end (ends_at) is at or before now.
 * - Zone and municipality filter by the patient's.
 */

export interface Window {
  from: Date;
  to: Date;
  now: Date;
  tz: string;
  zoneId?: number | undefined;
  municipalityId?: number | undefined;
}

const CONSULTATION = sql`a.status <> 'Cancelada'`;
const PAST = sql`a.status <> 'Cancelada' and a.ends_at <= now_at.v`;

/** FROM appointments a [JOIN patients p], the window and the filters. `now_at.v` is the caller's now. */
function scope(w: Window): { from: SQL; where: SQL } {
  const filtered = w.zoneId !== undefined || w.municipalityId !== undefined;
  const from = sql`appointments a ${filtered ? sql`join patients p on p.id = a.patient_id` : sql``}
    cross join (select ${w.now.toISOString()}::timestamptz as v) now_at`;
  const conds: SQL[] = [
    sql`a.scheduled_at >= ${w.from.toISOString()}::timestamptz`,
    sql`a.scheduled_at < ${w.to.toISOString()}::timestamptz`,
  ];
  if (w.zoneId !== undefined) conds.push(sql`p.zone_id = ${w.zoneId}`);
  if (w.municipalityId !== undefined) conds.push(sql`p.municipality_id = ${w.municipalityId}`);
  return { from, where: sql.join(conds, sql` and `) };
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export async function totals(db: Executor, w: Window) {
  const s = scope(w);
  const res = await db.execute<Record<string, unknown>>(sql`select
      count(*) filter (where ${CONSULTATION})::int as consultations,
      count(distinct a.patient_id) filter (where ${CONSULTATION})::int as patients,
      avg(a.duration_minutes) filter (where a.status = 'Completada') as avg_duration,
      count(*) filter (where ${PAST})::int as past,
      count(*) filter (where ${PAST} and a.status = 'Completada')::int as completed_past,
      count(*) filter (where ${PAST} and a.status in ('Pendiente', 'Confirmada'))::int as no_shows,
      count(*)::int as scheduled,
      count(*) filter (where a.status = 'Cancelada')::int as cancelled,
      avg(extract(epoch from a.scheduled_at - a.cancelled_at) / 3600)
        filter (where a.status = 'Cancelada' and a.cancelled_at is not null) as cancel_lead_hours,
      avg((a.scheduled_at at time zone ${w.tz})::date - (a.created_at at time zone ${w.tz})::date)
        filter (where ${CONSULTATION}) as days_to_appointment
    from ${s.from} where ${s.where}`);
  const r = res.rows[0] ?? {};
  return {
    consultations: Number(r.consultations ?? 0),
    patients: Number(r.patients ?? 0),
    avgDuration: num(r.avg_duration),
    past: Number(r.past ?? 0),
    completedPast: Number(r.completed_past ?? 0),
    noShows: Number(r.no_shows ?? 0),
    scheduled: Number(r.scheduled ?? 0),
    cancelled: Number(r.cancelled ?? 0),
    cancelLeadHours: num(r.cancel_lead_hours),
    daysToAppointment: num(r.days_to_appointment),
  };
}

/** Consultations per local day and per local hour. */
export async function byDayAndHour(db: Executor, w: Window) {
  const s = scope(w);
  const local = sql`(a.scheduled_at at time zone ${w.tz})`;
  const [days, hours] = await Promise.all([
    db.execute<{
      day: string;
      n: number;
    }>(sql`select to_char(${local}, 'YYYY-MM-DD') as day, count(*)::int as n
      from ${s.from} where ${s.where} and ${CONSULTATION} group by 1`),
    db.execute<{
      hour: number;
      n: number;
    }>(sql`select extract(hour from ${local})::int as hour, count(*)::int as n
      from ${s.from} where ${s.where} and ${CONSULTATION} group by 1`),
  ]);
  return {
    days: days.rows.map((r) => ({ day: String(r.day), n: Number(r.n) })),
    hours: hours.rows.map((r) => ({ hour: Number(r.hour), n: Number(r.n) })),
  };
}

/** Consultations per patient zone ('Sin zona' when the patient has none), largest first. */
export async function byZone(db: Executor, w: Window) {
  const s = scope({ ...w, zoneId: undefined, municipalityId: undefined });
  const res = await db.execute<{ name: string; n: number }>(sql`select coalesce(z.name, 'Sin zona') as name,
      count(*)::int as n
    from ${s.from} join patients pz on pz.id = a.patient_id left join zones z on z.id = pz.zone_id
    where ${s.where} and ${CONSULTATION} ${zoneFilter(w, 'pz')}
    group by 1 order by 2 desc, 1`);
  return res.rows.map((r) => ({ name: String(r.name), value: Number(r.n) }));
}

function zoneFilter(w: Window, alias: 'pz'): SQL {
  const parts: SQL[] = [];
  if (w.zoneId !== undefined) parts.push(sql` and ${sql.raw(alias)}.zone_id = ${w.zoneId}`);
  if (w.municipalityId !== undefined)
    parts.push(sql` and ${sql.raw(alias)}.municipality_id = ${w.municipalityId}`);
  return sql.join(parts, sql``);
}

/** The `limit` municipalities (of the patients) with most consultations, with their zone. */
export async function topMunicipalities(db: Executor, w: Window, limit: number) {
  const s = scope({ ...w, zoneId: undefined, municipalityId: undefined });
  const res = await db.execute<{
    name: string;
    zone: string | null;
    n: number;
  }>(sql`select m.name, z.name as zone,
      count(*)::int as n
    from ${s.from} join patients pz on pz.id = a.patient_id join municipalities m on m.id = pz.municipality_id
      left join zones z on z.id = m.zone_id
    where ${s.where} and ${CONSULTATION} ${zoneFilter(w, 'pz')}
    group by m.id, m.name, z.name order by 3 desc, 1 limit ${limit}`);
  return res.rows.map((r) => ({
    name: String(r.name),
    consultations: Number(r.n),
    zone: r.zone ?? 'Sin zona',
  }));
}

/** Consultations per local month ('YYYY-MM') and patient zone. */
export async function trendByZone(db: Executor, w: Window) {
  const s = scope({ ...w, zoneId: undefined, municipalityId: undefined });
  const res = await db.execute<{ month: string; zone: string; n: number }>(sql`select
      to_char(a.scheduled_at at time zone ${w.tz}, 'YYYY-MM') as month, coalesce(z.name, 'Sin zona') as zone,
      count(*)::int as n
    from ${s.from} join patients pz on pz.id = a.patient_id left join zones z on z.id = pz.zone_id
    where ${s.where} and ${CONSULTATION} ${zoneFilter(w, 'pz')}
    group by 1, 2 order by 1, 2`);
  return res.rows.map((r) => ({ month: String(r.month), zone: String(r.zone), consultations: Number(r.n) }));
}

/** Consultations per specialty, largest first. */
export async function bySpecialty(db: Executor, w: Window) {
  const s = scope(w);
  const res = await db.execute<{ name: string; n: number }>(sql`select sp.name, count(*)::int as n
    from ${s.from} join specialties sp on sp.id = a.specialty_id
    where ${s.where} and ${CONSULTATION} group by sp.id, sp.name order by 2 desc, 1`);
  return res.rows.map((r) => ({ name: String(r.name), consultations: Number(r.n) }));
}

/** Slots offered and taken in the Activa agendas whose day is in [fromDay, toDay]. */
export async function agendaOccupancy(db: Executor, fromDay: string, toDay: string) {
  const res = await db.execute<{ capacity: number; booked: number }>(sql`select
      coalesce(sum(capacity), 0)::int as capacity, coalesce(sum(booked_slots), 0)::int as booked
    from availabilities where date >= ${fromDay}::date and date <= ${toDay}::date and status = 'Activa'`);
  const r = res.rows[0];
  return { capacity: Number(r?.capacity ?? 0), booked: Number(r?.booked ?? 0) };
}

/** Appointments given for each local day of the window, by status (every status), largest first. */
export async function byStatus(db: Executor, w: Window) {
  const s = scope(w);
  const res = await db.execute<{ status: string; n: number }>(sql`select a.status, count(*)::int as n
    from ${s.from} where ${s.where} group by 1 order by 2 desc, 1`);
  return res.rows.map((r) => ({ status: String(r.status), count: Number(r.n) }));
}

/**
 * Distinct patients with a consultation in the window, counted from appointments: used only while the rollups are
 * kept in another timezone (migration 0034 dropped the index that served it, which cost every booking a write).
 */
export async function uniquePatients(db: Executor, w: Window) {
  const res = await db.execute<{
    n: number;
  }>(sql`select count(distinct patient_id)::int as n from appointments
    where status <> 'Cancelada'
      and scheduled_at >= ${w.from.toISOString()}::timestamptz and scheduled_at < ${w.to.toISOString()}::timestamptz`);
  return Number(res.rows[0]?.n ?? 0);
}

export interface DoctorCounts {
  id: number;
  name: string;
  appointments: number;
  completed: number;
  cancelled: number;
  past: number;
  completedPast: number;
  /** Doctors with an appointment in the window (every page carries it). */
  total: number;
}

export const doctorRow = (r: Record<string, unknown>): DoctorCounts => ({
  id: Number(r.id),
  name: String(r.name),
  appointments: Number(r.appointments),
  completed: Number(r.completed),
  cancelled: Number(r.cancelled),
  past: Number(r.past),
  completedPast: Number(r.completed_past),
  total: Number(r.total),
});

/** Per doctor: appointments of the window by status, most first, one page (Métricas' doctors). */
export async function byDoctor(db: Executor, w: Window, limit: number, offset: number) {
  const res = await db.execute<Record<string, unknown>>(sql`select d.id, d.name,
      count(*)::int as appointments,
      count(*) filter (where a.status = 'Completada')::int as completed,
      count(*) filter (where a.status = 'Cancelada')::int as cancelled,
      count(*) filter (where a.status <> 'Cancelada' and a.ends_at <= ${w.now.toISOString()}::timestamptz)::int as past,
      count(*) filter (where a.status = 'Completada' and a.ends_at <= ${w.now.toISOString()}::timestamptz)::int
        as completed_past,
      count(*) over ()::int as total
    from appointments a join doctors d on d.id = a.doctor_id
    where a.scheduled_at >= ${w.from.toISOString()}::timestamptz and a.scheduled_at < ${w.to.toISOString()}::timestamptz
    group by d.id, d.name order by 3 desc, d.name, d.id limit ${limit} offset ${offset}`);
  return res.rows.map(doctorRow);
}

/** The number of doctors with appointments in the window (a page past the end has no row to carry it). */
export async function countDoctors(db: Executor, w: Window) {
  const res = await db.execute<{
    n: number;
  }>(sql`select count(distinct a.doctor_id)::int as n from appointments a
    where a.scheduled_at >= ${w.from.toISOString()}::timestamptz and a.scheduled_at < ${w.to.toISOString()}::timestamptz`);
  return Number(res.rows[0]?.n ?? 0);
}

/** Patients registered in the window. */
export async function newPatients(db: Executor, w: Window) {
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from patients
    where created_at >= ${w.from.toISOString()}::timestamptz and created_at < ${w.to.toISOString()}::timestamptz`);
  return Number(res.rows[0]?.n ?? 0);
}
