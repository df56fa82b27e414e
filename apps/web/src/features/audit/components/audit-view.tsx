import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DownloadIcon, HistoryIcon } from 'lucide-react';
import { AUDIT_MAX_OFFSET } from '@ips/shared/schemas/audit';
import { countOf } from '@ips/shared/format';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import {
  AUDIT_PAGE_SIZE,
  auditExportUrl,
  useAuditList,
  useAuditSummary,
  type AuditFilters,
} from '../api/get-audit';
import { count } from '../utils/labels';
import { AuditDetailDialog } from './audit-detail-dialog';
import { AuditFilterBar } from './audit-filters';
import { AuditSummaryCard } from './audit-summary';
import { AuditTable } from './audit-table';

const KEYS = ['table_name', 'record_id', 'user_id', 'action', 'from', 'to'] as const;

/** Auditoría: the 30-day summary, the filtered list of changes, a change's detail and the CSV export. */
export function AuditView() {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = Object.fromEntries(
    KEYS.map((k) => [k, params.get(k) || undefined]).filter(([, v]) => v),
  );
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useAuditList(filters, page);
  const summary = useAuditSummary(30);

  const go = (next: AuditFilters, nextPage = 1) => {
    const p = new URLSearchParams();
    for (const k of KEYS) if (next[k]) p.set(k, next[k]!);
    if (nextPage > 1) p.set('page', String(nextPage));
    setParams(p, { replace: true });
  };

  const total = list.data?.total ?? 0;
  const exact = list.data?.exact ?? true;
  // Past the counted rows pages are not offered: narrow the filters or export.
  const pageCount = Math.ceil(Math.min(total, AUDIT_MAX_OFFSET) / AUDIT_PAGE_SIZE);

  return (
    <div className="mx-auto w-full max-w-7xl">
      <PageHeader
        title="Auditoría"
        description="Quién cambió qué y cuándo: los cambios registrados con sus valores anteriores y nuevos."
        actions={
          <Button variant="outline" asChild>
            <a href={auditExportUrl(filters)} download data-testid="audit-export">
              <DownloadIcon aria-hidden />
              Exportar CSV
            </a>
          </Button>
        }
      />
      <AuditSummaryCard
        summary={summary.data}
        error={summary.error}
        onRetry={() => void summary.refetch()}
        onPick={(patch) => go({ ...filters, ...patch })}
      />
      <AuditFilterBar filters={filters} onChange={(f) => go(f)} users={summary.data?.by_user ?? []} />
      <p className="mb-2 text-sm text-muted-foreground" aria-live="polite" data-testid="audit-count">
        {list.data
          ? exact
            ? countOf(total, 'cambio', 'cambios')
            : `Más de ${count.format(total)} cambios: afine los filtros para ver los anteriores, o exporte a CSV`
          : ''}
      </p>
      {list.isPending ? (
        <ListSkeleton rows={8} label="Cargando cambios" />
      ) : list.isError ? (
        <LoadError
          title="No se pudo cargar la auditoría"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.data.length === 0 ? (
        <EmptyState
          icon={HistoryIcon}
          title="No hay cambios que coincidan"
          description="Pruebe con otros filtros o un periodo más amplio."
        />
      ) : (
        <>
          <AuditTable rows={list.data.data} busy={list.isPlaceholderData} onOpen={setOpenId} />
          <Pagination
            className="mt-4"
            page={page}
            pageCount={pageCount}
            total={total}
            pageSize={AUDIT_PAGE_SIZE}
            onPageChange={(n) => go(filters, n)}
            itemLabel="cambios"
            itemOne="cambio"
          />
        </>
      )}
      <AuditDetailDialog id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
