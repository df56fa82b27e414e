import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '@ips/shared/schemas/users';
import { api } from '@/lib/api-client';

export interface SavedUser {
  success: true;
  data: UserDto & { generated_password?: string };
  message?: string;
}

/** Refreshes the list, the title's count and the locked accounts after any change to a user. */
export function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['users'] });
}

/** POST /users (a blank password: the server generates one and returns it once) or PUT /users/{id}. */
export function useSaveUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: unknown }) =>
      id === undefined ? api.post<SavedUser>('/users', body) : api.put<SavedUser>(`/users/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ success: true; message?: string }>(`/users/${id}`),
    onSuccess: invalidate,
  });
}
