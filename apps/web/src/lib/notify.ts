import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';

/**
 * The server's own Spanish message, when it sent one: not for a lost connection (the client's text) nor for a
 * bare 'HTTP 500'.
 */
export function serverMessage(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status === 0) return null;
  return err.message && !/^HTTP \d+$/.test(err.message) ? err.message : null;
}

export const isConflict = (err: unknown) => err instanceof ApiError && err.status === 409;
const isSignedOut = (err: unknown) => err instanceof ApiError && err.status === 401;

/**
 * Spec part 2 §8 "assignment toasts": destructive, titled 'Error', the screen's text ('No se pudo crear', …)
 * unless the server sent a message of its own. A 401 already went to /login and says nothing here.
 */
export function notifyError(err: unknown, fallback: string): void {
  if (isSignedOut(err)) return;
  toast.error('Error', { description: serverMessage(err) ?? fallback });
}

/** Services use their own wording (spec part 2 §8 "Services"); a lost connection is 'Error red'. */
export function notifyServiceError(err: unknown, title: string): void {
  if (isSignedOut(err)) return;
  if (err instanceof ApiError && err.status === 0) {
    toast.error('Error red', { description: err.message });
    return;
  }
  const message = serverMessage(err);
  toast.error(title, message ? { description: message } : undefined);
}

export function notifySuccess(title: string, description?: string): void {
  toast.success(title, description ? { description } : undefined);
}
