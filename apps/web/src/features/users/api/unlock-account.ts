import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /users/{id}/unlock: the account may sign in again from every address. */
export function unlockAccount(userId: number): Promise<unknown> {
  return api.post(`/users/${encodeURIComponent(String(userId))}/unlock`);
}

export function useUnlockAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users', 'locked'] }),
  });
}
