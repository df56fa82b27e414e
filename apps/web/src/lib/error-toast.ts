import { toast } from 'sonner';
import { titleForStatus } from '@ips/shared/errors';
import { ApiError } from '@/lib/api-client';

const UNEXPECTED = 'Ha ocurrido un error inesperado';

export function errorMessage(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return UNEXPECTED;
}

/**
 * The spec's generic handler: a title by status (400 'Datos inválidos', 403 'Acceso denegado', …) unless the
 * screen names its own, and the server's message as the description.
 */
export function toastError(err: unknown, title?: string): void {
  // A 401 already sent the user to /login; a second toast would only hide the login notice.
  if (err instanceof ApiError && err.status === 401) return;
  const heading =
    title ??
    (err instanceof ApiError ? (err.status === 0 ? 'Sin conexión' : titleForStatus(err.status)) : 'Error');
  toast.error(heading, { description: errorMessage(err) });
}
