import { localDate, startOfLocalDay } from '@ips/shared/format';
import { addDays, isoWeekday } from '@ips/shared/scheduling/calendar-days';
import {
  RANGE_DAYS,
  type AnalyticsQuery,
  type AnalyticsRange,
  type LocationsQuery,
  type LocationsResponse,
  type OverviewResponse,
  type PerformanceResponse,
  type SpecialtiesResponse,
} from '@ips/shared/schemas/analytics';
import type { AppDeps } from '../../lib/context';
import { measureCalls, serviceLevelThreshold } from '../calls';
import * as repo from './repo';
import * as rollups from './rollups';
import { rollupsReady as rollupsReadyIn } from './drain';

/** Top municipalities shown (spec §9). */
export const TOP_MUNICIPALITIES = 10;
const WEEKDAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];

/** A ratio, or null when there is nothing to divide by (shown as '—', never as 0). */
export const ratio = (n: number, d: number): number | null => (d > 0 ? n / d : null);
const round = (v: number | null, digits = 1) =>
  v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits;

/** The last `days` local days, today included: [from, to] as days and [fromTs, toTs) as instants. */
export function windowOf(range: AnalyticsRange, now: Date, tz: string) {
  const today = localDate(now, tz);
  const fromDay = addDays(today, 1 - RANGE_DAYS[range]);
  return {
    fromDay,
    toDay: today,
    from: startOfLocalDay(fromDay, tz),
    to: startOfLocalDay(addDays(today, 1), tz),
  };
}

function scopeOf(deps: AppDeps, q: AnalyticsQuery, now: Date) {
  const tz = deps.config.orgTimezone;
  const win = windowOf(q.range, now, tz);
  const w: repo.Window = {
    from: win.from,
    to: win.to,
    now,
    tz,
    zoneId: q.zone_id,
    municipalityId: q.municipality_id,
  };
  return { win, w };
}

/** The rollups' state for one request (drain.ts): resolved once and passed to each read (`ready`). */
export const rollupsReady = (deps: AppDeps) => rollupsReadyIn(deps.db, deps.config.orgTimezone);
const useRollups = (deps: AppDeps, ready?: Promise<boolean>) => ready ?? rollupsReady(deps);
const filtered = (w: repo.Window) => w.zoneId !== undefined || w.municipalityId !== undefined;

export async function overview(
  deps: AppDeps,
  q: AnalyticsQuery,
  now = new Date(),
  ready?: Promise<boolean>,
): Promise<OverviewResponse> {
  const { win, w } = scopeOf(deps, q, now);
  const fast = await useRollups(deps, ready);
  const [t, dh] = await Promise.all([
    fast ? rollups.totals(deps.db, w, true) : repo.totals(deps.db, w),
    fast ? rollups.byDayAndHour(deps.db, w) : repo.byDayAndHour(deps.db, w),
  ]);
  const perDay = new Map(dh.days.map((d) => [d.day, d.n]));
  const byDay: OverviewResponse['by_day'] = [];
  const weekday = [0, 0, 0, 0, 0, 0, 0];
  for (let d = win.fromDay; d <= win.toDay; d = addDays(d, 1)) {
    const n = perDay.get(d) ?? 0;
    byDay.push({ date: d, consultations: n });
    weekday[isoWeekday(d) - 1]! += n;
  }
  const perHour = new Map(dh.hours.map((h) => [h.hour, h.n]));
  return {
    range: q.range,
    from: win.fromDay,
    to: win.toDay,
    totals: {
      total_consultations: t.consultations,
      unique_patients: t.patients,
      avg_duration_minutes: round(t.avgDuration),
      completion_rate: ratio(t.completedPast, t.past),
    },
    by_day: byDay,
    by_weekday: weekday.map((n, i) => ({ weekday: i + 1, name: WEEKDAYS[i]!, consultations: n })),
    by_hour: Array.from({ length: 24 }, (_, hour) => ({ hour, consultations: perHour.get(hour) ?? 0 })),
  };
}

export async function locations(
  deps: AppDeps,
  q: LocationsQuery,
  now = new Date(),
): Promise<LocationsResponse> {
  const { w } = scopeOf(deps, q, now);
  // The trend covers the last `months` calendar months, this one included, whatever the range.
  const today = localDate(now, w.tz);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 - (q.months - 1), 1)).toISOString().slice(0, 10);
  const trendWindow = {
    ...w,
    from: startOfLocalDay(first, w.tz),
    to: startOfLocalDay(addDays(today, 1), w.tz),
  };
  const src = (await useRollups(deps)) ? rollups : repo;
  const [zones, municipalities, trend] = await Promise.all([
    src.byZone(deps.db, w),
    src.topMunicipalities(deps.db, w, TOP_MUNICIPALITIES),
    src.trendByZone(deps.db, trendWindow),
  ]);
  return { by_zone: zones, top_municipalities: municipalities, trend_by_zone: trend };
}

export async function specialties(
  deps: AppDeps,
  q: AnalyticsQuery,
  now = new Date(),
  ready?: Promise<boolean>,
): Promise<SpecialtiesResponse> {
  const { w } = scopeOf(deps, q, now);
  const fast = await useRollups(deps, ready);
  return { by_specialty: await (fast ? rollups : repo).bySpecialty(deps.db, w) };
}

/** Appointments given for each day of the range by status (Métricas), from the rollups when they answer. */
export async function statusCounts(
  deps: AppDeps,
  q: AnalyticsQuery,
  now = new Date(),
  ready?: Promise<boolean>,
) {
  const { w } = scopeOf(deps, q, now);
  const fast = await useRollups(deps, ready);
  return (fast ? rollups : repo).byStatus(deps.db, w);
}

/** Distinct patients with a consultation in the range (Análisis's 'Pacientes únicos'). */
export async function uniquePatients(
  deps: AppDeps,
  q: AnalyticsQuery,
  now = new Date(),
  ready?: Promise<boolean>,
) {
  const { w } = scopeOf(deps, q, now);
  if (await useRollups(deps, ready)) return rollups.uniquePatients(deps.db, w);
  return filtered(w) ? (await repo.totals(deps.db, w)).patients : repo.uniquePatients(deps.db, w);
}

/** Patients registered in the range (Métricas). */
export async function newPatients(
  deps: AppDeps,
  q: AnalyticsQuery,
  now = new Date(),
  ready?: Promise<boolean>,
) {
  const { w } = scopeOf(deps, q, now);
  return ((await useRollups(deps, ready)) ? rollups : repo).newPatients(deps.db, w);
}

/** Per doctor, one page of the range's appointments by status (Métricas), and how many doctors have any. */
export async function doctorCounts(
  deps: AppDeps,
  q: AnalyticsQuery & { limit: number; offset: number },
  now = new Date(),
) {
  const { w } = scopeOf(deps, q, now);
  const src = (await useRollups(deps)) ? rollups : repo;
  const rows = await src.byDoctor(deps.db, w, q.limit, q.offset);
  return { rows, total: rows.length ? rows[0]!.total : await src.countDoctors(deps.db, w) };
}

/** Rendimiento: measured, each defined in repo.ts and the README. */
export async function performance(
  deps: AppDeps,
  q: AnalyticsQuery,
  now = new Date(),
  ready?: Promise<boolean>,
): Promise<PerformanceResponse> {
  const { win, w } = scopeOf(deps, q, now);
  const fast = await useRollups(deps, ready);
  const [t, occ, threshold] = await Promise.all([
    fast ? rollups.totals(deps.db, w, false) : repo.totals(deps.db, w),
    repo.agendaOccupancy(deps.db, win.fromDay, win.toDay),
    serviceLevelThreshold(deps.db),
  ]);
  const c = await measureCalls(deps.db, win.from, now < win.to ? now : win.to, threshold);
  return {
    appointments: {
      scheduled: t.scheduled,
      past: t.past,
      no_shows: t.noShows,
      no_show_rate: ratio(t.noShows, t.past),
      cancelled: t.cancelled,
      cancellation_rate: ratio(t.cancelled, t.scheduled),
      cancellation_lead_hours: round(t.cancelLeadHours),
      avg_days_to_appointment: round(t.daysToAppointment),
    },
    agendas: { capacity: occ.capacity, booked: occ.booked, occupancy: ratio(occ.booked, occ.capacity) },
    calls:
      c.offered > 0
        ? {
            offered: c.offered,
            threshold_seconds: c.threshold_seconds,
            service_level: c.service_level,
            average_speed_of_answer: c.average_speed_of_answer,
            abandonment_rate: c.abandonment_rate,
          }
        : null,
  };
}
