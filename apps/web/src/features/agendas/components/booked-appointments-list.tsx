import type { ReactNode } from 'react';
import { PhoneIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { Appointment } from '@/features/agendas/api/agendas';
import { useAgendaSlots } from '@/features/agendas/components/agenda-slots';
import { appointmentStatusVariant, appointmentTime } from '@/features/agendas/utils/agenda-display';

interface BookedAppointmentsListProps {
  appointments: Appointment[];
  /**
   * Per-appointment actions (manage, reassign, cancel the appointment…), rendered at the end of each row. When
   * absent, the renderer given to AgendaSlotsProvider is used; with neither, rows have no actions.
   */
  renderAppointmentActions?: (appointment: Appointment) => ReactNode;
  emptyText?: string;
}

/** The booked patients of an agenda: number, status, name, time, duration, reason, phone, document. */
export function BookedAppointmentsList({
  appointments,
  renderAppointmentActions,
  emptyText = 'No hay pacientes agendados',
}: BookedAppointmentsListProps) {
  const slots = useAgendaSlots();
  const render = renderAppointmentActions ?? slots.renderAppointmentActions;
  if (appointments.length === 0) return <p className="py-2 text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <ol className="divide-y rounded-md border" aria-label="Pacientes agendados">
      {appointments.map((a, i) => (
        <BookedAppointmentRow key={a.id} index={i + 1} appointment={a} actions={render?.(a)} />
      ))}
    </ol>
  );
}

export function BookedAppointmentRow({
  index,
  appointment: a,
  actions,
}: {
  index: number;
  appointment: Appointment;
  actions?: ReactNode;
}) {
  return (
    <li
      className="flex flex-wrap items-start gap-x-3 gap-y-1 p-2.5 text-sm"
      aria-label={`Cita de ${a.patient_name}`}
    >
      <span className="w-6 shrink-0 text-right text-xs text-muted-foreground tabular-nums">{index}.</span>
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{a.patient_name}</span>
          <Badge variant={appointmentStatusVariant(a.status)}>{a.status}</Badge>
        </p>
        <p className="text-xs text-muted-foreground">
          {appointmentTime(a.scheduled_at)} · {a.duration_minutes} min · Doc. {a.patient_document}
          {a.patient_phone && (
            <>
              {' · '}
              <PhoneIcon className="inline size-3" aria-label="Teléfono" /> {a.patient_phone}
            </>
          )}
        </p>
        {a.reason && <p className="text-xs">Motivo: {a.reason}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-1">{actions}</div>}
    </li>
  );
}
