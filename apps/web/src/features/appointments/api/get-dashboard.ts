import { useQueries } from '@tanstack/react-query';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { appointmentKeys, availabilityKeys } from '@/features/appointments/api/appointment-keys';
import { countAppointments } from '@/features/appointments/api/get-appointments';
import { getAvailabilities } from '@/features/appointments/api/get-availabilities';
import {
  TREND_DAYS,
  UPCOMING_DAYS,
  periodRange,
  type DashboardPeriod,
} from '@/features/appointments/utils/dashboard-stats';

/** Spec §9: the dashboard refreshes every 30 s. */
export const DASHBOARD_REFRESH_MS = 30_000;

const agendasBetween = (start_date: string, end_date: string) => ({
  queryKey: availabilityKeys.list({ start_date, end_date }),
  queryFn: ({ signal }: { signal: AbortSignal }) => getAvailabilities({ start_date, end_date }, signal),
  refetchInterval: DASHBOARD_REFRESH_MS,
});

const count = (filters: { start_date: string; end_date: string; status?: string }) => ({
  queryKey: appointmentKeys.count(filters),
  queryFn: ({ signal }: { signal: AbortSignal }) => countAppointments(filters, signal),
  refetchInterval: DASHBOARD_REFRESH_MS,
});

/**
 * Everything the Panel de Citas Médicas shows, from real data: appointment counts of the period (the list's
 * `total` with a one-row page, per status), the agendas of the next 7 days (slot cards, specialty bars) and of
 * the last 7 days (trend). 'Próximas disponibilidades' pages its own (get-upcoming-availabilities.ts).
 */
export function useDashboardData(period: DashboardPeriod, today: string) {
  const range = periodRange(period, today);
  const between = { start_date: range.start, end_date: range.end };
  const results = useQueries({
    queries: [
      count(between),
      count({ ...between, status: 'Confirmada' }),
      count({ ...between, status: 'Pendiente' }),
      agendasBetween(today, addDays(today, UPCOMING_DAYS - 1)),
      agendasBetween(addDays(today, -(TREND_DAYS - 1)), today),
    ],
  });
  const [total, confirmed, pending, nextWeek, lastWeek] = results;
  return {
    range,
    counts:
      total.data !== undefined && confirmed.data !== undefined && pending.data !== undefined
        ? { total: total.data, confirmed: confirmed.data, pending: pending.data }
        : null,
    nextWeek: nextWeek.data,
    lastWeek: lastWeek.data,
    isLoading: results.some((r) => r.isPending),
    isFetching: results.some((r) => r.isFetching),
    error: results.find((r) => r.error)?.error ?? null,
    updatedAt: Math.max(...results.map((r) => r.dataUpdatedAt)),
    refetch: () => Promise.all(results.map((r) => r.refetch())),
  };
}
