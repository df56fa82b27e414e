import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { addDaysToDate, dateInRange } from '@/components/ui/date-time-text';
import { cn } from '@/lib/utils';

/**
 * A month of days in Spanish (Colombia), Monday first, whatever the browser's language: DateInput's popover,
 * loaded only when it first opens. Keyboard as in the WAI-ARIA date picker pattern: arrows move a day or a week,
 * Page Up/Down a month (with Shift a year), Home/End the week's ends, Enter or Space chooses (Escape closes the
 * popover around it).
 */

const WEEKDAYS = [
  ['Lu', 'lunes'],
  ['Ma', 'martes'],
  ['Mi', 'miércoles'],
  ['Ju', 'jueves'],
  ['Vi', 'viernes'],
  ['Sá', 'sábado'],
  ['Do', 'domingo'],
] as const;
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
];

const pad = (n: number) => String(n).padStart(2, '0');
const parts = (iso: string) => ({ y: Number(iso.slice(0, 4)), m: Number(iso.slice(5, 7)) });
const monday0 = (iso: string) => (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7;
const firstOf = (y: number, m: number) => `${y}-${pad(m)}-01`;
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

function dayLabel(iso: string): string {
  const { y, m } = parts(iso);
  return `${WEEKDAYS[monday0(iso)]![1]}, ${Number(iso.slice(8, 10))} de ${MONTHS[m - 1]} de ${y}`;
}

/** The same day n months away, on the month's last day if it is shorter (31 Jan + 1 month → 28/29 Feb). */
function addMonths(iso: string, n: number): string {
  const { y, m } = parts(iso);
  const total = y * 12 + (m - 1) + n;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  return `${ny}-${pad(nm)}-${pad(Math.min(Number(iso.slice(8, 10)), daysIn(ny, nm)))}`;
}

function clamp(iso: string, min?: string, max?: string): string {
  if (min && iso < min) return min;
  if (max && iso > max) return max;
  return iso;
}

function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export interface CalendarProps {
  /** 'YYYY-MM-DD' or ''. */
  value: string;
  min?: string;
  max?: string;
  onSelect: (iso: string) => void;
}

export default function Calendar({ value, min, max, onSelect }: CalendarProps) {
  const today = localToday();
  const [focused, setFocused] = useState(() => clamp(value || today, min, max));
  const grid = useRef<HTMLTableElement>(null);
  const { y, m } = parts(focused);

  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const move = (next: string) => setFocused(clamp(next, min, max));
  const minYear = min ? parts(min).y : Math.min(parts(today).y, y) - 120;
  const maxYear = max ? parts(max).y : Math.max(parts(today).y, y) + 10;
  const years = Array.from({ length: maxYear - minYear + 1 }, (_, i) => maxYear - i);

  const onKeyDown = (e: KeyboardEvent) => {
    const keys: Record<string, () => string> = {
      ArrowLeft: () => addDaysToDate(focused, -1),
      ArrowRight: () => addDaysToDate(focused, 1),
      ArrowUp: () => addDaysToDate(focused, -7),
      ArrowDown: () => addDaysToDate(focused, 7),
      Home: () => addDaysToDate(focused, -monday0(focused)),
      End: () => addDaysToDate(focused, 6 - monday0(focused)),
      PageUp: () => addMonths(focused, e.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, e.shiftKey ? 12 : 1),
    };
    if (e.key in keys) {
      e.preventDefault();
      move(keys[e.key]!());
    }
  };

  const start = firstOf(y, m);
  const lead = monday0(start);
  const cells = Array.from({ length: Math.ceil((lead + daysIn(y, m)) / 7) * 7 }, (_, i) =>
    addDaysToDate(start, i - lead),
  );
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const title = `${MONTHS[m - 1]} de ${y}`;
  const prevDisabled = !!min && firstOf(y, m) <= min;
  const nextDisabled = !!max && addDaysToDate(firstOf(y, m), daysIn(y, m) - 1) >= max;

  return (
    <div className="grid gap-2" data-slot="calendar">
      <div className="flex items-center gap-1">
        <button
          type="button"
          className="inline-flex size-8 items-center justify-center rounded-md hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-40"
          aria-label="Mes anterior"
          disabled={prevDisabled}
          onClick={() => move(addMonths(focused, -1))}
        >
          <ChevronLeftIcon className="size-4" aria-hidden />
        </button>
        <select
          aria-label="Mes"
          className="h-8 min-w-0 flex-1 rounded-md border bg-card px-1 text-sm capitalize"
          value={m}
          onChange={(e) => move(addMonths(focused, Number(e.target.value) - m))}
        >
          {MONTHS.map((name, i) => (
            <option key={name} value={i + 1}>
              {name}
            </option>
          ))}
        </select>
        <select
          aria-label="Año"
          className="h-8 rounded-md border bg-card px-1 text-sm tabular-nums"
          value={y}
          onChange={(e) => move(addMonths(focused, (Number(e.target.value) - y) * 12))}
        >
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="inline-flex size-8 items-center justify-center rounded-md hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-40"
          aria-label="Mes siguiente"
          disabled={nextDisabled}
          onClick={() => move(addMonths(focused, 1))}
        >
          <ChevronRightIcon className="size-4" aria-hidden />
        </button>
      </div>
      <table ref={grid} role="grid" aria-label={title} className="border-collapse" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th
                key={short}
                scope="col"
                abbr={long}
                className="size-9 text-xs font-medium text-muted-foreground"
              >
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((iso) => {
                const outside = parts(iso).m !== m;
                const enabled = dateInRange(iso, min, max);
                const selected = iso === value;
                return (
                  <td key={iso} className="p-0 text-center" aria-selected={selected || undefined}>
                    <button
                      type="button"
                      data-day={iso}
                      tabIndex={iso === focused ? 0 : -1}
                      disabled={!enabled}
                      aria-label={dayLabel(iso)}
                      aria-current={iso === today ? 'date' : undefined}
                      onClick={() => onSelect(iso)}
                      className={cn(
                        'inline-flex size-9 items-center justify-center rounded-md text-sm tabular-nums outline-none',
                        'hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-30',
                        outside && 'text-muted-foreground/70',
                        iso === today && !selected && 'font-semibold text-primary',
                        selected && 'bg-primary text-primary-foreground hover:bg-primary',
                      )}
                    >
                      {Number(iso.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
