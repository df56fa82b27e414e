import { toMinutes } from '@ips/shared/scheduling/calendar-days';

/** Spec §9: the day timeline runs from 8:00 to 19:00, unless the day's agendas need more. */
export const TIMELINE_START_HOUR = 8;
export const TIMELINE_END_HOUR = 19;

/** The first and the last hour row of a day's timeline (the last row is a whole hour). */
export interface HourRange {
  first: number;
  last: number;
}
export const DEFAULT_HOURS: HourRange = { first: TIMELINE_START_HOUR, last: TIMELINE_END_HOUR };

/** The hours shown as rows: 8, 9, …, 19 by default. */
export const hoursOf = ({ first, last }: HourRange) =>
  Array.from({ length: last - first + 1 }, (_, i) => first + i);
export const TIMELINE_HOURS = hoursOf(DEFAULT_HOURS);

/**
 * The rows a day needs: 8:00–19:00 (spec §9), widened to the earliest start and the latest end of its agendas
 * and appointments, so an agenda from 07:00 (or one to 21:00) shows all of its hours (issue 15).
 */
export function dayHours(items: readonly { start: string; minutes: number }[]): HourRange {
  let first = TIMELINE_START_HOUR;
  let last = TIMELINE_END_HOUR;
  for (const it of items) {
    const s = toMinutes(it.start);
    const e = Math.min(s + Math.max(it.minutes, 0), 24 * 60);
    first = Math.min(first, Math.floor(s / 60));
    last = Math.max(last, Math.ceil(e / 60) - 1);
  }
  return { first: Math.max(0, first), last: Math.min(23, last) };
}

export interface Placement {
  /** Offsets from the top of the timeline (its first hour) and heights, in percent of the whole column. */
  topPercent: number;
  heightPercent: number;
  /** True when part of the item lies outside the column and was cut. */
  clipped: boolean;
}

/**
 * Where an item starting at 'HH:mm' and lasting `minutes` sits on the timeline of `hours` (the column ends an
 * hour after the last row); null when wholly outside.
 */
export function placeOnTimeline(
  start: string,
  minutes: number,
  hours: HourRange = DEFAULT_HOURS,
): Placement | null {
  const from = hours.first * 60;
  const to = (hours.last + 1) * 60;
  const s = toMinutes(start);
  const e = s + Math.max(minutes, 0);
  if (e <= from || s >= to) return null;
  const top = Math.max(s, from);
  const bottom = Math.min(Math.max(e, s + 1), to);
  const span = to - from;
  return {
    topPercent: ((top - from) / span) * 100,
    heightPercent: ((bottom - top) / span) * 100,
    clipped: s < from || e > to,
  };
}

/** The timeline row an item falls in: its start hour; null outside the rows (8:00–19:59 by default). */
export function hourRow(start: string, hours: HourRange = DEFAULT_HOURS): number | null {
  const h = Math.floor(toMinutes(start) / 60);
  return h >= hours.first && h <= hours.last ? h : null;
}

export interface HourBar {
  hour: string;
  capacidad: number;
  ocupados: number;
}

/**
 * Capacity vs occupied per hour for the Calendario view: an agenda's slots are laid one after another from its
 * start, `duration_minutes` each, and counted in the hour they start; occupied are the confirmed appointments.
 */
export function capacityByHour(
  agendas: readonly { start_time: string; end_time: string; capacity: number; duration_minutes: number }[],
  confirmedStarts: readonly string[],
  hours: HourRange = DEFAULT_HOURS,
): HourBar[] {
  const rows = hoursOf(hours);
  const cap = new Map<number, number>(rows.map((h) => [h, 0]));
  const occ = new Map<number, number>(rows.map((h) => [h, 0]));
  for (const a of agendas) {
    const start = toMinutes(a.start_time);
    const end = toMinutes(a.end_time);
    const step = a.duration_minutes > 0 ? a.duration_minutes : 30;
    for (let k = 0; k < a.capacity && start + k * step < end; k++) {
      const h = Math.floor((start + k * step) / 60);
      if (cap.has(h)) cap.set(h, cap.get(h)! + 1);
    }
  }
  for (const t of confirmedStarts) {
    const h = hourRow(t, hours);
    if (h !== null) occ.set(h, occ.get(h)! + 1);
  }
  return rows.map((h) => ({
    hour: `${String(h).padStart(2, '0')}:00`,
    capacidad: cap.get(h)!,
    ocupados: occ.get(h)!,
  }));
}
