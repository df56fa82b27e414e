import { daysBetween, isoWeekday } from './calendar-days';

export interface WorkingDayOptions {
  excludeWeekends: boolean;
  /** 'YYYY-MM-DD' public holidays to skip. */
  holidays: ReadonlySet<string>;
}

export function workingDays(start: string, end: string, opts: WorkingDayOptions): string[] {
  return daysBetween(start, end).filter(
    (d) => !(opts.excludeWeekends && isoWeekday(d) >= 6) && !opts.holidays.has(d),
  );
}

export interface DayQuota {
  date: string;
  quota: number;
}

/**
 * Spreads `capacity` over `days`: every day gets the same base share and the remainder goes one each to
 * days picked at random, so the quotas always add up to the capacity exactly. With fewer slots than days,
 * the chosen days get one each and the others none (they are left out of the result).
 */
export function distributeCapacity(
  capacity: number,
  days: readonly string[],
  random: () => number = Math.random,
): DayQuota[] {
  if (!Number.isInteger(capacity) || capacity < 0)
    throw new RangeError('La capacidad debe ser un entero no negativo');
  if (days.length === 0 || capacity === 0) return [];
  const base = Math.floor(capacity / days.length);
  const quotas = days.map((date) => ({ date, quota: base }));
  // Fisher–Yates on the indexes, then the first `remainder` of them get one more.
  const order = days.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  for (let k = 0; k < capacity % days.length; k++) quotas[order[k]!]!.quota += 1;
  return quotas.filter((q) => q.quota > 0);
}
