import { useState } from 'react';
import { formatDate } from '@ips/shared/format';
import { ANALYTICS_RANGES, RANGE_LABELS, type AnalyticsRange } from '@ips/shared/schemas/analytics';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  useLocations,
  useMunicipalities,
  useOverview,
  usePerformance,
  useSpecialties,
  useZones,
  type AnalyticsFilters,
} from '@/features/analytics/api/analytics';
import { FilterSelect } from '@/features/analytics/components/filter-select';
import { fmtNumber } from '@/features/analytics/components/format';
import { KpiCards } from '@/features/analytics/components/kpi-cards';
import {
  LazyLocationCharts,
  LazySpecialtyPie,
  LazySummaryCharts,
} from '@/features/analytics/components/lazy-charts';
import { OportunidadPanel } from '@/features/analytics/components/oportunidad-panel';
import { PerformancePanel } from '@/features/analytics/components/performance-panel';

const LOAD_ERROR = 'No se pudieron cargar los datos';

function ErrorLine({ show }: { show: boolean }) {
  return show ? <p className="text-sm font-medium text-destructive">{LOAD_ERROR}</p> : null;
}

/** Análisis (spec part 2 §2): filters, the four cards and the tabs, every figure from the API (decision 032). */
export function AnalyticsView() {
  const [filters, setFilters] = useState<AnalyticsFilters>({
    range: '30d',
    zone_id: null,
    municipality_id: null,
  });
  const [tab, setTab] = useState('resumen');
  const zones = useZones();
  const towns = useMunicipalities(filters.zone_id);
  const overview = useOverview(filters);
  const locations = useLocations(filters);
  const specialties = useSpecialties(filters);
  const performance = usePerformance(filters);
  const period = overview.data
    ? `Del ${formatDate(overview.data.from)} al ${formatDate(overview.data.to)}`
    : 'Consultas de la IPS';

  return (
    <div className="space-y-6">
      <PageHeader title="Análisis" description={period} />
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Filtros">
        <FilterSelect
          id="analytics-zone"
          label="Zona"
          value={filters.zone_id === null ? '' : String(filters.zone_id)}
          allLabel="Todas las zonas"
          onChange={(v) =>
            setFilters((f) => ({ ...f, zone_id: v ? Number(v) : null, municipality_id: null }))
          }
          options={(zones.data ?? []).map((z) => ({ value: String(z.id), label: z.name }))}
        />
        <FilterSelect
          id="analytics-municipality"
          label="Municipio"
          value={filters.municipality_id === null ? '' : String(filters.municipality_id)}
          allLabel={filters.zone_id === null ? 'Elija primero una zona' : 'Todos los municipios'}
          disabled={filters.zone_id === null}
          onChange={(v) => setFilters((f) => ({ ...f, municipality_id: v ? Number(v) : null }))}
          options={(towns.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
        />
        <FilterSelect
          id="analytics-range"
          label="Rango"
          value={filters.range}
          onChange={(v) => setFilters((f) => ({ ...f, range: v as AnalyticsRange }))}
          options={ANALYTICS_RANGES.map((r) => ({ value: r, label: RANGE_LABELS[r] }))}
        />
      </div>

      <ErrorLine show={overview.isError} />
      <KpiCards totals={overview.data?.totals} loading={overview.isFetching} />

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="flex h-auto flex-wrap">
          <TabsTrigger value="resumen">Resumen</TabsTrigger>
          <TabsTrigger value="ubicaciones">Ubicaciones</TabsTrigger>
          <TabsTrigger value="especialidades">Especialidades</TabsTrigger>
          <TabsTrigger value="rendimiento">Rendimiento</TabsTrigger>
          <TabsTrigger value="oportunidad">Oportunidad</TabsTrigger>
        </TabsList>
        <TabsContent value="resumen" className="mt-4">
          {overview.data && <LazySummaryCharts data={overview.data} />}
        </TabsContent>
        <TabsContent value="ubicaciones" className="mt-4 space-y-4">
          <ErrorLine show={locations.isError} />
          {locations.data && (
            <>
              <LazyLocationCharts data={locations.data} />
              <RankTable
                caption="10 municipios con más consultas"
                head={['Municipio', 'Zona', 'Consultas']}
                rows={locations.data.top_municipalities.map((m) => [
                  m.name,
                  m.zone,
                  fmtNumber(m.consultations),
                ])}
              />
            </>
          )}
        </TabsContent>
        <TabsContent value="especialidades" className="mt-4">
          <ErrorLine show={specialties.isError} />
          {specialties.data && (
            <div className="grid gap-4 lg:grid-cols-2">
              <LazySpecialtyPie data={specialties.data} />
              <RankTable
                caption="Ranking de especialidades"
                head={['#', 'Especialidad', 'Consultas']}
                rows={specialties.data.by_specialty.map((s, i) => [
                  String(i + 1),
                  s.name,
                  fmtNumber(s.consultations),
                ])}
              />
            </div>
          )}
        </TabsContent>
        <TabsContent value="rendimiento" className="mt-4">
          <ErrorLine show={performance.isError} />
          {performance.data && <PerformancePanel data={performance.data} />}
        </TabsContent>
        <TabsContent value="oportunidad" className="mt-4">
          {overview.data && <OportunidadPanel today={overview.data.to} />}
        </TabsContent>
      </Tabs>
    </div>
  );
}

function RankTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <table className="w-full text-sm">
        <caption className="p-3 text-left text-sm font-semibold">{caption}</caption>
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={`p-3 ${i === head.length - 1 ? 'text-right' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={head.length} className="p-3 text-center text-muted-foreground">
                Sin datos para mostrar
              </td>
            </tr>
          )}
          {rows.map((r) => (
            <tr key={r.join('|')} className="border-t">
              {r.map((c, i) => (
                <td key={i} className={`p-3 ${i === r.length - 1 ? 'text-right tabular-nums' : ''}`}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
