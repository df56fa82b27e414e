import { addDays, isoWeekday, mondayOf } from '@ips/shared/scheduling/calendar-days';

/** Short Spanish weekday names, Monday first (the agenda week starts on Monday, spec §9). */
export const WEEKDAY_SHORT = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'] as const;

const MONTHS = [
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

export interface DayCounts {
  appointments: number;
  availabilities: number;
}

export interface WeekDay extends DayCounts {
  date: string;
  weekday: (typeof WEEKDAY_SHORT)[number];
  dayOfMonth: number;
  isToday: boolean;
  isPast: boolean;
  isSelected: boolean;
  hasActivity: boolean;
}

/** The Monday-to-Sunday range that contains `day`. */
export function weekRange(day: string): { start: string; end: string } {
  const start = mondayOf(day);
  return { start, end: addDays(start, 6) };
}

/** Monday of the week `n` weeks after the one that contains `day`. */
export function shiftWeek(day: string, n: number): string {
  return addDays(mondayOf(day), 7 * n);
}

/** The seven day cards of the week navigator, with the summary's counts and the flags the legend shows. */
export function buildWeek(
  anchor: string,
  today: string,
  selected: string | null,
  counts: ReadonlyMap<string, DayCounts>,
): WeekDay[] {
  const { start } = weekRange(anchor);
  return Array.from({ length: 7 }, (_, i) => {
    const date = addDays(start, i);
    const c = counts.get(date) ?? { appointments: 0, availabilities: 0 };
    return {
      date,
      weekday: WEEKDAY_SHORT[isoWeekday(date) - 1]!,
      dayOfMonth: Number(date.slice(8, 10)),
      isToday: date === today,
      isPast: date < today,
      isSelected: date === selected,
      appointments: c.appointments,
      availabilities: c.availabilities,
      hasActivity: c.appointments > 0 || c.availabilities > 0,
    };
  });
}

/** '17 – 23 de noviembre de 2026', or across months '30 de noviembre – 6 de diciembre de 2026'. */
export function weekLabel(anchor: string): string {
  const { start, end } = weekRange(anchor);
  const [sy, sm, sd] = start.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
  if (sy !== ey) return `${sd} de ${MONTHS[sm - 1]} de ${sy} – ${ed} de ${MONTHS[em - 1]} de ${ey}`;
  if (sm !== em) return `${sd} de ${MONTHS[sm - 1]} – ${ed} de ${MONTHS[em - 1]} de ${ey}`;
  return `${sd} – ${ed} de ${MONTHS[em - 1]} de ${ey}`;
}

/** 'noviembre de 2026' for 'YYYY-MM'. */
export function monthLabel(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} de ${month.slice(0, 4)}`;
}

/** First and last day of a 'YYYY-MM' month. */
export function monthRange(month: string): { start: string; end: string } {
  const start = `${month}-01`;
  const nextMonth = addDays(`${month}-28`, 4).slice(0, 7);
  return { start, end: addDays(`${nextMonth}-01`, -1) };
}

/** 'YYYY-MM' moved by n months. */
export function shiftMonth(month: string, n: number): string {
  const total = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** The weeks (Monday first) that cover a month; days outside it are null. */
export function monthGrid(month: string): (string | null)[][] {
  const { start, end } = monthRange(month);
  const weeks: (string | null)[][] = [];
  for (let monday = mondayOf(start); monday <= end; monday = addDays(monday, 7)) {
    weeks.push(
      Array.from({ length: 7 }, (_, i) => {
        const d = addDays(monday, i);
        return d >= start && d <= end ? d : null;
      }),
    );
  }
  return weeks;
}
