import { sql } from 'drizzle-orm';
import type { MetricsQuery } from '@ips/shared/schemas/analytics';
import type { AppDeps } from '../../lib/context';
import {
  doctorCounts,
  newPatients,
  overview,
  performance,
  ratio,
  rollupsReady,
  specialties,
  statusCounts,
  uniquePatients,
  windowOf,
} from '../analytics';

/*
 * GET /metrics/dashboard|patients|appointments|doctors|system (spec part 2 §7 "Metrics", period default 30d;
 * decision 032). The consultation figures are Análisis's own (modules/analytics), not redefined here:
 * - patients: total and Activo patients now; new = registered in the period; attended = distinct patients with a
 *   consultation in the period.
 * - appointments: every appointment given for a day of the period, by status and (consultations) by specialty.
 * - doctors: per doctor, appointments of the period, Completadas, Canceladas, and completion = Completadas over
 *   past consultations (as Análisis's 'Tasa de Finalización').
 * - system: users (total, Activo), sessions not revoked and not expired, audit rows written in the period, and
 *   how long this API process has run.
 */

const STARTED = Date.now();

function window(deps: AppDeps, q: MetricsQuery, now: Date) {
  return windowOf(q.period, now, deps.config.orgTimezone);
}

export async function dashboard(deps: AppDeps, q: MetricsQuery, now = new Date()) {
  // One check (and drain) of the rollups for the request's two reads.
  const ready = rollupsReady(deps);
  const [o, p] = await Promise.all([
    overview(deps, { range: q.period }, now, ready),
    performance(deps, { range: q.period }, now, ready),
  ]);
  return { period: q.period, from: o.from, to: o.to, totals: o.totals, performance: p };
}

export async function patientsMetrics(deps: AppDeps, q: MetricsQuery, now = new Date()) {
  // Totals from patient_counts (kept by triggers on patients), not a count of the table.
  const ready = rollupsReady(deps);
  const [res, created, attended] = await Promise.all([
    deps.db.execute<Record<string, number>>(sql`select
      (select coalesce(sum(n), 0)::int from patient_counts) as total,
      (select coalesce(sum(n), 0)::int from patient_counts where status = 'Activo') as active`),
    newPatients(deps, { range: q.period }, now, ready),
    uniquePatients(deps, { range: q.period }, now, ready),
  ]);
  const r = res.rows[0]!;
  return {
    period: q.period,
    total: Number(r.total),
    active: Number(r.active),
    new_in_period: created,
    attended_in_period: attended,
  };
}

export async function appointmentsMetrics(deps: AppDeps, q: MetricsQuery, now = new Date()) {
  const ready = rollupsReady(deps);
  const [byStatus, bySpecialty] = await Promise.all([
    statusCounts(deps, { range: q.period }, now, ready),
    specialties(deps, { range: q.period }, now, ready),
  ]);
  return {
    period: q.period,
    total: byStatus.reduce((s, r) => s + r.count, 0),
    by_status: byStatus,
    by_specialty: bySpecialty.by_specialty,
  };
}

export async function doctorsMetrics(
  deps: AppDeps,
  q: MetricsQuery & { limit: number; offset: number },
  now = new Date(),
) {
  const { rows, total } = await doctorCounts(
    deps,
    { range: q.period, limit: q.limit, offset: q.offset },
    now,
  );
  return {
    period: q.period,
    total,
    data: rows.map((r) => ({
      doctor_id: r.id,
      doctor_name: r.name,
      appointments: r.appointments,
      completed: r.completed,
      cancelled: r.cancelled,
      completion_rate: ratio(r.completedPast, r.past),
    })),
  };
}

export async function systemMetrics(deps: AppDeps, q: MetricsQuery, now = new Date()) {
  const win = window(deps, q, now);
  const res = await deps.db.execute<Record<string, number>>(sql`select
      (select count(*)::int from users) as users_total,
      (select count(*)::int from users where status = 'Activo') as users_active,
      (select count(*)::int from sessions where revoked_at is null and expires_at > ${now.toISOString()}::timestamptz)
        as sessions_active,
      (select count(*)::int from audit_log where created_at >= ${win.from.toISOString()}::timestamptz
        and created_at < ${win.to.toISOString()}::timestamptz) as audit_events`);
  const r = res.rows[0]!;
  return {
    period: q.period,
    users_total: Number(r.users_total),
    users_active: Number(r.users_active),
    sessions_active: Number(r.sessions_active),
    audit_events: Number(r.audit_events),
    uptime_seconds: Math.round((now.getTime() - STARTED) / 1000),
  };
}
