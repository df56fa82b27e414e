import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@ips/shared/format';
import { ListSkeleton, LoadError } from '@/components/list-states';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatSeconds } from '@/lib/format-seconds';
import { recordingSrc, useConsultation } from '@/features/consultations/api/consultations-api';
import { OutcomeBadge } from '@/features/consultations/components/outcome-badge';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** Consultas → one consultation: transcript, recording, data collected, and the appointment or queue entry. */
export function ConsultationDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useConsultation(id);
  const c = q.data;
  const collected = c ? Object.entries(c.data_collected) : [];
  return (
    <Dialog open={id !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[calc(100svh-2rem)] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>
            {c
              ? `Consulta #${c.id} · ${c.patient_name ?? 'Paciente sin identificar'}`
              : 'Detalle de la consulta'}
          </DialogTitle>
          <DialogDescription>Conversación con el agente de voz IA</DialogDescription>
        </DialogHeader>
        {q.isError ? (
          <LoadError title="No se pudo cargar la consulta" error={q.error} onRetry={() => void q.refetch()} />
        ) : !c ? (
          <ListSkeleton label="Cargando consulta" rows={4} />
        ) : (
          <div className="space-y-4">
            <dl>
              <Row label="Paciente">
                {c.patient_id ? (
                  <Link
                    className="font-medium text-primary hover:underline"
                    to={`/patients?patient=${c.patient_id}`}
                  >
                    {c.patient_name}
                    {c.patient_document ? ` · ${c.patient_document}` : ''} (ver historia)
                  </Link>
                ) : (
                  'Paciente sin identificar'
                )}
              </Row>
              <Row label="Teléfono">{c.caller_number ?? '—'}</Row>
              <Row label="Fecha">{formatDateTime(c.started_at)}</Row>
              <Row label="Duración">{formatSeconds(c.duration_secs)}</Row>
              <Row label="Resultado">
                <OutcomeBadge outcome={c.outcome} />
              </Row>
              <Row label="Resumen">{c.summary ?? '—'}</Row>
              <Row label="Cita agendada">
                {c.appointment
                  ? `#${c.appointment.id} · ${c.appointment.scheduled_at.slice(0, 16)} · ${c.appointment.specialty_name ?? ''} · ${c.appointment.doctor_name ?? ''} (${c.appointment.status})`
                  : 'Ninguna'}
              </Row>
              <Row label="Cola de espera">
                {c.queue_entry
                  ? `#${c.queue_entry.id} · ${c.queue_entry.specialty_name ?? ''} · prioridad ${c.queue_entry.priority_level}`
                  : 'Ninguna'}
              </Row>
            </dl>
            <section aria-label="Datos recolectados">
              <h3 className="mb-1 text-sm font-medium">Datos recolectados</h3>
              {collected.length === 0 ? (
                <p className="text-sm text-muted-foreground">El agente no recolectó datos.</p>
              ) : (
                <dl className="rounded-md border px-3">
                  {collected.map(([k, v]) => (
                    <Row key={k} label={k}>
                      {text(v)}
                    </Row>
                  ))}
                </dl>
              )}
            </section>
            {c.audio_url && c.call_id && (
              <audio
                controls
                preload="none"
                src={recordingSrc(c.call_id)}
                className="w-full"
                aria-label="Grabación de la consulta"
              >
                Su navegador no puede reproducir la grabación.
              </audio>
            )}
            {c.transcript.length > 0 ? (
              <ol
                className="max-h-72 space-y-2 overflow-y-auto rounded-md border bg-muted/40 p-3 text-sm"
                aria-label="Transcripción"
              >
                {c.transcript.map((t, i) => (
                  <li key={i}>
                    <span className="font-medium">{t.role === 'agent' ? 'Agente IA' : 'Paciente'}:</span>{' '}
                    {t.message}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-muted-foreground">Sin transcripción.</p>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
