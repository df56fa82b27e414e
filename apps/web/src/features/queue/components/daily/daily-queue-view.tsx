import { useMemo, useState } from 'react';
import { CalendarXIcon } from 'lucide-react';
import { formatLongDate, localDate, localDateTime } from '@ips/shared/format';
import { PageHeader } from '@/components/page-header';
import { Card } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useAuth } from '@/lib/use-auth';
import { cn } from '@/lib/utils';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { SearchInput } from '@/components/search-input';
import { useOrgSettings } from '@/lib/settings/use-org-settings';
import { useDailyQueue } from '@/features/queue/api/daily-queue';
import {
  DailyQueueTable,
  type DailyAppointmentSlots,
} from '@/features/queue/components/daily/daily-queue-table';
import { DailyStats } from '@/features/queue/components/daily/daily-stats';
import { DayNavigator } from '@/features/queue/components/daily/day-navigator';
import { useQueueLive } from '@/features/queue/hooks/use-queue-live';
import { canManageQueue } from '@/features/queue/utils/permissions';
import { DAILY_STATUSES, filterDaily, nextToAttend } from '@/features/queue/utils/daily-queue';

const ALL = 'all';

/**
 * Cola Diaria (/daily-queue): one day's appointments (GET /appointments/daily-queue) in time order, with the
 * day's counts, the next one to attend, and the status changes. Live: the queue stream and the shell's
 * polling refresh it.
 */
export function DailyQueueView(slots: DailyAppointmentSlots) {
  const { timezone } = useOrgSettings();
  const { user } = useAuth();
  const today = localDate(new Date(), timezone);
  const [date, setDate] = useState(today);
  const [status, setStatus] = useState(ALL);
  const [search, setSearch] = useState('');
  useQueueLive();
  const query = useDailyQueue({ date });
  const all = query.data?.appointments;
  const shown = useMemo(
    () => filterDaily(all ?? [], status === ALL ? '' : status, search),
    [all, status, search],
  );
  const next = date === today && all ? nextToAttend(all, localDateTime(new Date(), timezone)) : null;
  const canChange = canManageQueue(user?.role);

  return (
    <div className="mx-auto w-full max-w-7xl space-y-5">
      <PageHeader
        title="Cola Diaria"
        description={`Citas del ${formatLongDate(date)} en orden de atención.`}
        actions={<DayNavigator date={date} today={today} onChange={setDate} />}
      />
      <DailyStats stats={query.data?.stats} />
      <Card className="gap-4 px-5">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <SearchInput value={search} onChange={setSearch} label="Buscar paciente, documento o doctor" />
          <Select value={status} onValueChange={setStatus}>
            <SelectTrigger className="sm:w-48" aria-label="Filtrar por estado">
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
          {all && (
            <p className="text-sm text-muted-foreground sm:ml-auto" aria-live="polite">
              {shown.length} de {all.length} citas
            </p>
          )}
        </div>
        {query.isError && !all ? (
          <LoadError
            title="No se pudieron cargar los datos del día"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : !all ? (
          <ListSkeleton label="Cargando citas del día" />
        ) : shown.length === 0 ? (
          <EmptyState
            icon={CalendarXIcon}
            title={all.length === 0 ? 'Sin citas' : 'Ninguna cita coincide con los filtros'}
            description={all.length === 0 ? 'No hay citas programadas para esta fecha' : undefined}
          />
        ) : (
          <div className={cn(query.isPlaceholderData && 'opacity-60')}>
            <DailyQueueTable
              appointments={shown}
              nextId={next?.id ?? null}
              canChange={canChange}
              canComplete={date <= today}
              {...slots}
            />
          </div>
        )}
      </Card>
    </div>
  );
}
