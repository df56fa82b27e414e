import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionDto } from '@ips/shared/schemas/sessions';
import { api, type ApiEnvelope } from '@/lib/api-client';

export type MySession = SessionDto;

export function getMySessions(signal?: AbortSignal): Promise<ApiEnvelope<MySession[]>> {
  return api.get<ApiEnvelope<MySession[]>>('/sessions/my-sessions', { signal });
}

export const mySessionsQuery = queryOptions({
  queryKey: ['sessions', 'mine'],
  queryFn: ({ signal }) => getMySessions(signal).then((r) => r.data),
  meta: { live: true },
});

export function useMySessions() {
  return useQuery(mySessionsQuery);
}
