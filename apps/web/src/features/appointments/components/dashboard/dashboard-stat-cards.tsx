import {
  CalendarCheckIcon,
  CalendarClockIcon,
  CalendarIcon,
  LayersIcon,
  TicketCheckIcon,
} from 'lucide-react';
import { formatDate } from '@ips/shared/format';
import { StatCard, numberFormat as nf } from '@/features/appointments/components/stat-card';
import type { StatCards } from '@/features/appointments/utils/dashboard-stats';

/** The five cards of spec §2 "Appointments dashboard". */
export function DashboardStatCards({
  stats,
  range,
  loading,
}: {
  stats: StatCards | null;
  range: { start: string; end: string };
  loading: boolean;
}) {
  const s = stats;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5" data-testid="dashboard-stats">
      <StatCard
        title="Total Citas"
        icon={<CalendarIcon />}
        loading={loading || !s}
        value={nf.format(s?.total ?? 0)}
        detail={`Del ${formatDate(range.start)} al ${formatDate(range.end)}`}
      />
      <StatCard
        title="Confirmadas"
        icon={<CalendarCheckIcon />}
        tone="success"
        loading={loading || !s}
        value={nf.format(s?.confirmed ?? 0)}
        detail={`${s?.confirmedPercent ?? 0}% del total`}
      />
      <StatCard
        title="Pendientes"
        icon={<CalendarClockIcon />}
        tone="warning"
        loading={loading || !s}
        value={nf.format(s?.pending ?? 0)}
        detail="Requieren confirmación"
      />
      <StatCard
        title="Cupos Totales"
        icon={<LayersIcon />}
        loading={loading || !s}
        value={nf.format(s?.totalSlots ?? 0)}
        detail="Próximos 7 días"
      />
      <StatCard
        title="Disponibles"
        icon={<TicketCheckIcon />}
        tone="success"
        loading={loading || !s}
        value={nf.format(s?.availableSlots ?? 0)}
        detail={`${s?.availablePercent ?? 0}% libre`}
      />
    </div>
  );
}
