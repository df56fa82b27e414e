import { useMemo, useRef, useState } from 'react';
import { FileDownIcon, ListChecksIcon, Loader2Icon, SearchXIcon } from 'lucide-react';
import { countOf } from '@ips/shared/format';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { useAuth } from '@/lib/use-auth';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { useOrgSettings } from '@/lib/settings/use-org-settings';
import { useWaitingList, type WaitingEntry } from '@/features/queue/api/waiting-list';
import { AssignDialog } from '@/features/queue/components/waiting/assign-dialog';
import { CupsDialog } from '@/features/queue/components/waiting/cups-dialog';
import {
  OutboundCallsDialog,
  type CallTarget,
} from '@/features/queue/components/waiting/outbound-calls-dialog';
import { RemoveEntryDialog } from '@/features/queue/components/waiting/remove-entry-dialog';
import { SpecialtyGroupSection } from '@/features/queue/components/waiting/specialty-group-section';
import { WaitingFilters } from '@/features/queue/components/waiting/waiting-filters';
import type { EntryAction } from '@/features/queue/components/waiting/waiting-entry-row';
import { WaitingSummary } from '@/features/queue/components/waiting/waiting-summary';
import { useMediaQuery } from '@/features/queue/hooks/use-media-query';
import { useQueueLive } from '@/features/queue/hooks/use-queue-live';
import { useWaitingPdf } from '@/features/queue/hooks/use-waiting-pdf';
import { canManageQueue } from '@/features/queue/utils/permissions';
import {
  EMPTY_FILTERS,
  filterEntries,
  groupBySpecialty,
  hasActiveFilters,
  pageOfGroups,
  type QueueFilters,
} from '@/features/queue/utils/queue-order';

/**
 * Patients a page shows, so that the list stays about two screens high however long the queue grows: ten on
 * wide screens, five on a phone (where each patient takes several lines).
 */
const PAGE_WIDE = 10;
const PAGE_NARROW = 5;

type Open =
  { action: Exclude<EntryAction, 'calls'>; entry: WaitingEntry } | { action: 'calls'; target: CallTarget };

/** What the PDF prints under its title about the filters applied on screen. */
function describeFilters(f: QueueFilters): string {
  return [
    f.priority && `Prioridad: ${f.priority}`,
    f.callType && `Tipo: ${f.callType === 'reagendar' ? 'Reagendar' : 'Normal'}`,
    f.highRiskOnly && 'Solo embarazo de alto riesgo',
    f.search.trim() && `Búsqueda: "${f.search.trim()}"`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Cola de Espera (/queue): the waiting list by specialty in queue order, with search and filters, assignment to
 * an agenda, CUPS, removal, automated-call requests and the PDF export. Live through the queue stream.
 */
export function WaitingListView() {
  const { timezone } = useOrgSettings();
  const { user } = useAuth();
  const canManage = canManageQueue(user?.role);
  useQueueLive();
  const query = useWaitingList();
  const pdf = useWaitingPdf();
  const [filters, setFilters] = useState<QueueFilters>(EMPTY_FILTERS);
  const [open, setOpen] = useState<Open | null>(null);

  const source = query.data?.data;
  const entries = useMemo(() => source?.flatMap((g) => g.patients) ?? [], [source]);
  const groups = useMemo(() => groupBySpecialty(filterEntries(entries, filters)), [entries, filters]);
  const specialties = (source ?? []).map((g) => ({ id: g.specialty_id, name: g.specialty_name }));
  const totalOf = (id: number) => source?.find((g) => g.specialty_id === id)?.total_waiting ?? 0;
  const specialtyName = specialties.find((s) => String(s.id) === filters.specialty)?.name ?? null;
  const shown = groups.reduce((n, g) => n + g.entries.length, 0);
  const pageSize = useMediaQuery('(min-width: 768px)') ? PAGE_WIDE : PAGE_NARROW;
  const stats = query.data?.stats;
  // A page of `pageSize` patients, read group after group; other filters start again at page 1.
  const filtersKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ filtersKey, page: 1 });
  const pageCount = Math.max(1, Math.ceil(shown / pageSize));
  // Patients leave the queue while it is on screen: past the last page means the last page.
  const page = Math.min(paging.filtersKey === filtersKey ? paging.page : 1, pageCount);
  const pageGroups = useMemo(() => pageOfGroups(groups, page, pageSize), [groups, page, pageSize]);
  const listTop = useRef<HTMLElement>(null);
  const goTo = (p: number) => {
    setPaging({ filtersKey, page: p });
    // Back to the first row of the new page when the list's top has scrolled out of view.
    const top = listTop.current?.getBoundingClientRect().top ?? 0;
    if (top < 64) window.scrollBy({ top: top - 72 });
  };

  const onAction = (action: EntryAction, entry: WaitingEntry) =>
    setOpen(
      action === 'calls'
        ? {
            action,
            target: {
              kind: 'entry',
              queueId: entry.id,
              patientName: entry.patient_name,
              specialtyName: entry.specialty_name,
            },
          }
        : { action, entry },
    );
  const entryFor = (action: Open['action']) =>
    open && open.action === action && 'entry' in open ? open.entry : null;
  const closeDialog = (o: boolean) => !o && setOpen(null);

  return (
    <div className="mx-auto w-full max-w-7xl space-y-5">
      <PageHeader
        title="Cola de Espera"
        description={
          stats
            ? `${countOf(stats.total_patients_waiting, 'paciente', 'pacientes')} en espera en ${countOf(stats.total_specialties, 'especialidad', 'especialidades')}. Orden: prioridad y llegada; espera estimada de 15 minutos por posición.`
            : 'Pacientes en espera de cita, por especialidad.'
        }
        actions={
          <Button
            variant="outline"
            disabled={!source || shown === 0 || pdf.busy !== null}
            onClick={() =>
              void pdf.exportPdf('all', { groups, specialtyName, filtersLine: describeFilters(filters) })
            }
          >
            {pdf.busy === 'all' ? (
              <Loader2Icon className="animate-spin" aria-hidden />
            ) : (
              <FileDownIcon aria-hidden />
            )}
            Exportar PDF
          </Button>
        }
      />
      <WaitingSummary stats={stats} />
      <Card className="px-5">
        <WaitingFilters value={filters} onChange={setFilters} specialties={specialties} />
      </Card>
      {query.isError && !source ? (
        <LoadError
          title="No se pudo cargar la cola de espera"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : !source ? (
        <ListSkeleton rows={6} label="Cargando cola de espera" />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={ListChecksIcon}
          title="No hay pacientes en espera"
          description="Cuando la asignación inteligente no encuentre cupo, o una cita vuelva a la cola, el paciente aparecerá aquí."
        />
      ) : groups.length === 0 ? (
        <EmptyState icon={SearchXIcon} title="Ningún paciente coincide con los filtros" />
      ) : (
        <div className="space-y-3">
          {hasActiveFilters(filters) && (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              Mostrando {shown} de {countOf(entries.length, 'paciente')}
            </p>
          )}
          {/* One card, a page of patients: each specialty's header stays in view while its rows scroll. */}
          <Card
            ref={listTop}
            className="gap-0 py-0"
            aria-label="Pacientes en espera"
            data-testid="queue-list"
          >
            {pageGroups.map(({ group: g, entries: rows, continued }) => (
              <SpecialtyGroupSection
                key={g.specialty_id}
                group={g}
                entries={rows}
                continued={continued}
                totalWaiting={totalOf(g.specialty_id)}
                timezone={timezone}
                canManage={canManage}
                exporting={pdf.busy === `g${g.specialty_id}`}
                onAction={onAction}
                onCallGroup={() =>
                  setOpen({
                    action: 'calls',
                    target: { kind: 'group', specialtyId: g.specialty_id, specialtyName: g.specialty_name },
                  })
                }
                onExport={() =>
                  void pdf.exportPdf(`g${g.specialty_id}`, {
                    groups: [g],
                    specialtyName: g.specialty_name,
                    filtersLine: describeFilters(filters),
                  })
                }
              />
            ))}
          </Card>
          <Pagination
            page={page}
            pageCount={pageCount}
            total={shown}
            pageSize={pageSize}
            onPageChange={goTo}
            itemLabel="pacientes"
            itemOne="paciente"
          />
        </div>
      )}
      <AssignDialog entry={entryFor('assign')} onOpenChange={closeDialog} />
      <CupsDialog entry={entryFor('cups')} onOpenChange={closeDialog} />
      <RemoveEntryDialog entry={entryFor('remove')} onOpenChange={closeDialog} />
      <OutboundCallsDialog
        target={open?.action === 'calls' ? open.target : null}
        onOpenChange={closeDialog}
      />
    </div>
  );
}
