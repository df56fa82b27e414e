import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/notify';

/**
 * Spec part 2 §8 "Users": the screen's own title ('No se pudo crear el usuario', …) with the server's reason under
 * it when it gave one (a duplicate e-mail, the last administrator). A 401 already went to /login.
 */
export function toastUserError(title: string, err: unknown): void {
  if (err instanceof ApiError && err.status === 401) return;
  const description = serverMessage(err) ?? undefined;
  toast.error(title, description ? { description } : undefined);
}
