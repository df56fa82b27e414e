import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiEnvelope } from '@/lib/api-client';

export interface MySession {
  id: string;
  created_at: string;
  last_seen_at: string | null;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
}

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
