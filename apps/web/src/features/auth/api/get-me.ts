import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiEnvelope } from '@/lib/api-client';
import type { AuthUser } from '@/lib/auth-storage';

export interface Me {
  user: AuthUser;
  session: { id: string; expires_at: string };
}

export function getMe(signal?: AbortSignal): Promise<ApiEnvelope<Me>> {
  return api.get<ApiEnvelope<Me>>('/auth/me', { signal });
}

export const meQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: ({ signal }) => getMe(signal).then((r) => r.data),
  staleTime: 60_000,
});

/** Confirms the stored session with the server; a 401 signs the browser out (see api-client). */
export function useMe() {
  return useQuery(meQuery);
}
