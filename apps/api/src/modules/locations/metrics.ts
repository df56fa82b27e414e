import { AppError } from '@ips/shared/errors';
import { APPOINTMENT_STATUSES, type LocationMetricsDto } from '@ips/shared/schemas/resources-locations';
import type { AppDeps } from '../../lib/context';
import { orgToday } from '../../lib/org-time';
import * as repo from './repo';
import { NOT_FOUND } from './service';

/** Year and month of "now" in the organisation's timezone. */
function currentMonth(deps: AppDeps): { year: number; month: number } {
  const [year, month] = orgToday(deps).split('-').map(Number) as [number, number];
  return { year, month };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Capacity, occupancy and appointments of a location in one month (default: the current month).
 * Agendas and appointments have no tables yet, so every figure is the honest zero of an empty month and
 * by_specialty lists the location's specialties with zeros; the agendas and appointments issue fills
 * these sums from its tables, keeping this response shape.
 */
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
  const specialties = (await repo.specialtiesOf(deps.db, [id])).get(id) ?? [];

  const capacity = 0;
  const booked = 0;
  const occupancy = (b: number, c: number) => (c > 0 ? Math.round((b / c) * 1000) / 1000 : 0);
  return {
    location_id: id,
    month,
    year,
    period: { start: `${year}-${pad(month)}-01`, end: `${year}-${pad(month)}-${pad(lastDay)}` },
    capacity,
    booked,
    available: capacity - booked,
    occupancy: occupancy(booked, capacity),
    appointments_total: 0,
    appointments_by_status: Object.fromEntries(
      APPOINTMENT_STATUSES.map((s) => [s, 0]),
    ) as LocationMetricsDto['appointments_by_status'],
    by_specialty: specialties.map((s) => ({
      specialty_id: s.id,
      specialty_name: s.name,
      capacity: 0,
      booked: 0,
      occupancy: 0,
      appointments: 0,
    })),
  };
}
