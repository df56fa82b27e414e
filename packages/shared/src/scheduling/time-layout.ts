import { fromMinutes, toMinutes } from './calendar-days';

/**
 * Lays appointments out one after another from the agenda's start, each taking its own duration
 * (spec: "sync appointment times"). Returns the new 'HH:mm' start of each, in the given order.
 */
export function layoutSequential(startTime: string, durations: readonly number[]): string[] {
  let cursor = toMinutes(startTime);
  return durations.map((d) => {
    const at = fromMinutes(cursor);
    cursor += d;
    return at;
  });
}

export interface BusyRange {
  /** Minutes after midnight. */
  start: number;
  end: number;
}

/**
 * The first start time, scanning from the agenda start (or `notBefore`, e.g. now when the day is today)
 * in steps of the duration, whose whole slot fits in the agenda and overlaps no busy range.
 * Returns 'HH:mm', or null when the day has no room left.
 */
export function suggestNextTime(
  agendaStart: string,
  agendaEnd: string,
  durationMinutes: number,
  busy: readonly BusyRange[],
  notBefore?: number,
): string | null {
  const start = toMinutes(agendaStart);
  const end = toMinutes(agendaEnd);
  if (durationMinutes <= 0) return null;
  let t = start;
  if (notBefore !== undefined && notBefore > t)
    t = start + Math.ceil((notBefore - start) / durationMinutes) * durationMinutes;
  for (; t + durationMinutes <= end; t += durationMinutes) {
    const slotEnd = t + durationMinutes;
    if (!busy.some((b) => b.start < slotEnd && t < b.end)) return fromMinutes(t);
  }
  return null;
}

export interface MinuteWindow {
  /** Minutes after midnight, [start, end). */
  start: number;
  end: number;
}

/**
 * Like `suggestNextTime`, but the appointment must also lie entirely inside one of `windows` (a patient's
 * preferred parts of the day); no windows means any time. Times stay on the agenda's grid (start + k·duration).
 */
export function firstFittingTime(
  agendaStart: string,
  agendaEnd: string,
  durationMinutes: number,
  busy: readonly BusyRange[],
  windows: readonly MinuteWindow[],
  notBefore?: number,
): string | null {
  const start = toMinutes(agendaStart);
  const end = toMinutes(agendaEnd);
  if (durationMinutes <= 0) return null;
  let t = start;
  if (notBefore !== undefined && notBefore > t)
    t = start + Math.ceil((notBefore - start) / durationMinutes) * durationMinutes;
  for (; t + durationMinutes <= end; t += durationMinutes) {
    const slotEnd = t + durationMinutes;
    if (windows.length > 0 && !windows.some((w) => w.start <= t && slotEnd <= w.end)) continue;
    if (!busy.some((b) => b.start < slotEnd && t < b.end)) return fromMinutes(t);
  }
  return null;
}
