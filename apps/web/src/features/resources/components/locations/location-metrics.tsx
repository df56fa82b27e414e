import { CalendarCheck2Icon } from 'lucide-react';
import { countOf } from '@ips/shared/format';
import { Skeleton } from '@/components/ui/skeleton';
import { useLocationMetrics } from '@/features/resources/api/locations';
import type { YearMonth } from '@/features/resources/lib/month';
import { cn } from '@/lib/utils';

const count = new Intl.NumberFormat('es-CO');
const percent = new Intl.NumberFormat('es-CO', { style: 'percent', maximumFractionDigits: 0 });

/** Occupancy colours as the quota bands (spec part 2 §4): 90 % red, 80 % amber, 60 % teal, else green. */
function barColour(occupancy: number): string {
  if (occupancy >= 0.9) return 'bg-destructive';
  if (occupancy >= 0.8) return 'bg-warning';
  if (occupancy >= 0.6) return 'bg-primary';
  return 'bg-success';
}

/** The month's capacity (agenda slots), occupancy and appointments of one location, as the API reports them. */
export function LocationMetrics({ locationId, month }: { locationId: number; month: YearMonth }) {
  const metrics = useLocationMetrics(locationId, month.month, month.year);

  if (metrics.isPending) {
    return (
      <div className="space-y-2" role="status" aria-label="Cargando métricas">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-2 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (metrics.isError) {
    return <p className="text-sm text-destructive">No se pudieron cargar los datos</p>;
  }

  const m = metrics.data;
  const occupancy = Math.min(1, Math.max(0, m.occupancy));
  const byStatus = m.appointments_by_status;
  const stats = [
    ['Cupos', m.capacity],
    ['Ocupados', m.booked],
    ['Citas', m.appointments_total],
  ] as const;
  return (
    <div className="space-y-3">
      <div>
        <div className="mb-1.5 flex items-baseline justify-between text-sm">
          <span className="font-medium">Ocupación</span>
          <span className="font-semibold tabular-nums">{percent.format(occupancy)}</span>
        </div>
        <div
          role="progressbar"
          aria-label="Ocupación del mes"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(occupancy * 100)}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn('h-full rounded-full transition-[width]', barColour(occupancy))}
            style={{ width: `${occupancy * 100}%` }}
          />
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {stats.map(([label, value]) => (
          <div key={label} className="rounded-md bg-muted/50 px-2 py-1.5">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-base font-semibold tabular-nums">{count.format(value)}</dd>
          </div>
        ))}
      </dl>
      {m.capacity === 0 && m.appointments_total === 0 ? (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <CalendarCheck2Icon className="size-3.5 shrink-0" aria-hidden />
          Sin agendas ni citas registradas en este mes.
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">
          {countOf(byStatus.Confirmada ?? 0, 'confirmada')} · {countOf(byStatus.Pendiente ?? 0, 'pendiente')}{' '}
          · {countOf(byStatus.Completada ?? 0, 'completada')} ·{' '}
          {countOf(byStatus.Cancelada ?? 0, 'cancelada')}
        </p>
      )}
    </div>
  );
}
