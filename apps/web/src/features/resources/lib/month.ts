import { localDate } from '@ips/shared/format';

export interface YearMonth {
  year: number;
  /** 1–12 */
  month: number;
}

export const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** The current month in the organisation's timezone. */
export function currentMonth(timezone: string): YearMonth {
  const [y, m] = localDate(new Date(), timezone).split('-').map(Number) as [number, number];
  return { year: y, month: m };
}

export function shiftMonth({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** 'Noviembre de 2026' */
export function monthLabel({ year, month }: YearMonth): string {
  const name = MONTH_NAMES[month - 1] ?? '';
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} de ${year}`;
}
