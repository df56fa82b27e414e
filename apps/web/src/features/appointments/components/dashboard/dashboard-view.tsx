import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CalendarDaysIcon, RefreshCwIcon } from 'lucide-react';
import { formatTime } from '@ips/shared/format';
import { NewAppointmentButton } from '@/components/new-appointment-button';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useShellActions } from '@/lib/shell-actions';
import { useAuth } from '@/lib/use-auth';
import { useDashboardData } from '@/features/appointments/api/get-dashboard';
import type { Availability } from '@/features/appointments/api/get-availabilities';
import {
  SpecialtySlotsChart,
  UtilizationTrendChart,
} from '@/features/appointments/components/dashboard/dashboard-charts';
import { DashboardStatCards } from '@/features/appointments/components/dashboard/dashboard-stat-cards';
import { UpcomingAvailabilities } from '@/features/appointments/components/dashboard/upcoming-availabilities';
import { QuickAppointmentDialog } from '@/features/appointments/components/quick-appointment-dialog';
import { SimpleSelect } from '@/features/appointments/components/simple-select';
import { useOrgClock } from '@/features/appointments/hooks/use-org-clock';
import {
  PERIOD_LABELS,
  slotsBySpecialty,
  statCards,
  utilizationTrend,
  type DashboardPeriod,
} from '@/features/appointments/utils/dashboard-stats';
import { appointmentPermissions } from '@/features/appointments/utils/permissions';

/** Panel de Citas Médicas (spec §2 "Appointments dashboard"): the landing page after sign-in. */
export function DashboardView() {
  const { user } = useAuth();
  const { canBook } = appointmentPermissions(user?.role);
  const { today, timezone } = useOrgClock();
  const [period, setPeriod] = useState<DashboardPeriod>('week');
  const [booking, setBooking] = useState<Availability | null>(null);
  // 'Nueva Cita' is the shell's one dialog, also opened by its keyboard shortcut from any page.
  const newAppointment = useShellActions()?.newAppointment;
  const data = useDashboardData(period, today);

  useEffect(() => {
    if (data.error)
      toast.error('Error cargando datos', {
        description: 'No se pudieron cargar las estadísticas del dashboard',
      });
  }, [data.error]);

  const stats = useMemo(
    () => (data.counts && data.nextWeek ? statCards(data.counts, data.nextWeek) : null),
    [data.counts, data.nextWeek],
  );
  const bars = useMemo(() => slotsBySpecialty(data.nextWeek ?? []), [data.nextWeek]);
  const trend = useMemo(() => utilizationTrend(data.lastWeek ?? [], today), [data.lastWeek, today]);

  return (
    <div className="mx-auto w-full max-w-[100rem] space-y-6">
      <PageHeader
        title="Panel de Citas Médicas"
        description={
          <span data-testid="last-updated">
            Última actualización: {data.updatedAt > 0 ? formatTime(data.updatedAt, timezone) : '—'}
          </span>
        }
        actions={
          <>
            <div className="w-44">
              <SimpleSelect
                id="dashboard-period"
                aria-label="Periodo"
                value={period}
                onChange={(v) => setPeriod(v as DashboardPeriod)}
                options={(Object.keys(PERIOD_LABELS) as DashboardPeriod[]).map((p) => ({
                  value: p,
                  label: PERIOD_LABELS[p],
                }))}
              />
            </div>
            <Button variant="outline" onClick={() => void data.refetch()} disabled={data.isFetching}>
              <RefreshCwIcon className={data.isFetching ? 'animate-spin' : undefined} aria-hidden />
              Actualizar
            </Button>
            <Button variant="outline" asChild>
              <Link to="/daily-agenda">
                <CalendarDaysIcon aria-hidden />
                Agenda del Día
              </Link>
            </Button>
            {canBook && newAppointment && <NewAppointmentButton onClick={newAppointment} />}
          </>
        }
      />

      <DashboardStatCards stats={stats} range={data.range} loading={data.isLoading} />

      <div className="grid gap-4 xl:grid-cols-2">
        <SpecialtySlotsChart data={bars} />
        <UtilizationTrendChart data={trend} />
      </div>

      <UpcomingAvailabilities onBook={canBook ? setBooking : undefined} />

      <QuickAppointmentDialog agenda={booking} onOpenChange={(open) => !open && setBooking(null)} />
    </div>
  );
}
