import { useState, type ReactNode } from 'react';
import { BotIcon } from 'lucide-react';
import { formatDateTime } from '@ips/shared/format';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatSeconds } from '@/lib/format-seconds';
import { useConsultations } from '@/features/consultations/api/consultations-api';
import { ConsultationDetailDialog } from '@/features/consultations/components/consultation-detail-dialog';
import { OutcomeBadge } from '@/features/consultations/components/outcome-badge';

/** Consultas (spec part 1 §2, part 2 §7): the voice agent's conversations, newest first, a page at a time. */
export function ConsultationsView({ tabs }: { tabs?: ReactNode }) {
  const q = useConsultations();
  const [detail, setDetail] = useState<number | null>(null);
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div>
      <PageHeader title="Consultas" description="Conversaciones atendidas por el agente de voz IA" />
      {tabs}
      {q.isError && !q.data ? (
        <LoadError title="Error al cargar consultas" error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <ListSkeleton label="Cargando consultas" rows={8} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={BotIcon}
          title="No hay consultas"
          description="Las conversaciones del agente de voz aparecen aquí cuando terminan."
        />
      ) : (
        <div className="space-y-4">
          <div className="overflow-x-auto rounded-lg border">
            <Table aria-label="Consultas del agente de voz">
              <TableHeader>
                <TableRow>
                  <TableHead>Paciente</TableHead>
                  <TableHead>Fecha</TableHead>
                  <TableHead className="text-right">Duración</TableHead>
                  <TableHead>Resultado</TableHead>
                  <TableHead>Resumen</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((c) => (
                  <TableRow key={c.id} className="cursor-pointer" onClick={() => setDetail(c.id)}>
                    <TableCell>
                      <button
                        type="button"
                        className="text-left font-medium hover:underline focus-visible:underline focus-visible:outline-none"
                        onClick={(e) => {
                          e.stopPropagation();
                          setDetail(c.id);
                        }}
                      >
                        {c.patient_name ?? 'Paciente sin identificar'}
                      </button>
                      {c.caller_number && (
                        <div className="text-xs text-muted-foreground tabular-nums">{c.caller_number}</div>
                      )}
                    </TableCell>
                    <TableCell className="whitespace-nowrap tabular-nums">
                      {formatDateTime(c.started_at)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatSeconds(c.duration_secs)}
                    </TableCell>
                    <TableCell>
                      <OutcomeBadge outcome={c.outcome} />
                    </TableCell>
                    <TableCell className="max-w-md truncate" title={c.summary ?? undefined}>
                      {c.summary ?? '—'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {q.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="outline"
                onClick={() => void q.fetchNextPage()}
                disabled={q.isFetchingNextPage}
              >
                {q.isFetchingNextPage ? 'Cargando…' : 'Cargar más'}
              </Button>
            </div>
          )}
        </div>
      )}
      <ConsultationDetailDialog id={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
