import { useState } from 'react';
import { toast } from 'sonner';
import { Loader2Icon } from 'lucide-react';
import { WAITING_LIST_MESSAGES } from '@ips/shared/schemas/waiting-list';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-toast';
import type { WaitingEntry } from '@/features/queue/api/waiting-list';
import { useRemoveFromWaitingList } from '@/features/queue/api/waiting-list-mutations';

/** Takes a patient off the waiting list, with an optional reason kept as the entry's outcome. */
export function RemoveEntryDialog({
  entry,
  onOpenChange,
}: {
  entry: WaitingEntry | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useRemoveFromWaitingList();
  const [reason, setReason] = useState('');
  const close = () => {
    if (remove.isPending) return;
    setReason('');
    onOpenChange(false);
  };
  const run = () => {
    if (!entry) return;
    remove.mutateAsync({ id: entry.id, reason }).then(
      () => {
        toast.success(WAITING_LIST_MESSAGES.removed, {
          description: `${entry.patient_name} · ${entry.specialty_name}`,
        });
        setReason('');
        onOpenChange(false);
      },
      (err: unknown) =>
        toast.error('No se pudo retirar al paciente', {
          description: errorMessage(err),
          position: 'top-center',
        }),
    );
  };

  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Retirar de la cola</DialogTitle>
          <DialogDescription>
            {entry && (
              <>
                <strong>{entry.patient_name}</strong> dejará de esperar cita de {entry.specialty_name}. Esta
                acción queda registrada en la auditoría.
              </>
            )}
          </DialogDescription>
        </DialogHeader>
        <Field id="remove-reason" label="Motivo (opcional)" hint="Máximo 200 caracteres">
          <Input
            id="remove-reason"
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Ej.: el paciente ya no requiere la cita"
          />
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancelar
          </Button>
          <Button variant="destructive" onClick={run} disabled={remove.isPending}>
            {remove.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
            Retirar de la cola
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
