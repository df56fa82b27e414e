import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionDto } from '@ips/shared/schemas/sessions';
import { api, type ApiEnvelope } from '@/lib/api-client';

/** GET /users/{id}/sessions: the user's open sessions. */
export function useUserSessions(userId: number | null) {
  return useQuery({
    queryKey: ['users', 'sessions', userId],
    queryFn: ({ signal }) =>
      api.get<ApiEnvelope<SessionDto[]>>(`/users/${userId}/sessions`, { signal }).then((r) => r.data),
    enabled: userId !== null,
  });
}

/** DELETE /sessions/user/{id}: ends them all; the user signs in again on every device. */
export function useEndUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      api.delete<ApiEnvelope<{ ended: number }>>(`/sessions/user/${userId}`).then((r) => r.data),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['sessions'] }),
      ]),
  });
}
