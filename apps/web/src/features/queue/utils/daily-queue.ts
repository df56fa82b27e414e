import { parseDay } from '@ips/shared/scheduling/calendar-days';

export const DAILY_STATUSES = ['Pendiente', 'Confirmada', 'Completada', 'Cancelada'] as const;

/** Pages of `limit` needed for `total` rows (at least one, so an empty list still has its page 1). */
export function pageCountOf(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** The 1-based page that holds the row at a 0-based position. */
export function pageOfPosition(position: number, limit: number): number {
  return Math.floor(position / limit) + 1;
}

/** A `?date=` worth showing (YYYY-MM-DD, a real day), else null. */
export function validDay(text: string | null): string | null {
  if (!text) return null;
  try {
    parseDay(text);
    return text;
  } catch {
    return null;
  }
}
