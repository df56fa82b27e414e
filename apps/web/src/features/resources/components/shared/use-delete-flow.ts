import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { Removed } from '@/features/resources/api/crud';
import { isConflict, notifySuccess, serverMessage } from '@/lib/notify';

interface DeleteFlowOptions<T> {
  /** Toast after deleting, unless the server words it: 'Especialidad eliminada'. */
  success: (item: T) => string;
  /** Any failure other than a refusal (409): shows the toast. */
  onError: (err: unknown) => void;
}

/**
 * Confirm → DELETE → toast. A 409 keeps the dialog open with the server's reason ('Está asignada a …'),
 * or 'No se puede eliminar' when it gave none.
 */
export function useDeleteFlow<T extends { id: number }>(
  mutation: UseMutationResult<Removed | undefined, Error, number>,
  { success, onError }: DeleteFlowOptions<T>,
) {
  const [target, setTarget] = useState<T | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  function ask(item: T) {
    setRefusal(null);
    setTarget(item);
  }

  function close() {
    setTarget(null);
    setRefusal(null);
  }

  function confirm() {
    if (!target) return;
    const item = target;
    mutation.mutate(item.id, {
      onSuccess: (res) => {
        notifySuccess(res?.message ?? success(item));
        close();
      },
      onError: (err) => {
        if (isConflict(err)) {
          setRefusal(serverMessage(err) ?? 'No se puede eliminar');
          return;
        }
        onError(err);
        close();
      },
    });
  }

  return {
    target,
    ask,
    dialog: {
      open: target !== null,
      onOpenChange: (open: boolean) => !open && close(),
      pending: mutation.isPending,
      refusal,
      onConfirm: confirm,
    },
  };
}
