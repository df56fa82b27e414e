import { useQuery } from '@tanstack/react-query';
import type { QueueOverviewDto } from '@ips/shared/schemas/queue';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { queueKeys } from '@/features/queue/api/queue-keys';

/** Spec §9: the sidebar's waiting-list count refreshes every 30 s (and at once on a queue event). */
export const QUEUE_COUNT_INTERVAL_MS = 30_000;

/**
 * Patients still on the waiting list (waiting, or taken by an agent and not yet scheduled), from the light
 * GET /queue/overview rather than the whole list. Kept small: the sidebar badge ships with the shell.
 */
export function useWaitingCount() {
  return useQuery({
    queryKey: queueKeys.count(),
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<QueueOverviewDto>>('/queue/overview', { signal })
        .then((r) => r.data.total_waiting + r.data.total_assigned),
    refetchInterval: QUEUE_COUNT_INTERVAL_MS,
    refetchIntervalInBackground: false,
    staleTime: 10_000,
    meta: { live: true },
  });
}
