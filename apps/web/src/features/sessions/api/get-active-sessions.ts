import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveSessionDto } from '@ips/shared/schemas/sessions';
import { api, type ApiEnvelope } from '@/lib/api-client';

export type ActiveSession = ActiveSessionDto;

export function getActiveSessions(signal?: AbortSignal): Promise<ApiEnvelope<ActiveSession[]>> {
  return api.get<ApiEnvelope<ActiveSession[]>>('/sessions/active', { signal });
}

export const activeSessionsQuery = queryOptions({
  queryKey: ['sessions', 'active'],
  queryFn: ({ signal }) => getActiveSessions(signal).then((r) => r.data),
  meta: { live: true },
});

export function useActiveSessions(options: { enabled: boolean }) {
  return useQuery({ ...activeSessionsQuery, enabled: options.enabled });
}
