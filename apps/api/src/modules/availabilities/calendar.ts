import { AppError } from '@ips/shared/errors';
import { addDays, isoWeekday } from '@ips/shared/scheduling/calendar-days';
import {
  DAY_NAMES_ES,
  type AvailableDateDto,
  type CalendarQuery,
  type TimeSlotDto,
} from '@ips/shared/schemas/availabilities-distribution';
import type { AppDeps } from '../../lib/context';
import * as drepo from './distribution-repo';
import * as repo from './repo';
import { canStartAfter, orgClock, todayIn } from './rules';

/** Default window of the calendar and the dropdown: today and the next 30 days in the organisation's timezone. */
const DEFAULT_DAYS = 30;

export const dayName = (date: string) => DAY_NAMES_ES[isoWeekday(date) - 1]!;

function windowOf(deps: AppDeps, q: CalendarQuery) {
  const start = q.start_date ?? todayIn(deps.config.orgTimezone);
  const end = q.end_date ?? addDays(start, DEFAULT_DAYS);
  if (end < start) throw new AppError('VALIDATION', 'La fecha de fin no puede ser anterior a la de inicio');
  return { start, end };
}

/**
 * The bookable slots of Activa agendas per day. A distributed agenda offers each day its quota minus what was
 * assigned, never more than the agenda still has free; an agenda without distribution offers its free capacity
 * on its own date (distribution_id null), so the picker also sees agendas created without auto distribution.
 * A block that has ended (a past day, or today after its last start) is not offered, whatever it has free.
 */
async function slotsByDay(deps: AppDeps, q: CalendarQuery, start: string, end: string, now: Date) {
  const { today, nowMinutes } = orgClock(deps.config.orgTimezone, now);
  const open = (date: string, a: { endTime: string; durationMinutes: number }) =>
    canStartAfter({ date, endTime: a.endTime, durationMinutes: a.durationMinutes }, today, nowMinutes);
  const filters = { doctorId: q.doctor_id, specialtyId: q.specialty_id, locationId: q.location_id };
  const [distributed, agendas] = await Promise.all([
    drepo.listEntries(deps.db, { ...filters, startDate: start, endDate: end, agendaStatus: 'Activa' }),
    repo.list(deps.db, { ...filters, startDate: start, endDate: end, status: 'Activa' }),
  ]);
  const byDay = new Map<string, TimeSlotDto[]>();
  const add = (date: string, slot: TimeSlotDto) => byDay.set(date, [...(byDay.get(date) ?? []), slot]);
  for (const e of distributed) {
    if (!open(e.d.dayDate, e.a)) continue;
    const free = Math.max(0, Math.min(e.d.quota - e.d.assigned, e.a.capacity - e.a.bookedSlots));
    add(e.d.dayDate, {
      distribution_id: e.d.id,
      availability_id: e.a.id,
      start_time: e.a.startTime,
      end_time: e.a.endTime,
      quota: e.d.quota,
      assigned: e.d.assigned,
      available_slots: free,
      doctor_id: e.a.doctorId,
      doctor_name: e.doctorName,
      specialty_id: e.a.specialtyId,
      specialty_name: e.specialtyName,
      location_id: e.a.locationId,
      location_name: e.locationName,
    });
  }
  for (const r of agendas) {
    if (r.a.autoDistribute || !open(r.a.date, r.a)) continue;
    add(r.a.date, {
      distribution_id: null,
      availability_id: r.a.id,
      start_time: r.a.startTime,
      end_time: r.a.endTime,
      quota: r.a.capacity,
      assigned: r.a.bookedSlots,
      available_slots: Math.max(0, r.a.capacity - r.a.bookedSlots),
      doctor_id: r.a.doctorId,
      doctor_name: r.doctorName,
      specialty_id: r.a.specialtyId,
      specialty_name: r.specialtyName,
      location_id: r.a.locationId,
      location_name: r.locationName,
    });
  }
  return [...byDay]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, slots]) => ({
      date,
      slots: slots.sort(
        (x, y) => x.start_time.localeCompare(y.start_time) || x.doctor_name.localeCompare(y.doctor_name),
      ),
    }));
}

export async function distributionCalendar(deps: AppDeps, q: CalendarQuery, now: Date = new Date()) {
  const { start, end } = windowOf(deps, q);
  const days = await slotsByDay(deps, q, start, end, now);
  const available_dates: AvailableDateDto[] = days.map(({ date, slots }) => ({
    date,
    day_name: dayName(date),
    total_available_slots: slots.reduce((s, x) => s + x.available_slots, 0),
    time_slots: slots,
  }));
  return { start_date: start, end_date: end, available_dates };
}

/** The same slots as one list for a select, only those with room. */
export async function distributionDropdown(deps: AppDeps, q: CalendarQuery, now: Date = new Date()) {
  const { start, end } = windowOf(deps, q);
  const days = await slotsByDay(deps, q, start, end, now);
  return days.flatMap(({ date, slots }) =>
    slots
      .filter((s) => s.available_slots > 0)
      .map((s) => ({
        ...s,
        date,
        day_name: dayName(date),
        label: `${dayName(date)} ${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)} · ${s.start_time.slice(0, 5)}–${s.end_time.slice(0, 5)} · ${s.doctor_name} (${s.available_slots} cupos)`,
      })),
  );
}
