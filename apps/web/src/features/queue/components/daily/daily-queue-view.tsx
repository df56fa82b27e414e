import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CalendarXIcon, ChevronLeftIcon, ChevronRightIcon, LocateFixedIcon } from 'lucide-react';
import { countOf, formatLongDate, localDate } from '@ips/shared/format';
import { DAILY_QUEUE_PAGE } from '@ips/shared/schemas/appointment-booking';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useAuth } from '@/lib/use-auth';
import { useDebounced } from '@/lib/use-debounced';
import { cn } from '@/lib/utils';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { SearchInput } from '@/components/search-input';
import { useOrgSettings } from '@/lib/settings/use-org-settings';
import { useDailyQueue } from '@/features/queue/api/daily-queue';
import { DailyQueueCards } from '@/features/queue/components/daily/daily-queue-cards';
import {
  DailyQueueTable,
  hhmm,
  type DailyAppointmentSlots,
} from '@/features/queue/components/daily/daily-queue-table';
import { DailyStats } from '@/features/queue/components/daily/daily-stats';
import { DayNavigator } from '@/features/queue/components/daily/day-navigator';
import { useElementWidth } from '@/features/queue/hooks/use-element-width';
import { useQueueLive } from '@/features/queue/hooks/use-queue-live';
import { canManageQueue } from '@/features/queue/utils/permissions';
import { DAILY_STATUSES, pageCountOf, pageOfPosition, validDay } from '@/features/queue/utils/daily-queue';

const ALL = 'all';
const LIMIT = DAILY_QUEUE_PAGE;
/** The table's seven columns fit a card this wide (px); a narrower one (a phone, a tablet, the sidebar open on a
 * small laptop) gets the cards, which never scroll sideways. */
const TABLE_MIN_WIDTH = 960;
const count = new Intl.NumberFormat('es-CO');

/**
 * Cola Diaria (/daily-queue): one day's appointments (GET /appointments/daily-queue) in time order, a page at a
 * time, filtered and searched on the server, with the day's counts, the next one to attend (and a jump to its
 * page) and the status changes. The table's header (wide screens) or the toolbar with search and pages (narrow
 * ones) stays in view while the rows scroll. Live: the queue stream and the shell's polling refresh it.
 */
export function DailyQueueView(slots: DailyAppointmentSlots) {
  const { timezone } = useOrgSettings();
  const { user } = useAuth();
  const today = localDate(new Date(), timezone);
  // The day is in the address (?date=), so a link or a reload opens the same day; today has none.
  const [params, setParams] = useSearchParams();
  const date = validDay(params.get('date')) ?? today;
  const setDate = (d: string) => setParams(d === today ? {} : { date: d }, { replace: true });
  const [status, setStatus] = useState(ALL);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  // A new day, status or search starts again at page 1 (the page belongs to the filters it was chosen under).
  const filters = `${date}|${status}|${q}`;
  const [paging, setPaging] = useState({ filters, page: 1 });
  const page = paging.filters === filters ? paging.page : 1;
  const [focusId, setFocusId] = useState<number | null>(null);
  const listTop = useRef<HTMLElement>(null);
  const wide = useElementWidth(listTop) >= TABLE_MIN_WIDTH;
  useQueueLive();
  const query = useDailyQueue({
    date,
    status: status === ALL ? undefined : status,
    q: q || undefined,
    page,
    limit: LIMIT,
  });
  const data = query.data;
  const pageCount = data ? pageCountOf(data.total, LIMIT) : 1;
  const canChange = canManageQueue(user?.role);
  const next = data?.next ?? null;

  const goTo = (p: number) => {
    setPaging({ filters, page: p });
    // Back to the first row of the new page when the list's top has scrolled out of view.
    const top = listTop.current?.getBoundingClientRect().top ?? 0;
    if (top < 64) window.scrollBy({ top: top - 72 });
  };

  // Rows went away under a later page (a live change): show the last page there is.
  useEffect(() => {
    if (data && !query.isPlaceholderData && page > pageCount) setPaging({ filters, page: pageCount });
  }, [data, query.isPlaceholderData, page, pageCount, filters]);

  // After 'Ir a la siguiente', the row in the middle of the screen once its page is drawn.
  useEffect(() => {
    if (focusId === null || !data?.appointments.some((a) => a.id === focusId)) return;
    document
      .querySelector(`[data-appointment-id="${focusId}"]`)
      ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    setFocusId(null);
  }, [focusId, data]);

  const listOf = (d: NonNullable<typeof data>) => ({
    appointments: d.appointments,
    offset: (d.page - 1) * LIMIT,
    nextId: next?.id ?? null,
    canChange,
    canComplete: date <= today,
    ...slots,
  });

  return (
    <div className="mx-auto w-full max-w-7xl space-y-5">
      <PageHeader
        title="Cola Diaria"
        description={`Citas del ${formatLongDate(date)} en orden de atención.`}
        actions={<DayNavigator date={date} today={today} onChange={setDate} />}
      />
      <DailyStats stats={data?.stats} />
      <Card ref={listTop} className="gap-4 px-5">
        <div
          data-testid="daily-toolbar"
          className={cn(
            'flex flex-col gap-2',
            !wide && 'sticky top-14 z-10 -mx-5 -mt-5 rounded-t-xl border-b bg-card px-5 pt-5 pb-3',
          )}
        >
          <div className="flex gap-2">
            <SearchInput
              value={search}
              onChange={setSearch}
              label="Buscar paciente, documento o doctor"
              className="min-w-0 flex-1 sm:max-w-sm"
            />
            <Select value={status} onValueChange={setStatus}>
              <SelectTrigger className="w-32 shrink-0 sm:w-48" aria-label="Filtrar por estado">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>Todos los estados</SelectItem>
                {DAILY_STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {s}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {data && (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <p aria-live="polite" data-testid="daily-count">
                {count.format(data.total)} de {countOf(data.stats.total, 'cita')}
              </p>
              {next && next.position !== null && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Ir a la siguiente cita: ${next.patient_name}, ${hhmm(next.scheduled_at)}`}
                  onClick={() => {
                    setFocusId(next.id);
                    const target = pageOfPosition(next.position!, LIMIT);
                    if (target !== page) goTo(target);
                  }}
                >
                  <LocateFixedIcon aria-hidden />
                  Ir a la siguiente ({hhmm(next.scheduled_at)})
                </Button>
              )}
              {!wide && pageCount > 1 && (
                <nav aria-label="Páginas de citas" className="ml-auto flex items-center gap-1">
                  <Button
                    variant="outline"
                    size="icon"
                    className="size-8"
                    aria-label="Ir a la página anterior"
                    disabled={page <= 1}
                    onClick={() => goTo(page - 1)}
                  >
                    <ChevronLeftIcon aria-hidden />
                  </Button>
                  <span className="px-1 tabular-nums">
                    {count.format(page)} / {count.format(pageCount)}
                  </span>
                  <Button
                    variant="outline"
                    size="icon"
                    className="size-8"
                    aria-label="Ir a la página siguiente"
                    disabled={page >= pageCount}
                    onClick={() => goTo(page + 1)}
                  >
                    <ChevronRightIcon aria-hidden />
                  </Button>
                </nav>
              )}
            </div>
          )}
        </div>
        {query.isError && !data ? (
          <LoadError
            title="No se pudieron cargar los datos del día"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : !data ? (
          <ListSkeleton label="Cargando citas del día" />
        ) : data.total === 0 ? (
          <EmptyState
            icon={CalendarXIcon}
            title={data.stats.total === 0 ? 'Sin citas' : 'Ninguna cita coincide con los filtros'}
            description={data.stats.total === 0 ? 'No hay citas programadas para esta fecha' : undefined}
          />
        ) : (
          <div className={cn('space-y-4', query.isPlaceholderData && 'opacity-60')}>
            {wide ? <DailyQueueTable {...listOf(data)} /> : <DailyQueueCards {...listOf(data)} />}
            <Pagination
              page={data.page}
              pageCount={pageCount}
              total={data.total}
              pageSize={LIMIT}
              onPageChange={goTo}
              itemLabel="citas"
              itemOne="cita"
            />
          </div>
        )}
      </Card>
    </div>
  );
}
