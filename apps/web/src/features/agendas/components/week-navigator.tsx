import { ChevronLeftIcon, ChevronRightIcon, EyeIcon, PlusIcon } from 'lucide-react';
import { countOf } from '@ips/shared/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useAgendaSummary } from '@/features/agendas/api/agendas';
import { useAgendaDialogs } from '@/features/agendas/components/agenda-dialogs-context';
import { buildWeek, shiftWeek, weekLabel, weekRange, type WeekDay } from '@/features/agendas/utils/week';

interface WeekNavigatorProps {
  anchor: string;
  onAnchorChange: (day: string) => void;
  today: string;
  selected: string | null;
  onSelect: (day: string) => void;
  canCreate: boolean;
}

const LEGEND = [
  { label: 'Día actual', className: 'ring-2 ring-primary' },
  { label: 'Seleccionado', className: 'bg-primary' },
  { label: 'Con actividad', className: 'bg-emerald-500' },
  { label: 'Sin actividad', className: 'bg-muted-foreground/30' },
];

/** Spec §2 "Week navigator": Monday to Sunday, with the day's counts and its actions. */
export function WeekNavigator({
  anchor,
  onAnchorChange,
  today,
  selected,
  onSelect,
  canCreate,
}: WeekNavigatorProps) {
  const { start, end } = weekRange(anchor);
  const summary = useAgendaSummary(start, end);
  const counts = new Map((summary.data ?? []).map((d) => [d.date, d]));
  const days = buildWeek(anchor, today, selected, counts);

  return (
    <Card aria-label="Navegador semanal">
      <CardContent className="space-y-3 pt-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold" data-testid="week-label">
            Semana del {weekLabel(anchor)}
          </h2>
          <div className="flex gap-1">
            <Button
              size="icon"
              variant="outline"
              aria-label="Semana anterior"
              onClick={() => onAnchorChange(shiftWeek(anchor, -1))}
            >
              <ChevronLeftIcon aria-hidden />
            </Button>
            <Button size="sm" variant="outline" onClick={() => onAnchorChange(today)}>
              Hoy
            </Button>
            <Button
              size="icon"
              variant="outline"
              aria-label="Semana siguiente"
              onClick={() => onAnchorChange(shiftWeek(anchor, 1))}
            >
              <ChevronRightIcon aria-hidden />
            </Button>
          </div>
        </div>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Leyenda">
          {LEGEND.map((l) => (
            <li key={l.label} className="inline-flex items-center gap-1.5">
              <span className={cn('size-2.5 rounded-full', l.className)} aria-hidden />
              {l.label}
            </li>
          ))}
        </ul>
        <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
          {days.map((d) => (
            <DayCard key={d.date} day={d} onSelect={onSelect} canCreate={canCreate} />
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function DayCard({
  day,
  onSelect,
  canCreate,
}: {
  day: WeekDay;
  onSelect: (d: string) => void;
  canCreate: boolean;
}) {
  const dialogs = useAgendaDialogs();
  return (
    <li
      data-testid={`week-day-${day.date}`}
      className={cn(
        'flex flex-col gap-2 rounded-lg border p-2.5 text-sm transition-colors',
        day.isSelected ? 'border-primary bg-primary/10' : 'bg-card hover:bg-muted/40',
        day.isToday && 'ring-2 ring-primary',
        day.isPast && !day.isSelected && 'border-dashed bg-muted/50',
      )}
    >
      <button
        type="button"
        onClick={() => onSelect(day.date)}
        aria-pressed={day.isSelected}
        aria-label={`${day.weekday} ${day.dayOfMonth}${day.isToday ? ' (hoy)' : ''}`}
        className="flex flex-col items-start gap-1 rounded-md text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <span className="flex w-full items-center justify-between">
          <span className="font-medium">
            {day.weekday} {day.dayOfMonth}
          </span>
          <span
            className={cn(
              'size-2.5 rounded-full',
              day.hasActivity ? 'bg-emerald-500' : 'bg-muted-foreground/30',
            )}
            aria-hidden
          />
        </span>
        {day.hasActivity ? (
          <span className="text-xs text-muted-foreground">
            {countOf(day.availabilities, 'agenda')} · {countOf(day.appointments, 'cita')}
          </span>
        ) : (
          <span className="text-xs text-muted-foreground">Sin actividad</span>
        )}
      </button>
      <div className="mt-auto flex flex-col gap-1">
        {day.hasActivity && (
          <Button
            size="sm"
            variant="ghost"
            className="h-7 justify-start px-2"
            onClick={() => dialogs.open({ kind: 'day', date: day.date })}
          >
            <EyeIcon aria-hidden />
            Ver Detalles
          </Button>
        )}
        {canCreate && !day.isPast && (
          <Button
            size="sm"
            variant="ghost"
            className="h-7 justify-start px-2"
            onClick={() => dialogs.open({ kind: 'create', date: day.date })}
          >
            <PlusIcon aria-hidden />
            {day.availabilities > 0 ? 'Agregar Agenda' : 'Crear Agenda'}
          </Button>
        )}
      </div>
    </li>
  );
}
