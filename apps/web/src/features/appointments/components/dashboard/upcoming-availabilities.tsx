import { useState } from 'react';
import { CalendarPlusIcon } from 'lucide-react';
import { countOf, formatLongDate } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import type { Availability } from '@/features/appointments/api/get-availabilities';
import { useUpcomingAvailabilities } from '@/features/appointments/api/get-upcoming-availabilities';
import { useOrgClock } from '@/features/appointments/hooks/use-org-clock';
import { UPCOMING_DAYS, UPCOMING_LIMIT } from '@/features/appointments/utils/dashboard-stats';
import { hhmm, upperFirst } from '@/features/appointments/utils/scheduled-at';

/**
 * The agendas of the next 7 days that can still take an appointment, 10 a page, each with 'Agendar' (spec §2).
 * The server pages them and leaves out every block that cannot fit one appointment of its own length (full,
 * its time taken, or too little of it left today), so 'Agendar' always has a time to give.
 */
export function UpcomingAvailabilities({ onBook }: { onBook?: (agenda: Availability) => void }) {
  const { today } = useOrgClock();
  const [page, setPage] = useState(1);
  const query = useUpcomingAvailabilities({
    start_date: today,
    end_date: addDays(today, UPCOMING_DAYS - 1),
    page,
    limit: UPCOMING_LIMIT,
  });
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / UPCOMING_LIMIT));
  // Bookings shrink the list while it is open: a page past the end shows the last one instead.
  if (query.data && !query.isPlaceholderData && page > pageCount) setPage(pageCount);
  const agendas = query.data?.data ?? [];

  return (
    <Card aria-labelledby="upcoming-title">
      <CardHeader>
        <div>
          <CardTitle id="upcoming-title">Próximas disponibilidades</CardTitle>
          <CardDescription>Agendas con cupos libres en los próximos 7 días</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="space-y-3">
        {query.isPending ? (
          <div className="space-y-2" aria-hidden>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : query.isError && !query.data ? (
          <p className="py-8 text-center text-sm text-destructive" role="alert">
            No se pudieron cargar las próximas disponibilidades
          </p>
        ) : agendas.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">
            No hay cupos disponibles en los próximos días
          </p>
        ) : (
          <ul
            className="divide-y"
            data-testid="upcoming-list"
            aria-busy={query.isPlaceholderData || undefined}
          >
            {agendas.map((a) => (
              <UpcomingItem key={a.id} agenda={a} onBook={onBook} />
            ))}
          </ul>
        )}
        <Pagination
          page={page}
          pageCount={pageCount}
          total={total}
          pageSize={UPCOMING_LIMIT}
          onPageChange={setPage}
          itemLabel="agendas"
        />
      </CardContent>
    </Card>
  );
}

function UpcomingItem({
  agenda: a,
  onBook,
}: {
  agenda: Availability;
  onBook?: (agenda: Availability) => void;
}) {
  const free = Math.max(0, a.capacity - a.booked_slots);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="upcoming-item" data-agenda-id={a.id}>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {a.doctor_name} · <span className="text-muted-foreground">{a.specialty_name}</span>
        </p>
        <p className="truncate text-xs text-muted-foreground">
          <span>{upperFirst(formatLongDate(a.date))}</span> · {hhmm(a.start_time)}–{hhmm(a.end_time)} ·{' '}
          {a.duration_minutes} min · {a.location_name}
        </p>
      </div>
      <Badge variant={free <= 5 ? 'warning' : 'success'}>{countOf(free, 'cupo', 'cupos')}</Badge>
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
}
