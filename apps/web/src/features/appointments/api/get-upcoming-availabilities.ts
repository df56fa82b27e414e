import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PagedEnvelope } from '@/lib/fetch-all-pages';
import { availabilityKeys } from '@/features/appointments/api/appointment-keys';
import type { Availability } from '@/features/appointments/api/get-availabilities';

export interface UpcomingPageParams {
  start_date: string;
  end_date: string;
  /** 1-based. */
  page: number;
  limit: number;
}

/** Same cadence as the rest of the Panel (spec §9: 30 s); a booking anywhere refreshes it at once. */
const REFRESH_MS = 30_000;

/**
 * One page of 'Próximas disponibilidades': GET /availabilities?bookable=true, the agendas that can still take
 * an appointment of their own length (Activa, a slot left, a free time after now; the server decides), soonest
 * first, with `total` for the pagination. The previous page stays on screen while the next one loads.
 */
export const useUpcomingAvailabilities = (params: UpcomingPageParams) =>
  useQuery({
    queryKey: availabilityKeys.list({ bookable: true, ...params }),
    queryFn: ({ signal }) =>
      api.get<PagedEnvelope<Availability>>('/availabilities', {
        signal,
        query: { bookable: true, ...params },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
    meta: { live: true },
  });
