import { useState } from 'react';
import { AlertTriangleIcon } from 'lucide-react';
import { countOf, formatDate } from '@ips/shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { Agenda } from '@/features/agendas/api/agendas';
import { useAgendaDialogs } from '@/features/agendas/components/agenda-dialogs-context';
import { OccupancyBar } from '@/features/agendas/components/occupancy-bar';
import { timeRange } from '@/features/agendas/utils/agenda-display';
import { isLowAvailability } from '@/features/agendas/utils/occupancy';
import { ListSkeleton } from '@/components/list-states';

/** Rows drawn at a time: a month at a large clinic has thousands of open agendas. */
const STEP = 100;
const count = new Intl.NumberFormat('es-CO');

/**
 * The month's open agendas with their free slots; 5 or fewer left is highlighted in yellow. Every agenda is
 * loaded (the search filters them all); the first STEP are drawn, with how many there are and 'Mostrar más'.
 */
export function AvailabilityList({ agendas, isPending }: { agendas: Agenda[]; isPending: boolean }) {
  const dialogs = useAgendaDialogs();
  const [shown, setShown] = useState(STEP);
  return (
    <Card aria-label="Disponibilidad">
      <CardHeader>
        <CardTitle className="text-base">Disponibilidad</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <ListSkeleton rows={3} label="Cargando disponibilidad" />
        ) : agendas.length === 0 ? (
          <p className="text-sm text-muted-foreground">Sin agendas activas en este periodo.</p>
        ) : (
          <ul className="max-h-[26rem] space-y-2 overflow-y-auto pr-1">
            {agendas.slice(0, shown).map((a) => {
              const low = isLowAvailability(a.available_slots);
              return (
                <li key={a.id}>
                  <button
                    type="button"
                    data-low-availability={low || undefined}
                    onClick={() => dialogs.open({ kind: 'details', agenda: a })}
                    className={cn(
                      'w-full space-y-1.5 rounded-md border p-2.5 text-left text-sm outline-none hover:bg-muted/40 focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      low && 'border-amber-300 bg-amber-50 hover:bg-amber-100/70',
                    )}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate font-medium">{a.doctor_name}</span>
                      <Badge variant={low ? 'warning' : 'success'}>
                        {low && <AlertTriangleIcon aria-hidden />}
                        {countOf(a.available_slots, 'cupo', 'cupos')}
                      </Badge>
                    </span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {formatDate(a.date)} · {timeRange(a.start_time, a.end_time)} · {a.specialty_name}
                    </span>
                    <OccupancyBar used={a.booked_slots} total={a.capacity} scale="list" />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {!isPending && agendas.length > shown && (
          <div className="mt-2 flex items-center justify-between gap-2 text-xs text-muted-foreground">
            <p aria-live="polite">
              Mostrando {count.format(shown)} de {countOf(agendas.length, 'agenda')}
            </p>
            <Button size="sm" variant="outline" onClick={() => setShown((n) => n + STEP)}>
              Mostrar más
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
