import { localDate } from '@ips/shared/format';

/** Spec §9: the wait estimate is 15 minutes per position. */
export const MINUTES_PER_POSITION = 15;

/** Minutes a patient at this 1-based position can expect to wait. */
export function estimatedWaitMinutes(position: number): number {
  return Math.max(0, Math.round(position)) * MINUTES_PER_POSITION;
}

/** Spec §9: minutes below an hour ('45 min'), else 'Xh Ym' ('1h 30m', '2h 0m'). */
export function formatWait(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)}h ${m % 60}m`;
}

const DAY_MS = 86_400_000;

/**
 * Whole calendar days between entering the queue and today, both read in the organisation's timezone: an
 * entry made yesterday at 23:50 waits 1 day this morning, one made today waits 0.
 */
export function daysWaiting(createdAt: string | Date, tz: string, now: Date = new Date()): number {
  const from = Date.parse(`${localDate(createdAt, tz)}T00:00:00Z`);
  const to = Date.parse(`${localDate(now, tz)}T00:00:00Z`);
  if (!Number.isFinite(from) || !Number.isFinite(to)) return 0;
  return Math.max(0, Math.round((to - from) / DAY_MS));
}

/** '0 días' is said 'Hoy'; '1 día'; 'N días'. */
export function formatDaysWaiting(days: number): string {
  if (days <= 0) return 'Hoy';
  return days === 1 ? '1 día' : `${days} días`;
}
