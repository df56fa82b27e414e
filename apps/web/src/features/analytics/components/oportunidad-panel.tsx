import { useState } from 'react';
import { AlertTriangleIcon, DownloadIcon } from 'lucide-react';
import { countOf } from '@ips/shared/format';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import {
  oportunidadExportUrl,
  useNamedList,
  useOportunidad,
  type OportunidadFilters,
} from '@/features/analytics/api/analytics';
import { FilterSelect } from '@/features/analytics/components/filter-select';
import { fmtNumber } from '@/features/analytics/components/format';
import { LazyOportunidadTrend } from '@/features/analytics/components/lazy-charts';
import { IndicatorsDialog } from '@/features/analytics/components/indicators-dialog';
import { OportunidadAppointments } from '@/features/analytics/components/oportunidad-appointments';
import { ANALYTICS_MANAGE_ROLES } from '@ips/shared/schemas/analytics-roles';
import { useAuth } from '@/lib/use-auth';

const MONTHS = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];

/**
 * Oportunidad (Res. 256 de 2016): P.3.1–P.3.7 for a month or a semester, from the request and from the desired
 * date, against the Res. 1552 target of 3 working days (general medicine and dentistry), with the 12-month trend.
 */
export function OportunidadPanel({ today }: { today: string }) {
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [period, setPeriod] = useState(`m${Number(today.slice(5, 7))}`);
  const month = period.startsWith('m') ? Number(period.slice(1)) : null;
  const semester = period.startsWith('s') ? Number(period.slice(1)) : null;
  const [site, setSite] = useState('');
  const [eps, setEps] = useState('');
  const sites = useNamedList('/locations');
  const insurers = useNamedList('/eps');
  const filters: OportunidadFilters = {
    year,
    month,
    semester,
    location_id: site ? Number(site) : null,
    eps_id: eps ? Number(eps) : null,
  };
  const q = useOportunidad(filters);
  const { user } = useAuth();
  const canManage = !!user && ANALYTICS_MANAGE_ROLES.includes(user.role);
  const periods = [
    ...MONTHS.map((m, i) => ({ value: `m${i + 1}`, label: m })),
    { value: 's1', label: 'Primer semestre' },
    { value: 's2', label: 'Segundo semestre' },
  ];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <FilterSelect
          id="oportunidad-year"
          label="Año"
          value={String(year)}
          onChange={(v) => setYear(Number(v))}
          options={[thisYear - 2, thisYear - 1, thisYear].map((y) => ({
            value: String(y),
            label: String(y),
          }))}
        />
        <FilterSelect
          id="oportunidad-period"
          label="Periodo"
          value={period}
          onChange={setPeriod}
          options={periods}
        />
        <FilterSelect
          id="oportunidad-site"
          label="Sede"
          value={site}
          allLabel="Todas las sedes"
          onChange={setSite}
          options={(sites.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
        />
        <FilterSelect
          id="oportunidad-eps"
          label="EPS"
          value={eps}
          allLabel="Todas las EPS"
          onChange={setEps}
          options={(insurers.data ?? []).map((e) => ({ value: String(e.id), label: e.name }))}
        />
        <div className="flex flex-wrap items-end gap-2 sm:ml-auto">
          {canManage && <IndicatorsDialog />}
          <Button variant="outline" asChild>
            <a href={oportunidadExportUrl('indicators', filters)} download>
              <DownloadIcon aria-hidden />
              Indicadores (Excel)
            </a>
          </Button>
          <Button variant="outline" asChild>
            <a href={oportunidadExportUrl('detail', filters)} download>
              <DownloadIcon aria-hidden />
              Detalle por cita (Excel)
            </a>
          </Button>
        </div>
      </div>
      {q.isError && <p className="text-sm font-medium text-destructive">No se pudieron cargar los datos</p>}
      <div className="overflow-x-auto rounded-xl border bg-card">
        <table className="w-full min-w-[720px] text-sm">
          <caption className="sr-only">Indicadores de oportunidad, Resolución 256 de 2016</caption>
          <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="p-3">
                Indicador
              </th>
              <th scope="col" className="p-3 text-right">
                Días (num.)
              </th>
              <th scope="col" className="p-3 text-right">
                Citas de primera vez (den.)
              </th>
              <th scope="col" className="p-3 text-right">
                Desde la solicitud
              </th>
              <th scope="col" className="p-3 text-right">
                Desde la fecha deseada
              </th>
              <th scope="col" className="p-3 text-right">
                Días hábiles
              </th>
              <th scope="col" className="p-3">
                Meta (Res. 1552)
              </th>
            </tr>
          </thead>
          <tbody>
            {(q.data?.indicators ?? []).map((i) => (
              <tr key={i.indicator} className="border-t" data-testid={`oportunidad-${i.indicator}`}>
                <th scope="row" className="p-3 text-left font-medium">
                  {i.indicator} {i.name}
                  <span className="block text-xs font-normal text-muted-foreground">
                    {i.specialties.length ? i.specialties.join(', ') : 'Sin especialidad asignada'}
                  </span>
                </th>
                <td className="p-3 text-right tabular-nums">{fmtNumber(i.from_request.numerator)}</td>
                <td className="p-3 text-right tabular-nums">{fmtNumber(i.from_request.denominator)}</td>
                <td className="p-3 text-right font-semibold tabular-nums">
                  {fmtNumber(i.from_request.value)}
                </td>
                <td className="p-3 text-right tabular-nums">
                  {fmtNumber(i.from_desired.value)}
                  <span className="block text-xs text-muted-foreground">
                    {i.from_desired.denominator} con fecha
                  </span>
                </td>
                <td className="p-3 text-right tabular-nums">{fmtNumber(i.working_days)}</td>
                <td className="p-3">
                  {i.target_working_days === null ? (
                    <span className="text-muted-foreground">—</span>
                  ) : i.exceeded ? (
                    <Badge variant="destructive" className="gap-1">
                      <AlertTriangleIcon className="size-3" aria-hidden />
                      Supera {countOf(i.target_working_days, 'día hábil', 'días hábiles')}
                    </Badge>
                  ) : (
                    <span>Dentro de {i.target_working_days} días hábiles</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">
        Valor = días calendario entre la fecha de solicitud (o la fecha deseada) y la fecha asignada, sobre
        las citas de primera vez solicitadas en el periodo; las citas de control y las canceladas no cuentan.
      </p>
      {q.data && <LazyOportunidadTrend data={q.data.trend} />}
      <OportunidadAppointments key={JSON.stringify(filters)} filters={filters} canManage={canManage} />
    </div>
  );
}
