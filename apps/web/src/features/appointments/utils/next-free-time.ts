import { toMinutes } from '@ips/shared/scheduling/calendar-days';
import { suggestNextTime, type BusyRange } from '@ips/shared/scheduling/time-layout';
import { dateOf, normalStatus, timeOf } from './scheduled-at';

export interface BookedRange {
  scheduled_at: string;
  duration_minutes: number;
  status: string;
}

export interface NextFreeTimeInput {
  date: string;
  startTime: string;
  endTime: string;
  durationMinutes: number;
  appointments: readonly BookedRange[];
  /** Today's date and the current minute in the organisation's zone: a time already past is not offered. */
  today: string;
  nowMinutes: number;
  /** Start times ('HH:mm') the server reported as conflicts (doctor, patient or room), skipped as well. */
  conflictTimes?: readonly string[];
}

/** The non-cancelled appointments of the day as busy minute ranges. */
export function busyRanges(date: string, appointments: readonly BookedRange[]): BusyRange[] {
  return appointments
    .filter((a) => normalStatus(a.status) !== 'Cancelada' && dateOf(a.scheduled_at) === date)
    .map((a) => {
      const start = toMinutes(timeOf(a.scheduled_at));
      return { start, end: start + a.duration_minutes };
    });
}

/**
 * Spec §5 "Manual appointment": scan from the agenda start (or now, when the date is today) in steps of the
 * duration, skipping times that overlap non-cancelled appointments or that the server reported as conflicts.
 * Returns 'HH:mm', or null when the agenda has no room left that day (or the date is already past).
 *
 * Today the first time offered is after the current minute (at 17:40:20 a 17:40 start has passed): the same
 * window as the server's when it picks the time itself (searchWindow in the API's appointments module), so the
 * time shown is the time booked.
 */
export function suggestFreeTime(input: NextFreeTimeInput): string | null {
  if (input.date < input.today) return null;
  const busy = busyRanges(input.date, input.appointments);
  for (const t of input.conflictTimes ?? []) {
    const start = toMinutes(t);
    busy.push({ start, end: start + input.durationMinutes });
  }
  const notBefore = input.date === input.today ? input.nowMinutes + 1 : undefined;
  return suggestNextTime(input.startTime, input.endTime, input.durationMinutes, busy, notBefore);
}
