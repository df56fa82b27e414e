import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueItemDto } from '@ips/shared/schemas/queue';
import type {
  AvailableAgendaDto,
  AvailableBySpecialtyResponse,
  WaitingListGroupDto,
  WaitingListResponse,
} from '@ips/shared/schemas/waiting-list';
import { api } from '@/lib/api-client';
import { queueKeys } from '@/features/queue/api/queue-keys';

export type WaitingEntry = QueueItemDto;
export type WaitingGroup = WaitingListGroupDto;
export type AvailableAgenda = AvailableAgendaDto;
export type WaitingListData = Pick<WaitingListResponse, 'data' | 'stats'>;

/**
 * GET /appointments/waiting-list: every entry still waiting, grouped by specialty with positions. Filters are
 * applied on the screen (search as you type, the export of what is shown), so the list is fetched whole.
 */
export function getWaitingList(signal?: AbortSignal): Promise<WaitingListData> {
  return api
    .get<WaitingListResponse>('/appointments/waiting-list', { signal })
    .then(({ data, stats }) => ({ data, stats }));
}

export const waitingListQuery = () =>
  queryOptions({
    queryKey: queueKeys.waitingList(),
    queryFn: ({ signal }) => getWaitingList(signal),
    meta: { live: true },
  });

export function useWaitingList() {
  return useQuery(waitingListQuery());
}

/** GET /availabilities/available-by-specialty/{id}: Activa agendas of the specialty with free slots. */
export function useAvailableAgendas(specialtyId: number | null) {
  return useQuery({
    queryKey: queueKeys.agendas(specialtyId ?? 0),
    queryFn: ({ signal }) =>
      api
        .get<AvailableBySpecialtyResponse>(`/availabilities/available-by-specialty/${specialtyId}`, {
          signal,
        })
        .then((r) => r.data),
    enabled: specialtyId !== null,
    // Slots move while the dialog is open: always ask again when it opens.
    staleTime: 0,
  });
}
