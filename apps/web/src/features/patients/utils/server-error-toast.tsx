import { toast } from 'sonner';
import { DIALOG_TOAST } from '@/features/patients/utils/dialog-toast';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-toast';

/**
 * Spec §8: 'Error al crear paciente' / 'Error al actualizar paciente' with the server's message, one line per
 * invalid field and the technical detail.
 */
export function toastServerError(title: string, err: unknown, lines: readonly string[]): void {
  if (err instanceof ApiError && err.status === 401) return;
  const detail = err instanceof ApiError && err.error && err.error !== err.message ? err.error : null;
  toast.error(title, {
    description: (
      <div className="space-y-1">
        <p>{errorMessage(err)}</p>
        {lines.length > 0 && (
          <ul className="list-disc pl-4">
            {lines.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        )}
        {detail && <p className="text-xs opacity-75">Detalle: {detail}</p>}
      </div>
    ),
    ...DIALOG_TOAST,
  });
}
