import { countOf } from '@ips/shared/format';
import { useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useFilterOptions } from '@/features/agendas/api/agendas';
import { useDistributionCalendar, type AvailableDate } from '@/features/agendas/api/distributions';
import { SelectField } from '@/features/agendas/components/dialogs/select-field';
import { DistributionDayDialog } from '@/features/agendas/components/distribution/distribution-day-dialog';
import { useOrgToday } from '@/features/agendas/hooks/use-org-today';
import { monthGrid, monthLabel, monthRange, shiftMonth, WEEKDAY_SHORT } from '@/features/agendas/utils/week';
import { LoadError } from '@/components/list-states';

const ALL = 'all';
const idOrAll = (v: string) => (v === ALL || !v ? undefined : Number(v));

/** The distribution calendar (spec §2): green with slots, red fully booked, blue border with several doctors. */
export function DistributionCalendarView() {
  const { today } = useOrgToday();
  const [month, setMonth] = useState(today.slice(0, 7));
  const [filter, setFilter] = useState({ specialty: ALL, location: ALL, doctor: ALL });
  const [open, setOpen] = useState<AvailableDate | null>(null);
  const options = useFilterOptions().data;
  const { start: monthStart, end } = monthRange(month);
  // Past days offer nothing to book: the window starts today at the earliest.
  const start = monthStart < today ? today : monthStart;
  const calendar = useDistributionCalendar(
    {
      start_date: start,
      end_date: end,
      specialty_id: idOrAll(filter.specialty),
      location_id: idOrAll(filter.location),
      doctor_id: idOrAll(filter.doctor),
    },
    start <= end,
  );
  const byDate = new Map((start <= end ? (calendar.data ?? []) : []).map((d) => [d.date, d]));
  const all = (list: { id: number; name: string }[] | undefined, label: string) => [
    { id: ALL, name: label },
    ...(list ?? []),
  ];

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Distribución"
        description="Cupos disponibles por día según la distribución de las agendas activas."
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <SelectField
          id="dist-specialty"
          label="Especialidad"
          value={filter.specialty}
          onChange={(v) => setFilter({ ...filter, specialty: v })}
          options={all(options?.specialties, 'Todas')}
          placeholder="Todas"
        />
        <SelectField
          id="dist-location"
          label="Ubicación"
          value={filter.location}
          onChange={(v) => setFilter({ ...filter, location: v })}
          options={all(options?.locations, 'Todas')}
          placeholder="Todas"
        />
        <SelectField
          id="dist-doctor"
          label="Doctor"
          value={filter.doctor}
          onChange={(v) => setFilter({ ...filter, doctor: v })}
          options={all(options?.doctors, 'Todos')}
          placeholder="Todos"
        />
      </div>
      <Card aria-label="Calendario de distribución">
        <CardContent className="space-y-4 pt-5">
          <div className="flex items-center justify-between">
            <h2 className="text-lg font-semibold first-letter:uppercase" data-testid="distribution-month">
              {monthLabel(month)}
            </h2>
            <div className="flex gap-1">
              <Button
                size="icon"
                variant="outline"
                aria-label="Mes anterior"
                onClick={() => setMonth(shiftMonth(month, -1))}
              >
                <ChevronLeftIcon aria-hidden />
              </Button>
              <Button size="sm" variant="outline" onClick={() => setMonth(today.slice(0, 7))}>
                Hoy
              </Button>
              <Button
                size="icon"
                variant="outline"
                aria-label="Mes siguiente"
                onClick={() => setMonth(shiftMonth(month, 1))}
              >
                <ChevronRightIcon aria-hidden />
              </Button>
            </div>
          </div>
          <ul className="flex flex-wrap gap-4 text-xs text-muted-foreground" aria-label="Leyenda">
            <li className="inline-flex items-center gap-1.5">
              <span className="size-3 rounded bg-emerald-700" aria-hidden />
              Con cupos
            </li>
            <li className="inline-flex items-center gap-1.5">
              <span className="size-3 rounded bg-red-700" aria-hidden />
              Sin cupos
            </li>
            <li className="inline-flex items-center gap-1.5">
              <span className="size-3 rounded border-2 border-blue-600" aria-hidden />
              Varios doctores
            </li>
          </ul>
          {calendar.isError ? (
            <LoadError
              title="No se pudieron cargar los datos"
              error={calendar.error}
              onRetry={() => void calendar.refetch()}
            />
          ) : (
            <div className="flex flex-col gap-1.5" role="grid" aria-busy={calendar.isFetching}>
              <div className="grid grid-cols-7 gap-1.5" role="row">
                {WEEKDAY_SHORT.map((d) => (
                  <div
                    key={d}
                    role="columnheader"
                    className="pb-1 text-center text-xs font-medium text-muted-foreground"
                  >
                    {d}
                  </div>
                ))}
              </div>
              {monthGrid(month).map((week, w) => (
                <div key={week.find(Boolean) ?? `week-${w}`} className="grid grid-cols-7 gap-1.5" role="row">
                  {week.map((day, i) => (
                    <DayCell
                      key={day ?? `empty-${w}-${i}`}
                      day={day}
                      entry={day ? byDate.get(day) : undefined}
                      today={today}
                      onOpen={setOpen}
                    />
                  ))}
                </div>
              ))}
            </div>
          )}
        </CardContent>
      </Card>
      {open && <DistributionDayDialog day={open} onOpenChange={(o) => !o && setOpen(null)} />}
    </div>
  );
}

function DayCell({
  day,
  entry,
  today,
  onOpen,
}: {
  day: string | null;
  entry?: AvailableDate;
  today: string;
  onOpen: (d: AvailableDate) => void;
}) {
  if (!day) return <div role="gridcell" />;
  const doctors = new Set(entry?.time_slots.map((s) => s.doctor_id)).size;
  const full = !!entry && entry.time_slots.length > 0 && entry.total_available_slots === 0;
  const state = !entry ? 'none' : full ? 'full' : 'available';
  return (
    <div role="gridcell">
      <button
        type="button"
        disabled={!entry}
        data-state={state}
        data-multiple-doctors={doctors > 1 || undefined}
        data-testid={`distribution-day-${day}`}
        onClick={() => entry && onOpen(entry)}
        aria-label={
          entry
            ? `${Number(day.slice(8))}: ${countOf(entry.total_available_slots, 'cupo disponible', 'cupos disponibles')}, ${countOf(doctors, 'doctor', 'doctores')}`
            : String(Number(day.slice(8)))
        }
        className={cn(
          'flex h-16 w-full flex-col items-start justify-between rounded-md border p-1.5 text-left text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
          state === 'available' && 'border-emerald-800 bg-emerald-700 text-white hover:bg-emerald-800',
          state === 'full' && 'border-red-800 bg-red-700 text-white hover:bg-red-800',
          state === 'none' && 'text-muted-foreground',
          doctors > 1 && 'border-[3px] border-blue-600',
          day === today && 'ring-2 ring-primary ring-offset-1',
        )}
      >
        <span className="font-medium">{Number(day.slice(8))}</span>
        {entry && (
          <span className="text-[11px] leading-tight">
            {countOf(entry.total_available_slots, 'cupo', 'cupos')}
          </span>
        )}
      </button>
    </div>
  );
}
