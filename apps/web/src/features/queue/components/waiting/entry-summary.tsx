import type { ReactNode } from 'react';
import type { WaitingEntry } from '@/features/queue/api/waiting-list';
import { HighRiskBadge, PriorityBadge } from '@/features/queue/components/waiting/priority-badge';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

/** The waiting-list entry a dialog acts on: patient, specialty, priority and reason (spec §2). */
export function EntrySummary({ entry: e }: { entry: WaitingEntry }) {
  return (
    <div className="rounded-lg border bg-muted/40 p-4" data-testid="entry-summary">
      <p className="font-semibold">{e.patient_name}</p>
      <p className="text-xs text-muted-foreground">
        {e.patient_document}
        {e.patient_phone ? ` · ${e.patient_phone}` : ''}
      </p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        <Item label="Especialidad">{e.specialty_name}</Item>
        <Item label="Prioridad">
          <span className="flex flex-wrap gap-1">
            <PriorityBadge level={e.priority_level} />
            {e.high_risk_pregnancy && <HighRiskBadge />}
          </span>
        </Item>
        <Item label="CUPS">{e.cups_code ? `${e.cups_code} · ${e.cups_name ?? ''}` : 'Sin CUPS'}</Item>
        <Item label="Motivo">{e.reason || 'Sin motivo registrado'}</Item>
      </dl>
    </div>
  );
}
