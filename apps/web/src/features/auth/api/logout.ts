import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { clearLogin, markSigningOut } from '@/lib/auth-storage';

export function logout(): Promise<unknown> {
  return api.post('/auth/logout');
}

/**
 * Ends the session on the server, then clears the browser whatever the answer (an already-ended session must
 * still be able to leave). The caller's router sends the user to /login once the token is gone.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    // Marked first: the server's 'session-ended' event for this very logout can arrive before its answer.
    onMutate: () => markSigningOut(),
    mutationFn: () => logout().catch(() => undefined),
    onSettled: () => {
      clearLogin('logout');
      queryClient.clear();
      toast.success('Sesión cerrada', { description: 'Ha cerrado sesión exitosamente' });
    },
  });
}
