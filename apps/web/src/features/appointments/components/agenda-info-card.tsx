import { CalendarIcon, ClockIcon, MapPinIcon, StethoscopeIcon, UserRoundIcon } from 'lucide-react';
import { countOf, formatLongDate } from '@ips/shared/format';
import { Badge } from '@/components/ui/badge';
import { hhmm, upperFirst } from '@/features/appointments/utils/scheduled-at';

/** The fields of an agenda the booking dialogs show and send; any AvailabilityDto fits. */
export interface AgendaRef {
  id: number;
  doctor_id: number;
  doctor_name: string;
  specialty_id: number;
  specialty_name: string;
  location_id: number;
  location_name: string;
  date: string;
  start_time: string;
  end_time: string;
  capacity: number;
  booked_slots: number;
  duration_minutes?: number;
  status?: string;
}

export const freeSlots = (a: AgendaRef) => Math.max(0, a.capacity - a.booked_slots);

/** Doctor, specialty, location, date, time range and free slots (spec §2 "Quick appointment dialog"). */
export function AgendaInfoCard({ agenda }: { agenda: AgendaRef }) {
  const free = freeSlots(agenda);
  return (
    <div
      className="grid gap-2 rounded-lg border bg-muted/40 p-3 text-sm sm:grid-cols-2"
      data-testid="agenda-info"
    >
      <p className="flex items-center gap-2">
        <UserRoundIcon className="size-4 text-muted-foreground" aria-hidden />
        <span className="font-medium">{agenda.doctor_name}</span>
      </p>
      <p className="flex items-center gap-2">
        <StethoscopeIcon className="size-4 text-muted-foreground" aria-hidden />
        {agenda.specialty_name}
      </p>
      <p className="flex items-center gap-2">
        <MapPinIcon className="size-4 text-muted-foreground" aria-hidden />
        {agenda.location_name}
      </p>
      <p className="flex items-center gap-2">
        <CalendarIcon className="size-4 text-muted-foreground" aria-hidden />
        {upperFirst(formatLongDate(agenda.date))}
      </p>
      <p className="flex items-center gap-2">
        <ClockIcon className="size-4 text-muted-foreground" aria-hidden />
        {hhmm(agenda.start_time)} – {hhmm(agenda.end_time)}
      </p>
      <p className="flex items-center gap-2">
        <Badge variant={free === 0 ? 'destructive' : free <= 5 ? 'warning' : 'success'}>
          {countOf(free, 'cupo disponible', 'cupos disponibles')}
        </Badge>
        <span className="text-xs text-muted-foreground">
          {agenda.booked_slots}/{agenda.capacity} ocupados
        </span>
      </p>
    </div>
  );
}
