import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordDto } from '@ips/shared/schemas/users';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { useInvalidateUsers } from '@/features/users/api/save-user';

/** POST /users/{id}/reset-password: a new password, shown once; the user's sessions end. */
export function useResetPassword() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<ApiEnvelope<ResetPasswordDto>>(`/users/${id}/reset-password`).then((r) => r.data),
    onSuccess: invalidate,
  });
}
