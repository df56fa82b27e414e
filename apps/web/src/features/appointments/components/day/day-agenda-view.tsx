import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  CalendarCheckIcon,
  CalendarIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  GaugeIcon,
  LayersIcon,
  Loader2Icon,
} from 'lucide-react';
import { upperFirst } from '@/features/appointments/utils/scheduled-at';
import { countOf, formatLongDate } from '@ips/shared/format';
import { addDays, parseDay, toMinutes } from '@ips/shared/scheduling/calendar-days';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useAppointments } from '@/features/appointments/api/get-appointments';
import { useAvailabilities, type Availability } from '@/features/appointments/api/get-availabilities';
import { ManualAppointmentDialog } from '@/features/appointments/components/manual/manual-appointment-dialog';
import { QuickAppointmentDialog } from '@/features/appointments/components/quick-appointment-dialog';
import { appointmentPermissions } from '@/features/appointments/utils/permissions';
import { useAuth } from '@/lib/use-auth';
import { DayCalendarChart } from '@/features/appointments/components/day/day-calendar-chart';
import { DayFiltersBar, type DayView } from '@/features/appointments/components/day/day-filters-bar';
import { DayList } from '@/features/appointments/components/day/day-list';
import { DayTimeline } from '@/features/appointments/components/day/day-timeline';
import { StatCard } from '@/features/appointments/components/stat-card';
import { useOrgClock } from '@/features/appointments/hooks/use-org-clock';
import { EMPTY_DAY_FILTERS, applyDayFilters, dayCards } from '@/features/appointments/utils/day-filters';

const validDay = (d: string | null) => {
  if (!d) return null;
  try {
    parseDay(d);
    return d;
  } catch {
    return null;
  }
};

const uniqueBy = (list: { id: number; name: string }[]) =>
  [...new Map(list.map((o) => [o.id, o])).values()].sort((a, b) => a.name.localeCompare(b.name));

/** Agenda del Día (spec §2): one day's agendas and appointments as a timeline, a list or an hourly chart. */
export function DayAgendaView() {
  const { today, nowMinutes } = useOrgClock();
  const { user } = useAuth();
  const { canBook } = appointmentPermissions(user?.role);
  const [quick, setQuick] = useState<Availability | null>(null);
  const [manual, setManual] = useState<Availability | null>(null);
  const [params, setParams] = useSearchParams();
  const date = validDay(params.get('date')) ?? today;
  const setDate = (d: string) => setParams(d === today ? {} : { date: d }, { replace: true });
  const [filters, setFilters] = useState(EMPTY_DAY_FILTERS);
  const [view, setView] = useState<DayView>('timeline');
  const agendasQ = useAvailabilities({ date });
  const appointmentsQ = useAppointments({ date });

  const failed = agendasQ.isError || appointmentsQ.isError;
  useEffect(() => {
    if (failed) toast.error('Error', { description: 'No se pudieron cargar los datos del día' });
  }, [failed]);

  const all = { agendas: agendasQ.data ?? [], appointments: appointmentsQ.data ?? [] };
  const shown = useMemo(
    () => applyDayFilters(filters, agendasQ.data ?? [], appointmentsQ.data ?? []),
    [filters, agendasQ.data, appointmentsQ.data],
  );
  const cards = dayCards(shown.agendas, shown.appointments);
  const loading = agendasQ.isPending || appointmentsQ.isPending;
  const pick = <T extends { name: string; id: number }>(f: (x: (typeof all.agendas)[number]) => T) =>
    uniqueBy(all.agendas.map(f));

  return (
    <div className="mx-auto w-full max-w-[100rem] space-y-5">
      <PageHeader
        title="Agenda del Día"
        description={<span>{upperFirst(formatLongDate(date))}</span>}
        actions={
          <>
            <Button
              variant="outline"
              size="icon"
              aria-label="Día anterior"
              onClick={() => setDate(addDays(date, -1))}
            >
              <ChevronLeftIcon aria-hidden />
            </Button>
            <Button variant="outline" onClick={() => setDate(today)} disabled={date === today}>
              Hoy
            </Button>
            <Button
              variant="outline"
              size="icon"
              aria-label="Día siguiente"
              onClick={() => setDate(addDays(date, 1))}
            >
              <ChevronRightIcon aria-hidden />
            </Button>
            {(agendasQ.isFetching || appointmentsQ.isFetching) && (
              <Loader2Icon
                className="size-4 animate-spin self-center text-muted-foreground"
                aria-label="Cargando"
              />
            )}
          </>
        }
      />
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-4" data-testid="day-cards">
        <StatCard
          title="Agendas"
          icon={<LayersIcon />}
          loading={loading}
          value={cards.agendas}
          detail={countOf(cards.capacity, 'cupo', 'cupos')}
        />
        <StatCard
          title="Ocupación"
          icon={<GaugeIcon />}
          tone={cards.occupancy >= 100 ? 'warning' : 'primary'}
          loading={loading}
          value={`${cards.occupancy}%`}
          detail={`${cards.booked} de ${countOf(cards.capacity, 'cupo ocupado', 'cupos ocupados')}`}
        />
        <StatCard
          title="Citas"
          icon={<CalendarIcon />}
          loading={loading}
          value={cards.appointments}
          detail="Sin contar canceladas"
        />
        <StatCard
          title="Confirmadas"
          icon={<CalendarCheckIcon />}
          tone="success"
          loading={loading}
          value={cards.confirmed}
          detail={`${cards.appointments - cards.confirmed} sin confirmar`}
        />
      </div>
      <DayFiltersBar
        value={filters}
        onChange={setFilters}
        specialties={pick((a) => ({ id: a.specialty_id, name: a.specialty_name }))}
        doctors={pick((a) => ({ id: a.doctor_id, name: a.doctor_name }))}
        locations={pick((a) => ({ id: a.location_id, name: a.location_name }))}
        view={view}
        onView={setView}
      />
      {loading ? (
        <p className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
          <Loader2Icon className="size-4 animate-spin" aria-hidden /> Cargando…
        </p>
      ) : view === 'timeline' ? (
        <DayTimeline
          agendas={shown.agendas}
          appointments={shown.appointments}
          bookable={
            canBook
              ? (a) =>
                  a.status === 'Activa' &&
                  // Not a block that has ended: an appointment must still be able to start in it.
                  (a.date > today ||
                    (a.date === today &&
                      toMinutes(a.end_time.slice(0, 5)) - a.duration_minutes >= nowMinutes))
              : undefined
          }
          onQuick={setQuick}
          onManual={setManual}
        />
      ) : view === 'list' ? (
        <DayList appointments={shown.appointments} />
      ) : (
        <DayCalendarChart agendas={shown.agendas} appointments={shown.appointments} />
      )}
      <QuickAppointmentDialog agenda={quick} onOpenChange={(o) => !o && setQuick(null)} />
      <ManualAppointmentDialog agenda={manual} onOpenChange={(o) => !o && setManual(null)} />
    </div>
  );
}
