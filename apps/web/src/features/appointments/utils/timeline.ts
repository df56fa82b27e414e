import { toMinutes } from '@ips/shared/scheduling/calendar-days';

/** Spec §9: the day timeline runs from 8:00 to 19:00. */
export const TIMELINE_START_HOUR = 8;
export const TIMELINE_END_HOUR = 19;

/** The hours shown as rows: 8, 9, …, 19. */
export const TIMELINE_HOURS = Array.from(
  { length: TIMELINE_END_HOUR - TIMELINE_START_HOUR + 1 },
  (_, i) => TIMELINE_START_HOUR + i,
);

export interface Placement {
  /** Offsets from the top of the timeline (8:00) and heights, in percent of the whole 8:00–20:00 column. */
  topPercent: number;
  heightPercent: number;
  /** True when part of the item lies outside 8:00–20:00 and was cut. */
  clipped: boolean;
}

const FROM = TIMELINE_START_HOUR * 60;
/** The 19:00 row is a whole hour, so the column ends at 20:00. */
const TO = (TIMELINE_END_HOUR + 1) * 60;

/** Where an item starting at 'HH:mm' and lasting `minutes` sits on the timeline; null when wholly outside. */
export function placeOnTimeline(start: string, minutes: number): Placement | null {
  const s = toMinutes(start);
  const e = s + Math.max(minutes, 0);
  if (e <= FROM || s >= TO) return null;
  const top = Math.max(s, FROM);
  const bottom = Math.min(Math.max(e, s + 1), TO);
  const span = TO - FROM;
  return {
    topPercent: ((top - FROM) / span) * 100,
    heightPercent: ((bottom - top) / span) * 100,
    clipped: s < FROM || e > TO,
  };
}

/** The timeline row an item falls in: its start hour, clamped to the rows; null outside 8:00–19:59. */
export function hourRow(start: string): number | null {
  const h = Math.floor(toMinutes(start) / 60);
  return h >= TIMELINE_START_HOUR && h <= TIMELINE_END_HOUR ? h : null;
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
): HourBar[] {
  const cap = new Map<number, number>(TIMELINE_HOURS.map((h) => [h, 0]));
  const occ = new Map<number, number>(TIMELINE_HOURS.map((h) => [h, 0]));
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
    const h = hourRow(t);
    if (h !== null) occ.set(h, occ.get(h)! + 1);
  }
  return TIMELINE_HOURS.map((h) => ({
    hour: `${String(h).padStart(2, '0')}:00`,
    capacidad: cap.get(h)!,
    ocupados: occ.get(h)!,
  }));
}
