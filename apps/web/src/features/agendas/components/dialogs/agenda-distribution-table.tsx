import { countOf, formatDate } from '@ips/shared/format';
import { useAgendaDistribution } from '@/features/agendas/api/distributions';
import { ListSkeleton } from '@/components/list-states';

/** The agenda's quota per working day (GET /availabilities/{id}/distribution). */
export function AgendaDistributionTable({ availabilityId }: { availabilityId: number }) {
  const q = useAgendaDistribution(availabilityId);
  if (q.isPending) return <ListSkeleton rows={1} label="Cargando distribución" />;
  if (q.isError) return <p className="text-sm text-destructive">No se pudo cargar la distribución</p>;
  const rows = q.data;
  const total = rows.reduce((s, r) => s + r.quota, 0);
  return (
    <section aria-label="Distribución de cupos" className="space-y-1.5">
      <h3 className="text-sm font-semibold">
        Distribución de cupos ({countOf(rows.length, 'día', 'días')} · {countOf(total, 'cupo', 'cupos')})
      </h3>
      <div className="max-h-40 overflow-y-auto rounded-md border">
        <table className="w-full text-sm">
          <thead className="sticky top-0 bg-muted text-xs">
            <tr>
              <th scope="col" className="px-2 py-1 text-left">
                Día
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                Cuota
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                Asignados
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                Disponibles
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-t">
                <td className="px-2 py-1">{formatDate(r.day_date)}</td>
                <td className="px-2 py-1 text-right tabular-nums">{r.quota}</td>
                <td className="px-2 py-1 text-right tabular-nums">{r.assigned}</td>
                <td className="px-2 py-1 text-right tabular-nums">{r.remaining}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
