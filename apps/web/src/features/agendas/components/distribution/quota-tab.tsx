import { useMemo, useState } from 'react';
import { PencilIcon, PieChartIcon } from 'lucide-react';
import { formatDate } from '@ips/shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { useDistributions, type DistributionEntry } from '@/features/agendas/api/distributions';
import { AdvancedAgendaFilters } from '@/features/agendas/components/advanced-agenda-filters';
import { QuotaEditDialog } from '@/features/agendas/components/distribution/quota-edit-dialog';
import { QuotaSummary } from '@/features/agendas/components/distribution/quota-summary';
import { timeRange } from '@/features/agendas/utils/agenda-display';
import {
  EMPTY_FILTERS,
  matchesFilters,
  type AgendaFilterState,
} from '@/features/agendas/utils/agenda-filters';
import { occupancyPercent, QUOTA_BAND_STYLE, quotaBand } from '@/features/agendas/utils/occupancy';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';

const PAGE_SIZE = 20;

/** Slot quota management (part 2 §2): the agendas' daily quotas with a per-item edit dialog. */
export function QuotaTab({ today, canManage }: { today: string; canManage: boolean }) {
  const [filters, setFilters] = useState<AgendaFilterState>(EMPTY_FILTERS);
  const [editing, setEditing] = useState<DistributionEntry | null>(null);
  const [page, setPage] = useState(1);
  const changeFilters = (next: AgendaFilterState) => {
    setFilters(next);
    setPage(1);
  };
  const q = useDistributions({
    start_date: filters.dateRange.start || today,
    end_date: filters.dateRange.end || undefined,
  });
  const rows = useMemo(
    () =>
      (q.data ?? []).filter((e) =>
        matchesFilters({ ...e, date: e.day_date, status: e.availability_status }, filters),
      ),
    [q.data, filters],
  );
  const pageCount = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pageCount);

  return (
    <div className="space-y-4">
      <AdvancedAgendaFilters value={filters} onChange={changeFilters} />
      <QuotaSummary rows={rows} />
      <Card aria-label="Cupos por día">
        <CardContent className="pt-5">
          {q.isPending ? (
            <ListSkeleton rows={4} label="Cargando distribuciones" />
          ) : q.isError ? (
            <LoadError
              title="No se pudieron obtener las distribuciones filtradas"
              error={q.error}
              onRetry={() => void q.refetch()}
            />
          ) : rows.length === 0 ? (
            <EmptyState
              icon={PieChartIcon}
              title="No hay distribuciones de cupos"
              description="Las agendas creadas con distribución automática reparten su capacidad por día aquí."
            />
          ) : (
            <>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Día</TableHead>
                    <TableHead>Doctor</TableHead>
                    <TableHead>Especialidad · Sede</TableHead>
                    <TableHead>Horario</TableHead>
                    <TableHead className="text-right">Cuota</TableHead>
                    <TableHead className="text-right">Asignados</TableHead>
                    <TableHead className="text-right">Disponibles</TableHead>
                    <TableHead>Utilización</TableHead>
                    {canManage && <TableHead className="sr-only">Acciones</TableHead>}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE).map((e) => {
                    const band = QUOTA_BAND_STYLE[quotaBand(e.assigned, e.quota)];
                    return (
                      <TableRow key={e.distribution_id} data-testid={`quota-row-${e.distribution_id}`}>
                        <TableCell className="whitespace-nowrap">{formatDate(e.day_date)}</TableCell>
                        <TableCell className="min-w-44 font-medium">{e.doctor_name}</TableCell>
                        <TableCell className="text-muted-foreground">
                          {e.specialty_name} · {e.location_name}
                        </TableCell>
                        <TableCell className="whitespace-nowrap">
                          {timeRange(e.start_time, e.end_time)}
                        </TableCell>
                        <TableCell className="text-right tabular-nums">{e.quota}</TableCell>
                        <TableCell className="text-right tabular-nums">{e.assigned}</TableCell>
                        <TableCell className="text-right tabular-nums">{e.remaining}</TableCell>
                        <TableCell>
                          <Badge variant="outline" className={cn(band.className)} title={band.label}>
                            {occupancyPercent(e.assigned, e.quota)} %
                          </Badge>
                        </TableCell>
                        {canManage && (
                          <TableCell>
                            <Button
                              size="icon"
                              variant="ghost"
                              aria-label={`Editar cupos de ${e.doctor_name} el ${formatDate(e.day_date)}`}
                              onClick={() => setEditing(e)}
                            >
                              <PencilIcon aria-hidden />
                            </Button>
                          </TableCell>
                        )}
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
              <Pagination
                className="mt-4"
                page={current}
                pageCount={pageCount}
                total={rows.length}
                pageSize={PAGE_SIZE}
                onPageChange={setPage}
                itemLabel="días"
                itemOne="día"
              />
            </>
          )}
        </CardContent>
      </Card>
      {editing && (
        <QuotaEditDialog
          key={editing.distribution_id}
          open
          onOpenChange={(o) => !o && setEditing(null)}
          entry={editing}
        />
      )}
    </div>
  );
}
