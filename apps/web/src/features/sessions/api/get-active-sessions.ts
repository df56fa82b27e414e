import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@ips/shared/catalogs/roles';
import { api, type ApiEnvelope } from '@/lib/api-client';

export interface ActiveSession {
  id: string;
  user_id: string | number;
  user_name: string;
  user_email: string;
  role: Role;
  created_at: string;
  last_seen_at: string | null;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

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
