import { useState } from 'react';
import { toast } from 'sonner';
import { formatDate } from '@ips/shared/format';
import {
  OPORTUNIDAD_INDICATORS,
  OPORTUNIDAD_NAMES,
  type OportunidadIndicator,
} from '@ips/shared/schemas/analytics';
import type { OportunidadAppointmentRow } from '@ips/shared/schemas/analytics-oportunidad-list';
import { Pagination } from '@/components/ui/pagination';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toastError } from '@/lib/error-toast';
import type { OportunidadFilters } from '@/features/analytics/api/analytics';
import { useOportunidadAppointments, useSetFirstVisit } from '@/features/analytics/api/oportunidad';
import { FilterSelect } from '@/features/analytics/components/filter-select';

const FIRST = 'first';
const CONTROL = 'control';
const kindLabel = (firstVisit: boolean) => (firstVisit ? 'Primera vez' : 'Control');

/**
 * 'Citas del periodo': the appointments the indicators draw from (first visits and controls), one server page at
 * a time, with the three dates and the days from the request. An administrator corrects 'Primera vez' /
 * 'Control' per row (PATCH, audited); the indicators above are refetched.
 */
export function OportunidadAppointments({
  filters,
  canManage,
}: {
  filters: OportunidadFilters;
  canManage: boolean;
}) {
  const [indicator, setIndicator] = useState<OportunidadIndicator | null>(null);
  const [page, setPage] = useState(1);
  const q = useOportunidadAppointments(filters, indicator, page);
  const data = q.data;
  return (
    <section className="space-y-3" aria-labelledby="oportunidad-appointments-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="oportunidad-appointments-title" className="text-base font-semibold">
            Citas del periodo
          </h3>
          <p className="text-xs text-muted-foreground">
            Citas no canceladas de las especialidades asignadas, solicitadas en el periodo. Solo las de
            primera vez cuentan en los indicadores.
          </p>
        </div>
        <FilterSelect
          id="oportunidad-list-indicator"
          label="Indicador"
          value={indicator ?? ''}
          allLabel="Todos los indicadores"
          onChange={(v) => {
            setIndicator(v ? (v as OportunidadIndicator) : null);
            setPage(1);
          }}
          options={OPORTUNIDAD_INDICATORS.map((i) => ({ value: i, label: `${i} ${OPORTUNIDAD_NAMES[i]}` }))}
        />
      </div>
      {q.isError && <p className="text-sm font-medium text-destructive">No se pudieron cargar los datos</p>}
      <div className="overflow-x-auto rounded-xl border bg-card">
        <table className="w-full min-w-[860px] text-sm">
          <caption className="sr-only">Citas del periodo del informe de oportunidad</caption>
          <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="p-3">
                Paciente
              </th>
              <th scope="col" className="p-3">
                Especialidad
              </th>
              <th scope="col" className="p-3">
                Fecha de solicitud
              </th>
              <th scope="col" className="p-3">
                Fecha deseada
              </th>
              <th scope="col" className="p-3">
                Fecha asignada
              </th>
              <th scope="col" className="p-3 text-right">
                Días
              </th>
              <th scope="col" className="p-3">
                Tipo de consulta
              </th>
            </tr>
          </thead>
          <tbody>
            {data?.data.map((r) => (
              <AppointmentRow key={r.id} row={r} canManage={canManage} />
            ))}
            {data && data.data.length === 0 && (
              <tr>
                <td colSpan={7} className="p-6 text-center text-muted-foreground">
                  No hay citas en el periodo para las especialidades asignadas.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {data && (
        <Pagination
          page={data.page}
          pageCount={Math.max(1, Math.ceil(data.total / data.limit))}
          total={data.total}
          pageSize={data.limit}
          onPageChange={setPage}
          itemLabel="citas"
          itemOne="cita"
        />
      )}
    </section>
  );
}

function AppointmentRow({ row: r, canManage }: { row: OportunidadAppointmentRow; canManage: boolean }) {
  const setFirstVisit = useSetFirstVisit();
  const change = (value: string) =>
    setFirstVisit.mutate(
      { id: r.id, first_visit: value === FIRST },
      {
        onSuccess: (res) => toast.success(res.message),
        onError: (err) => toastError(err, 'No se pudo actualizar el tipo de consulta'),
      },
    );
  return (
    <tr className="border-t" data-testid={`oportunidad-cita-${r.id}`}>
      <th scope="row" className="p-3 text-left font-medium">
        {r.patient_name}
        <span className="block text-xs font-normal text-muted-foreground">{r.patient_document}</span>
      </th>
      <td className="p-3">
        {r.specialty_name}
        <span className="block text-xs text-muted-foreground">{r.indicator}</span>
      </td>
      <td className="p-3 tabular-nums">{formatDate(r.requested_on)}</td>
      <td className="p-3 tabular-nums">{r.desired_date ? formatDate(r.desired_date) : '—'}</td>
      <td className="p-3 tabular-nums">{formatDate(r.assigned_on)}</td>
      <td className="p-3 text-right tabular-nums">{r.days}</td>
      <td className="p-3">
        {canManage ? (
          <Select
            value={r.first_visit ? FIRST : CONTROL}
            onValueChange={change}
            disabled={setFirstVisit.isPending}
          >
            <SelectTrigger className="w-36" aria-label={`Tipo de consulta de ${r.patient_name}`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={FIRST}>Primera vez</SelectItem>
              <SelectItem value={CONTROL}>Control</SelectItem>
            </SelectContent>
          </Select>
        ) : (
          kindLabel(r.first_visit)
        )}
        {r.corrected && <span className="block text-xs text-muted-foreground">Corregida</span>}
      </td>
    </tr>
  );
}
