import { CalendarPlusIcon } from 'lucide-react';
import { formatLongDate } from '@ips/shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { Availability } from '@/features/appointments/api/get-availabilities';
import { hhmm, upperFirst } from '@/features/appointments/utils/scheduled-at';

/** Up to 10 agendas of the next 7 days with free slots, each with 'Agendar' (spec §2). */
export function UpcomingAvailabilities({
  agendas,
  loading,
  onBook,
}: {
  agendas: Availability[];
  loading: boolean;
  onBook?: (agenda: Availability) => void;
}) {
  return (
    <Card aria-labelledby="upcoming-title">
      <CardHeader>
        <div>
          <CardTitle id="upcoming-title">Próximas disponibilidades</CardTitle>
          <CardDescription>Agendas con cupos libres en los próximos 7 días</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-2" aria-hidden>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : agendas.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">
            No hay cupos disponibles en los próximos días
          </p>
        ) : (
          <ul className="divide-y" data-testid="upcoming-list">
            {agendas.map((a) => {
              const free = a.capacity - a.booked_slots;
              return (
                <li key={a.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="upcoming-item">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">
                      {a.doctor_name} · <span className="text-muted-foreground">{a.specialty_name}</span>
                    </p>
                    <p className="truncate text-xs text-muted-foreground">
                      <span>{upperFirst(formatLongDate(a.date))}</span> · {hhmm(a.start_time)}–
                      {hhmm(a.end_time)} · {a.location_name}
                    </p>
                  </div>
                  <Badge variant={free <= 5 ? 'warning' : 'success'}>
                    {free} {free === 1 ? 'cupo' : 'cupos'}
                  </Badge>
                  {onBook && (
                    <Button
                      size="sm"
                      onClick={() => onBook(a)}
                      aria-label={`Agendar con ${a.doctor_name} el ${formatLongDate(a.date)} a las ${hhmm(a.start_time)}`}
                    >
                      <CalendarPlusIcon aria-hidden />
                      Agendar
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
