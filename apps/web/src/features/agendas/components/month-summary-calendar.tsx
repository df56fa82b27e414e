import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { countOf } from '@ips/shared/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useAgendaSummary } from '@/features/agendas/api/agendas';
import { monthGrid, monthLabel, monthRange, shiftMonth, WEEKDAY_SHORT } from '@/features/agendas/utils/week';

interface MonthSummaryCalendarProps {
  month: string;
  onMonthChange: (month: string) => void;
  today: string;
  selected: string | null;
  onSelect: (day: string) => void;
}

/** The month calendar summary (GET /appointments/summary): agendas and appointments per day. */
export function MonthSummaryCalendar({
  month,
  onMonthChange,
  today,
  selected,
  onSelect,
}: MonthSummaryCalendarProps) {
  const { start, end } = monthRange(month);
  const summary = useAgendaSummary(start, end);
  const byDay = new Map((summary.data ?? []).map((d) => [d.date, d]));
  const totals = (summary.data ?? []).reduce(
    (s, d) => ({ agendas: s.agendas + d.availabilities, appointments: s.appointments + d.appointments }),
    { agendas: 0, appointments: 0 },
  );

  return (
    <Card aria-label="Resumen del mes">
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle className="text-base first-letter:uppercase" data-testid="summary-month">
          {monthLabel(month)}
        </CardTitle>
        <div className="flex gap-1">
          <Button
            size="icon"
            variant="ghost"
            aria-label="Mes anterior"
            onClick={() => onMonthChange(shiftMonth(month, -1))}
          >
            <ChevronLeftIcon aria-hidden />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label="Mes siguiente"
            onClick={() => onMonthChange(shiftMonth(month, 1))}
          >
            <ChevronRightIcon aria-hidden />
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-2">
        <table className="w-full table-fixed text-center text-xs">
          <thead>
            <tr>
              {WEEKDAY_SHORT.map((d) => (
                <th key={d} scope="col" className="pb-1 font-medium text-muted-foreground">
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthGrid(month).map((week) => (
              <tr key={week.find(Boolean)}>
                {week.map((day, i) => {
                  if (!day) return <td key={i} />;
                  const c = byDay.get(day);
                  const active = !!c && (c.availabilities > 0 || c.appointments > 0);
                  return (
                    <td key={day} className="p-0.5">
                      <button
                        type="button"
                        onClick={() => onSelect(day)}
                        aria-pressed={day === selected}
                        aria-label={`${Number(day.slice(8))}: ${countOf(c?.availabilities ?? 0, 'agenda')}, ${countOf(c?.appointments ?? 0, 'cita')}`}
                        className={cn(
                          'flex h-11 w-full flex-col items-center justify-center rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                          day === selected
                            ? 'bg-primary text-primary-foreground'
                            : active
                              ? 'bg-emerald-50 hover:bg-emerald-100'
                              : 'hover:bg-muted',
                          day === today && day !== selected && 'ring-2 ring-primary',
                          day < today && day !== selected && 'text-muted-foreground',
                        )}
                      >
                        <span className="font-medium">{Number(day.slice(8))}</span>
                        {active && (
                          <span className="text-[10px] leading-none tabular-nums">
                            {c.availabilities}A · {c.appointments}C
                          </span>
                        )}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-xs text-muted-foreground">
          A = agendas, C = citas. Mes: {countOf(totals.agendas, 'agenda', 'agendas')} ·{' '}
          {countOf(totals.appointments, 'cita', 'citas')}.
        </p>
      </CardContent>
    </Card>
  );
}
