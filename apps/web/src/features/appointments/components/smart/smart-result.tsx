import { CalendarCheck2Icon, ListOrderedIcon } from 'lucide-react';
import { countOf, formatLongDate } from '@ips/shared/format';
import { SMART_ASSIGN_MESSAGES as M } from '@ips/shared/schemas/smart-assign';
import type { SmartAssignResult } from '@/features/appointments/api/smart-assign';
import { dateOf, timeOf, upperFirst } from '@/features/appointments/utils/scheduled-at';

const waitText = (minutes: number) =>
  minutes < 60 ? countOf(minutes, 'minuto') : `${Math.floor(minutes / 60)}h ${minutes % 60}m`;

/** The outcome: the confirmed appointment, or the place in the waiting queue (spec §2). */
export function SmartResult({ result }: { result: SmartAssignResult }) {
  const a = result.appointment;
  if (result.assignment_type === 'appointment' && a)
    return (
      <div
        className="grid gap-3 rounded-lg border border-success/30 bg-success/5 p-4"
        data-testid="smart-result"
      >
        <p className="flex items-center gap-2 text-base font-semibold text-success">
          <CalendarCheck2Icon className="size-5" aria-hidden />
          ¡Cita asignada exitosamente!
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Paciente</dt>
          <dd className="font-medium">{a.patient_name}</dd>
          <dt className="text-muted-foreground">Fecha</dt>
          <dd>{upperFirst(formatLongDate(dateOf(a.scheduled_at)))}</dd>
          <dt className="text-muted-foreground">Hora</dt>
          <dd>{timeOf(a.scheduled_at)}</dd>
          <dt className="text-muted-foreground">Doctor</dt>
          <dd>{a.doctor}</dd>
          <dt className="text-muted-foreground">Especialidad</dt>
          <dd>{a.specialty}</dd>
          <dt className="text-muted-foreground">Sede</dt>
          <dd>{a.location}</dd>
          <dt className="text-muted-foreground">Estado</dt>
          <dd>{a.status}</dd>
        </dl>
      </div>
    );
  const q = result.queue_entry;
  return (
    <div
      className="grid gap-3 rounded-lg border border-warning/40 bg-warning/10 p-4"
      data-testid="smart-result"
    >
      <p className="flex items-center gap-2 text-base font-semibold">
        <ListOrderedIcon className="size-5" aria-hidden />
        {M.queued}
      </p>
      {/* The server's message says something else only when the patient was already waiting. */}
      {result.message !== M.queued && <p className="text-sm text-muted-foreground">{result.message}</p>}
      {q && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Paciente</dt>
          <dd className="font-medium">{q.patient_name}</dd>
          <dt className="text-muted-foreground">Especialidad</dt>
          <dd>{q.specialty_name}</dd>
          <dt className="text-muted-foreground">Posición en la cola</dt>
          <dd className="text-lg font-semibold" data-testid="queue-position">
            {q.position ?? '—'}
          </dd>
          <dt className="text-muted-foreground">Prioridad</dt>
          <dd>{q.priority_level}</dd>
          {q.estimated_wait_minutes !== null && (
            <>
              <dt className="text-muted-foreground">Espera estimada</dt>
              <dd>{waitText(q.estimated_wait_minutes)}</dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}
