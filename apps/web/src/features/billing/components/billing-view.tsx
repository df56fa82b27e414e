import { useState } from 'react';
import { DownloadIcon, RefreshCwIcon, ReceiptTextIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { localDate } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import {
  BILLING_LIMITS,
  BILLING_MANAGE_ROLES,
  BILLING_STATUS_LABELS,
  type BillingRecord,
  type BillingStatus,
} from '@ips/shared/schemas/billing';
import { canRole } from '@ips/shared/catalogs/roles';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { Switch } from '@/components/ui/switch';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAuth } from '@/lib/use-auth';
import { useDebounced } from '@/lib/use-debounced';
import { useOrgSettings } from '@/lib/settings/use-org-settings';
import {
  billingKeys,
  exportUrl,
  useBillingList,
  useBillingMetrics,
  useBillingSummary,
  useUpdateBillingStatus,
  type BillingFilters,
} from '@/features/billing/api/billing';
import { AuditDialog } from '@/features/billing/components/audit-dialog';
import { BillingCards } from '@/features/billing/components/billing-cards';
import {
  BillingFiltersBar,
  GROUP_LABELS,
  type FilterState,
} from '@/features/billing/components/billing-filters';
import { BillingSummaryTable } from '@/features/billing/components/billing-summary';
import { BillingTable, type SortState } from '@/features/billing/components/billing-table';
import { useBillingLive } from '@/features/billing/hooks/use-billing-live';

const LIVE_KEY = 'billing_live';
const readLive = () => {
  try {
    return localStorage.getItem(LIVE_KEY) !== 'off';
  } catch {
    return true;
  }
};

/** Facturación (spec part 2 §2 "Billing"). */
export function BillingView() {
  const { timezone } = useOrgSettings();
  const { user } = useAuth();
  const canManage = canRole(BILLING_MANAGE_ROLES, user?.role);
  const qc = useQueryClient();
  const [filters, setFilters] = useState<FilterState>(() => {
    const today = localDate(new Date(), timezone);
    return {
      from: addDays(today, 1 - BILLING_LIMITS.defaultRangeDays),
      to: today,
      status: '',
      q: '',
      doctor: null,
      service: null,
      group: 'day',
    };
  });
  const [sort, setSort] = useState<SortState>({ sort: 'created_at', dir: 'desc' });
  const [page, setPage] = useState(1);
  const [auditId, setAuditId] = useState<number | null>(null);
  const [live, setLive] = useState(readLive);
  const mode = useBillingLive(live);

  const q = useDebounced(filters.q, 250);
  const api: BillingFilters = {
    from: filters.from,
    to: filters.to,
    status: filters.status,
    q,
    doctor_id: filters.doctor?.id ?? null,
    service_id: filters.service?.id ?? null,
  };
  const list = useBillingList(api, { offset: (page - 1) * BILLING_LIMITS.pageSize, ...sort });
  const summary = useBillingSummary(api, filters.group);
  const metrics = useBillingMetrics(api);
  const update = useUpdateBillingStatus();

  const change = (patch: Partial<FilterState>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const setStatus = (row: BillingRecord, status: BillingStatus) =>
    update.mutate(
      { id: row.id, status },
      {
        onSuccess: () =>
          notifySuccess('Estado actualizado', `Registro #${row.id}: ${BILLING_STATUS_LABELS[status]}`),
        onError: (err) => notifyError(err, 'No se pudo cambiar el estado'),
      },
    );
  const toggleLive = (on: boolean) => {
    setLive(on);
    try {
      localStorage.setItem(LIVE_KEY, on ? 'on' : 'off');
    } catch {
      // Without storage the choice lasts for this visit.
    }
  };

  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / BILLING_LIMITS.pageSize));
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Facturación"
        description="Registros de facturación de las citas atendidas, por rango, estado, doctor y servicio."
        actions={
          <>
            <div className="flex items-center gap-2 rounded-md border bg-card px-3">
              <Switch id="billing-live" checked={live} onCheckedChange={toggleLive} />
              <Label htmlFor="billing-live" className="cursor-pointer py-2 text-sm">
                Tiempo Real (SSE)
              </Label>
              {mode === 'POLL' && (
                <span
                  className="text-xs text-muted-foreground"
                  title="La conexión en vivo falló: se actualiza cada 15 s"
                >
                  cada 15 s
                </span>
              )}
            </div>
            <Button
              variant="outline"
              onClick={() => void qc.invalidateQueries({ queryKey: billingKeys.all })}
            >
              <RefreshCwIcon aria-hidden className={list.isFetching ? 'animate-spin' : undefined} />
              Actualizar
            </Button>
            <Button variant="outline" asChild>
              <a href={exportUrl(api)} download>
                <DownloadIcon aria-hidden />
                CSV
              </a>
            </Button>
          </>
        }
      />
      <BillingFiltersBar
        value={filters}
        onChange={change}
        onClearAdvanced={() => change({ status: '', q: '', doctor: null, service: null })}
      />
      <BillingCards metrics={metrics.data} />

      <section className="rounded-lg border bg-card p-4" aria-labelledby="billing-summary-title">
        <h2 id="billing-summary-title" className="mb-3 text-base font-semibold">
          Resumen por {GROUP_LABELS[filters.group].toLowerCase()}
        </h2>
        {summary.isPending ? (
          <ListSkeleton rows={4} label="Cargando resumen" />
        ) : summary.isError ? (
          <LoadError
            title="No se pudo cargar el resumen"
            error={summary.error}
            onRetry={() => void summary.refetch()}
          />
        ) : (
          <BillingSummaryTable items={summary.data} group={filters.group} />
        )}
      </section>

      <section className="rounded-lg border bg-card p-4" aria-labelledby="billing-detail-title">
        <h2 id="billing-detail-title" className="mb-3 text-base font-semibold">
          Detalle
        </h2>
        {list.isPending ? (
          <ListSkeleton label="Cargando facturación" />
        ) : list.isError ? (
          <LoadError
            title="No se pudieron cargar los datos"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : list.data.data.length === 0 ? (
          <EmptyState
            icon={ReceiptTextIcon}
            title="Sin registros de facturación"
            description="Las citas completadas en el rango aparecen aquí. Ajuste las fechas o los filtros."
          />
        ) : (
          <>
            <BillingTable
              rows={list.data.data}
              sort={sort}
              onSort={(s) => {
                setSort(s);
                setPage(1);
              }}
              canManage={canManage}
              timezone={timezone}
              pendingId={update.isPending ? (update.variables?.id ?? null) : null}
              onStatus={setStatus}
              onAudit={setAuditId}
            />
            <Pagination
              page={page}
              pageCount={pageCount}
              total={total}
              pageSize={BILLING_LIMITS.pageSize}
              onPageChange={setPage}
              itemLabel="registros"
              itemOne="registro"
            />
          </>
        )}
      </section>
      {canManage && <AuditDialog id={auditId} timezone={timezone} onClose={() => setAuditId(null)} />}
    </div>
  );
}
