import { addDays } from '@ips/shared/scheduling/calendar-days';

/** Spec §9: week = 7 days, month = 1 month, quarter = 3 months. */
export type DashboardPeriod = 'week' | 'month' | 'quarter';
export const PERIOD_LABELS: Record<DashboardPeriod, string> = {
  week: 'Última semana',
  month: 'Último mes',
  quarter: 'Último trimestre',
};

export const UPCOMING_DAYS = 7;
/** 'Próximas disponibilidades' shows 10 agendas a page (spec §2 "up to 10"); the server pages the rest. */
export const UPCOMING_LIMIT = 10;
export const TREND_DAYS = 7;

/** 'YYYY-MM-DD' minus whole months, clamped to the month's last day (31 March − 1 month = 28/29 February). */
export function minusMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const ny = Math.floor(total / 12);
  const nm = total - ny * 12 + 1;
  const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  return `${ny}-${String(nm).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The period ending today (inclusive): the appointments the stat cards count. */
export function periodRange(period: DashboardPeriod, today: string): { start: string; end: string } {
  const start =
    period === 'week' ? addDays(today, -(7 - 1)) : addDays(minusMonths(today, period === 'month' ? 1 : 3), 1);
  return { start, end: today };
}

export interface AgendaSlots {
  id: number;
  date: string;
  start_time: string;
  end_time: string;
  capacity: number;
  booked_slots: number;
  /** Attended appointments: they no longer hold a slot, but a past day was occupied by them. */
  completed_slots?: number;
  status: string;
  specialty_name: string;
}

const open = (a: AgendaSlots) => a.status !== 'Cancelada';
const free = (a: AgendaSlots) => Math.max(0, a.capacity - a.booked_slots);
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

export interface StatCards {
  total: number;
  confirmed: number;
  confirmedPercent: number;
  pending: number;
  totalSlots: number;
  availableSlots: number;
  availablePercent: number;
}

/** The five cards: appointment counts of the period, and the slots of the agendas of the next 7 days. */
export function statCards(
  counts: { total: number; confirmed: number; pending: number },
  nextWeekAgendas: readonly AgendaSlots[],
): StatCards {
  const agendas = nextWeekAgendas.filter(open);
  const totalSlots = agendas.reduce((s, a) => s + a.capacity, 0);
  const availableSlots = agendas.filter((a) => a.status === 'Activa').reduce((s, a) => s + free(a), 0);
  return {
    ...counts,
    confirmedPercent: percent(counts.confirmed, counts.total),
    totalSlots,
    availableSlots,
    availablePercent: percent(availableSlots, totalSlots),
  };
}

export interface SpecialtyBar {
  specialty: string;
  ocupados: number;
  disponibles: number;
}

/** Occupied vs available slots per specialty, busiest first. */
export function slotsBySpecialty(agendas: readonly AgendaSlots[]): SpecialtyBar[] {
  const map = new Map<string, SpecialtyBar>();
  for (const a of agendas.filter(open)) {
    const row = map.get(a.specialty_name) ?? { specialty: a.specialty_name, ocupados: 0, disponibles: 0 };
    row.ocupados += Math.min(a.booked_slots, a.capacity);
    row.disponibles += a.status === 'Activa' ? free(a) : 0;
    map.set(a.specialty_name, row);
  }
  return [...map.values()].sort(
    (x, y) =>
      y.ocupados + y.disponibles - (x.ocupados + x.disponibles) || x.specialty.localeCompare(y.specialty),
  );
}

export interface TrendPoint {
  date: string;
  utilizacion: number;
  ocupados: number;
  capacidad: number;
}

/**
 * One point per day of the last 7 days (today included), also the days without agendas; occupied counts the
 * attended appointments too, or the past days would look empty as consultations are completed.
 */
export function utilizationTrend(agendas: readonly AgendaSlots[], today: string): TrendPoint[] {
  return Array.from({ length: TREND_DAYS }, (_, i) => addDays(today, i - (TREND_DAYS - 1))).map((date) => {
    const day = agendas.filter((a) => open(a) && a.date === date);
    const capacidad = day.reduce((s, a) => s + a.capacity, 0);
    // Occupied on a day gone by: the Confirmada slots and the appointments already attended (Completada).
    const ocupados = day.reduce(
      (s, a) => s + Math.min(a.booked_slots + (a.completed_slots ?? 0), a.capacity),
      0,
    );
    return { date, utilizacion: percent(ocupados, capacidad), ocupados, capacidad };
  });
}
