import { QUEUE_MINUTES_PER_POSITION } from '@ips/shared/schemas/queue-entry';
import { countOf } from '@ips/shared/format';

/** Spec §9: minutes a patient at this 1-based position can expect to wait, 15 per position. */
export function estimatedWaitMinutes(position: number): number {
  return Math.max(0, Math.round(position)) * QUEUE_MINUTES_PER_POSITION;
}

/** Spec §9: minutes below an hour ('45 min'), else 'Xh Ym' ('1h 30m', '2h 0m'). */
export function formatWait(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)}h ${m % 60}m`;
}

/** Time waited so far: under a day in minutes or hours ('45 min', '20h 4m'), then '1 día', 'N días'. */
export function formatTimeWaiting(minutes: number): string {
  const days = Math.floor(Math.max(0, minutes) / (24 * 60));
  if (days === 0) return formatWait(minutes);
  return countOf(days, 'día');
}
