import { AppError } from '@ips/shared/errors';
import { APPOINTMENT_STATUSES, type LocationMetricsDto } from '@ips/shared/schemas/resources-locations';
import type { AppDeps } from '../../lib/context';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { startOfLocalDay } from '@ips/shared/format';
import { orgToday } from '../../lib/org-time';
import * as repo from './repo';
import { NOT_FOUND } from './service';

/** Year and month of "now" in the organisation's timezone. */
function currentMonth(deps: AppDeps): { year: number; month: number } {
  const [year, month] = orgToday(deps).split('-').map(Number) as [number, number];
  return { year, month };
}

const pad = (n: number) => String(n).padStart(2, '0');

interface SpecialtyFigures {
  capacity: number;
  booked: number;
  appointments: number;
}

/**
 * Capacity and booked slots come from the location's non-cancelled agendas dated in the month; appointments
 * are those scheduled in the month's local days (organisation timezone), counted by status.
 */
async function monthFigures(deps: AppDeps, id: number, start: string, end: string) {
  const from = startOfLocalDay(start, deps.config.orgTimezone);
  const to = startOfLocalDay(addDays(end, 1), deps.config.orgTimezone);
  const agendas = await deps.database.query<{ specialty_id: number; capacity: number; booked: number }>(
    `select specialty_id, sum(capacity)::int as capacity, sum(booked_slots)::int as booked
       from availabilities
      where location_id = $1 and date between $2::date and $3::date and status <> 'Cancelada'
      group by specialty_id`,
    [id, start, end],
  );
  const appointments = await deps.database.query<{ specialty_id: number; status: string; n: number }>(
    `select specialty_id, status, count(*)::int as n
       from appointments
      where location_id = $1 and scheduled_at >= $2 and scheduled_at < $3
      group by specialty_id, status`,
    [id, from.toISOString(), to.toISOString()],
  );
  const bySpecialty = new Map<number, SpecialtyFigures>();
  const entry = (sid: number) => {
    let e = bySpecialty.get(sid);
    if (!e) bySpecialty.set(sid, (e = { capacity: 0, booked: 0, appointments: 0 }));
    return e;
  };
  for (const a of agendas) Object.assign(entry(a.specialty_id), { capacity: a.capacity, booked: a.booked });
  const byStatus = new Map<string, number>();
  for (const a of appointments) {
    entry(a.specialty_id).appointments += a.n;
    byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + a.n);
  }
  return { bySpecialty, byStatus };
}

/** Capacity, occupancy and appointments of a location in one month (default: the current month). */
export async function getLocationMetrics(
  deps: AppDeps,
  id: number,
  query: { month?: number; year?: number },
): Promise<LocationMetricsDto> {
  const location = await repo.findById(deps.db, id);
  if (!location) throw new AppError('NOT_FOUND', NOT_FOUND);
  const now = currentMonth(deps);
  const year = query.year ?? now.year;
  const month = query.month ?? now.month;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const start = `${year}-${pad(month)}-01`;
  const end = `${year}-${pad(month)}-${pad(lastDay)}`;
  const specialties = (await repo.specialtiesOf(deps.db, [id])).get(id) ?? [];
  const { bySpecialty, byStatus } = await monthFigures(deps, id, start, end);

  const occupancy = (b: number, c: number) => (c > 0 ? Math.round((b / c) * 1000) / 1000 : 0);
  const totals = [...bySpecialty.values()].reduce(
    (t, f) => ({
      capacity: t.capacity + f.capacity,
      booked: t.booked + f.booked,
      appointments: t.appointments + f.appointments,
    }),
    { capacity: 0, booked: 0, appointments: 0 },
  );
  const names = new Map(specialties.map((s) => [s.id, s.name]));
  const ids = [...new Set([...specialties.map((s) => s.id), ...bySpecialty.keys()])];
  const missing = ids.filter((sid) => !names.has(sid));
  if (missing.length) {
    const rows = await deps.database.query<{ id: number; name: string }>(
      'select id, name from specialties where id = any($1::int[])',
      [missing],
    );
    for (const r of rows) names.set(r.id, r.name);
  }
  return {
    location_id: id,
    month,
    year,
    period: { start, end },
    capacity: totals.capacity,
    booked: totals.booked,
    available: totals.capacity - totals.booked,
    occupancy: occupancy(totals.booked, totals.capacity),
    appointments_total: totals.appointments,
    appointments_by_status: Object.fromEntries(
      APPOINTMENT_STATUSES.map((s) => [s, byStatus.get(s) ?? 0]),
    ) as LocationMetricsDto['appointments_by_status'],
    by_specialty: ids.map((sid) => {
      const f = bySpecialty.get(sid) ?? { capacity: 0, booked: 0, appointments: 0 };
      return {
        specialty_id: sid,
        specialty_name: names.get(sid) ?? '',
        capacity: f.capacity,
        booked: f.booked,
        occupancy: occupancy(f.booked, f.capacity),
        appointments: f.appointments,
      };
    }),
  };
}
