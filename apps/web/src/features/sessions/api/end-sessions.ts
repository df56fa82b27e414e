import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /sessions/{id}: ends one of my sessions. */
export function endSession(id: string): Promise<unknown> {
  return api.delete(`/sessions/${encodeURIComponent(id)}`);
}

/** DELETE /sessions?exclude_current=true: ends every session of mine except this one. */
export function endOtherSessions(): Promise<unknown> {
  return api.delete('/sessions', { query: { exclude_current: true } });
}

/** DELETE /sessions/user/{userId}: an administrator ends all sessions of a user. */
export function endUserSessions(userId: string | number): Promise<unknown> {
  return api.delete(`/sessions/user/${encodeURIComponent(String(userId))}`);
}

function useInvalidateSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['sessions'] });
}

export function useEndSession() {
  const invalidate = useInvalidateSessions();
  return useMutation({ mutationFn: endSession, onSettled: invalidate });
}

export function useEndOtherSessions() {
  const invalidate = useInvalidateSessions();
  return useMutation({ mutationFn: endOtherSessions, onSettled: invalidate });
}

export function useEndUserSessions() {
  const invalidate = useInvalidateSessions();
  return useMutation({ mutationFn: endUserSessions, onSettled: invalidate });
}
