import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { ChangePasswordBody } from '@ips/shared/schemas/password';
import { api } from '@/lib/api-client';
import { getAuthSnapshot, updateUser } from '@/lib/auth-storage';
import { meQuery } from '@/features/auth/api/get-me';

export function changePassword(body: ChangePasswordBody): Promise<{ success: true; message?: string }> {
  return api.post('/auth/change-password', body);
}

/**
 * POST /auth/change-password. The server ends the user's other sessions and keeps this one; the stored user
 * loses the must-change flag at once so the app opens without waiting for /auth/me.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (res) => {
      const { user } = getAuthSnapshot();
      if (user) updateUser({ ...user, must_change_password: false });
      // The cached /auth/me still says "must change": the screens copy it into the stored user, which would send
      // the user back to this page until the refetch lands. Correct the cache first, then confirm it.
      void queryClient.cancelQueries({ queryKey: meQuery.queryKey });
      queryClient.setQueryData(meQuery.queryKey, (me) =>
        me ? { ...me, user: { ...me.user, must_change_password: false } } : me,
      );
      void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      toast.success(res.message ?? 'Contraseña actualizada', {
        description: 'Sus demás sesiones fueron cerradas.',
      });
    },
  });
}
