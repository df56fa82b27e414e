import type { ReactNode } from 'react';
import { CALL_TYPE_LABELS, type CallType } from '@ips/shared/schemas/calls';
import { formatDateTime } from '@ips/shared/format';
import { ListSkeleton, LoadError } from '@/components/list-states';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useCallDetail } from '@/features/calls/api/calls-api';
import { CallPriorityBadge, CallStatusBadge } from '@/features/calls/components/call-badges';
import { CallMedia } from '@/features/calls/components/call-media';
import { formatPhone, formatSeconds } from '@/features/calls/utils/format';

const when = (v: string | null) => (v ? formatDateTime(v) : '—');

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Json({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <details className="rounded-md border">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium">{label}</summary>
      <pre className="max-h-60 overflow-auto border-t bg-muted/40 p-3 text-xs">
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}

/** Historial → a call: its data, times, webhook data, recording and transcript. */
export function CallDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useCallDetail(id);
  const c = q.data;
  return (
    <Dialog open={id !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[calc(100svh-2rem)] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{c ? `Llamada #${c.id} · ${c.patient_name}` : 'Detalle de la llamada'}</DialogTitle>
          <DialogDescription>Datos, tiempos, grabación y transcripción</DialogDescription>
        </DialogHeader>
        {q.isError ? (
          <LoadError title="No se pudo cargar la llamada" error={q.error} onRetry={() => void q.refetch()} />
        ) : !c ? (
          <ListSkeleton label="Cargando llamada" rows={4} />
        ) : (
          <div className="space-y-4">
            <dl className="divide-y">
              <Row label="Estado">
                <span className="flex flex-wrap gap-2">
                  <CallStatusBadge status={c.status} />
                  <CallPriorityBadge priority={c.priority} />
                </span>
              </Row>
              <Row label="Teléfono">{formatPhone(c.patient_phone)}</Row>
              <Row label="Documento">{c.patient_document ?? '—'}</Row>
              <Row label="Tipo">{CALL_TYPE_LABELS[c.call_type as CallType] ?? c.call_type}</Row>
              <Row label="Agente">{c.agent_name ?? '—'}</Row>
              <Row label="Transferencias">{c.transfer_count}</Row>
              <Row label="Resultado">{c.outcome ?? '—'}</Row>
              <Row label="Inicio">{when(c.started_at)}</Row>
              <Row label="Atendida">{when(c.answered_at)}</Row>
              <Row label="Fin">{when(c.ended_at)}</Row>
              <Row label="Espera">{formatSeconds(c.waiting_time)}</Row>
              <Row label="Duración">{formatSeconds(c.duration)}</Row>
              {c.conversation_id && <Row label="Conversación">{c.conversation_id}</Row>}
            </dl>
            <CallMedia call={c} />
            <Json label="Datos del webhook (inicio)" value={c.webhook_data} />
            <Json label="Datos del webhook (fin)" value={c.webhook_data_end} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
