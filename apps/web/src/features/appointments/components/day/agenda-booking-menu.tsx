import { CalendarPlusIcon, HandIcon, PlusIcon } from 'lucide-react';
import { countOf } from '@ips/shared/format';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { Availability } from '@/features/appointments/api/get-availabilities';
import { hhmm } from '@/features/appointments/utils/scheduled-at';

/**
 * A doctor's agendas of the day that still take bookings: 'Registrar Cita' (while below capacity) and
 * 'Cita Manual' for each (spec §2 "Daily agenda list" actions, offered here beside the timeline).
 */
export function AgendaBookingMenu({
  doctorName,
  agendas,
  onQuick,
  onManual,
}: {
  doctorName: string;
  agendas: Availability[];
  onQuick: (a: Availability) => void;
  onManual: (a: Availability) => void;
}) {
  if (agendas.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-7" aria-label={`Agendar con ${doctorName}`}>
          <PlusIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {agendas.map((a, i) => (
          <div key={a.id}>
            {i > 0 && <DropdownMenuSeparator />}
            <DropdownMenuLabel className="text-xs text-muted-foreground">
              {a.specialty_name} · {hhmm(a.start_time)}–{hhmm(a.end_time)} ·{' '}
              {countOf(a.capacity - a.booked_slots, 'cupo')}
            </DropdownMenuLabel>
            {a.booked_slots < a.capacity && (
              <DropdownMenuItem onSelect={() => onQuick(a)}>
                <CalendarPlusIcon aria-hidden />
                Registrar Cita
              </DropdownMenuItem>
            )}
            <DropdownMenuItem onSelect={() => onManual(a)}>
              <HandIcon aria-hidden />
              Cita Manual
            </DropdownMenuItem>
          </div>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
