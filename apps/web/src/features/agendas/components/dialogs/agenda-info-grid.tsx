import type { ReactNode } from 'react';
import { formatDate } from '@ips/shared/format';
import { Badge } from '@/components/ui/badge';
import type { Agenda } from '@/features/agendas/api/agendas';
import { useOrgClock } from '@/features/agendas/hooks/use-org-clock';
import {
  agendaCanStart,
  agendaStatusLabel,
  agendaStatusVariant,
  durationHours,
  timeRange,
} from '@/features/agendas/utils/agenda-display';

/** Doctor, specialty, location, date, time range, hours, capacity, free slots and notes of one agenda. */
export function AgendaInfoGrid({ agenda }: { agenda: Agenda }) {
  const { today, nowMinutes } = useOrgClock();
  const status = agendaStatusLabel(agenda, today, nowMinutes);
  // Free slots of an agenda where nothing can start any more are not free.
  const open = agenda.status === 'Activa' && agendaCanStart(agenda, today, nowMinutes);
  const item = (label: string, value: ReactNode) => (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm font-medium">{value}</dd>
    </div>
  );
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg border bg-muted/30 p-3 sm:grid-cols-4">
      {item('Doctor', agenda.doctor_name)}
      {item('Especialidad', agenda.specialty_name)}
      {item('Ubicación', agenda.location_name)}
      {item('Estado', <Badge variant={agendaStatusVariant(status)}>{status}</Badge>)}
      {item('Fecha', formatDate(agenda.date))}
      {item('Horario', timeRange(agenda.start_time, agenda.end_time))}
      {item('Duración', durationHours(agenda.start_time, agenda.end_time))}
      {item('Minutos por cita', `${agenda.duration_minutes} min`)}
      {item('Capacidad', agenda.capacity)}
      {item('Ocupados', agenda.booked_slots)}
      {item('Cupos disponibles', open ? agenda.available_slots : '—')}
      <div className="col-span-2 min-w-0 sm:col-span-4">
        <dt className="text-xs text-muted-foreground">Notas</dt>
        <dd className="text-sm">{agenda.notes || 'Sin notas'}</dd>
      </div>
    </dl>
  );
}
