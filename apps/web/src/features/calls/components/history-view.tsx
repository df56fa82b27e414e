import { useEffect, useState } from 'react';
import { DownloadIcon, PhoneIcon } from 'lucide-react';
import {
  CALL_CONSTANTS,
  CALL_PRIORITY_LABELS,
  CALL_STATUS_LABELS,
  CALL_TYPE_LABELS,
  type CallPriority,
  type CallStatus,
  type CallType,
} from '@ips/shared/schemas/calls';
import { formatDateTime } from '@ips/shared/format';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { SearchInput } from '@/components/search-input';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { notifySuccess } from '@/lib/notify';
import { useDebounced } from '@/lib/use-debounced';
import { historyExportUrl, useCallHistory, type HistoryFilters } from '@/features/calls/api/calls-api';
import { CallPriorityBadge, CallStatusBadge } from '@/features/calls/components/call-badges';
import { CallDetailDialog } from '@/features/calls/components/call-detail-dialog';
import { CallsTabs } from '@/features/calls/components/calls-tabs';
import { OptionSelect, optionsOf } from '@/features/calls/components/option-select';
import { formatPhone, formatSeconds } from '@/features/calls/utils/format';

const SIZES = CALL_CONSTANTS.historyPageSizes.map((n) => ({ value: String(n), label: `${n} por página` }));

/** Historial de llamadas (spec part 2 §2): filters, search, pages of 25/50/100, detail, the server's CSV. */
export function HistoryView() {
  const [status, setStatus] = useState('');
  const [priority, setPriority] = useState('');
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState<number>(CALL_CONSTANTS.historyDefaultPageSize);
  const [page, setPage] = useState(1);
  const [detail, setDetail] = useState<number | null>(null);
  const debounced = useDebounced(search.trim(), 300);
  const filters: HistoryFilters = {
    status: (status || undefined) as CallStatus | undefined,
    priority: (priority || undefined) as CallPriority | undefined,
    search: debounced || undefined,
  };
  useEffect(() => setPage(1), [status, priority, debounced, limit]);
  const q = useCallHistory(filters, limit, (page - 1) * limit);
  const d = q.data;
  const pageCount = d ? Math.max(1, Math.ceil(d.total / limit)) : 1;

  const download = () => {
    const a = document.createElement('a');
    a.href = historyExportUrl(filters);
    a.rel = 'noopener';
    a.download = '';
    document.body.appendChild(a);
    a.click();
    a.remove();
    notifySuccess('Datos exportados exitosamente');
  };

  return (
    <div>
      <PageHeader
        title="Historial de Llamadas"
        description="Todas las llamadas, las más recientes primero"
        actions={
          <Button variant="outline" onClick={download} disabled={!d || d.total === 0}>
            <DownloadIcon aria-hidden />
            Exportar CSV
          </Button>
        }
      />
      <CallsTabs />
      <div className="mb-4 flex flex-col gap-2 lg:flex-row lg:items-center">
        <SearchInput value={search} onChange={setSearch} label="Buscar por paciente o teléfono" />
        {/* One filter a row on a phone: two side by side cut 'Todas las prioridades' at 390 px. */}
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3 lg:flex">
          <OptionSelect
            label="Estado"
            value={status}
            onChange={setStatus}
            allLabel="Todos los estados"
            options={optionsOf(CALL_STATUS_LABELS)}
            className="lg:w-44"
          />
          <OptionSelect
            label="Prioridad"
            value={priority}
            onChange={setPriority}
            allLabel="Todas las prioridades"
            options={optionsOf(CALL_PRIORITY_LABELS)}
            className="lg:w-56"
          />
          <OptionSelect
            label="Tamaño de página"
            value={String(limit)}
            onChange={(v) => setLimit(Number(v))}
            options={SIZES}
            className="sm:col-span-2 md:col-span-1 lg:w-40"
          />
        </div>
      </div>
      {q.isError && !d ? (
        <LoadError
          title="Error al cargar historial de llamadas"
          error={q.error}
          onRetry={() => void q.refetch()}
        />
      ) : !d ? (
        <ListSkeleton label="Cargando historial" rows={8} />
      ) : d.items.length === 0 ? (
        <EmptyState
          icon={PhoneIcon}
          title="No hay llamadas"
          description="Ninguna llamada coincide con los filtros."
        />
      ) : (
        <div className="space-y-4">
          <div className="overflow-x-auto rounded-lg border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>ID</TableHead>
                  <TableHead>Paciente</TableHead>
                  <TableHead>Teléfono</TableHead>
                  <TableHead>Agente</TableHead>
                  <TableHead>Tipo</TableHead>
                  <TableHead>Estado</TableHead>
                  <TableHead>Prioridad</TableHead>
                  <TableHead className="text-right">Duración</TableHead>
                  <TableHead>Fecha</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {d.items.map((c) => (
                  <TableRow key={c.id} className="cursor-pointer" onClick={() => setDetail(c.id)}>
                    <TableCell className="text-muted-foreground tabular-nums">{c.id}</TableCell>
                    <TableCell>
                      <button
                        type="button"
                        className="text-left font-medium hover:underline focus-visible:underline focus-visible:outline-none"
                        onClick={(e) => {
                          e.stopPropagation();
                          setDetail(c.id);
                        }}
                      >
                        {c.patient_name}
                      </button>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{formatPhone(c.patient_phone)}</TableCell>
                    <TableCell>{c.agent_name ?? '—'}</TableCell>
                    <TableCell>{CALL_TYPE_LABELS[c.call_type as CallType] ?? c.call_type}</TableCell>
                    <TableCell>
                      <CallStatusBadge status={c.status} />
                    </TableCell>
                    <TableCell>
                      <CallPriorityBadge priority={c.priority} />
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{formatSeconds(c.duration)}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatDateTime(c.started_at)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <Pagination
            page={page}
            pageCount={pageCount}
            total={d.total}
            pageSize={limit}
            onPageChange={setPage}
            itemLabel={d.total_exact ? 'llamadas' : 'llamadas (más de 1.000: afine la búsqueda)'}
            itemOne="llamada"
          />
        </div>
      )}
      <CallDetailDialog id={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
