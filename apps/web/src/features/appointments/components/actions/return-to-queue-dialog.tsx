import { useState } from 'react';
import { toast } from 'sonner';
import { Loader2Icon } from 'lucide-react';
import { formatDate } from '@ips/shared/format';
import { DEFAULT_RETURN_TO_QUEUE_REASON } from '@ips/shared/schemas/appointment-booking';
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
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/error-toast';
import { useReturnToQueue } from '@/features/appointments/api/appointment-mutations';
import type { AppointmentRef } from '@/features/appointments/components/actions/appointment-ref';
import { settle } from '@/features/appointments/utils/settle';
import { DIALOG_TOAST } from '@/features/appointments/utils/dialog-toast';
import { dateOf, timeOf } from '@/features/appointments/utils/scheduled-at';

/**
 * Devolver a cola (spec §4): the appointment is cancelled, the patient goes back to the waiting queue and, with
 * "asignar automáticamente", the freed slot goes to the next patient waiting for the specialty.
 */
export function ReturnToQueueDialog({
  appointment,
  onOpenChange,
}: {
  appointment: AppointmentRef | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState(DEFAULT_RETURN_TO_QUEUE_REASON);
  const [autoAssign, setAutoAssign] = useState(true);
  const mutation = useReturnToQueue();
  const a = appointment;

  const close = () => {
    setReason(DEFAULT_RETURN_TO_QUEUE_REASON);
    setAutoAssign(true);
    onOpenChange(false);
  };
  const confirm = () => {
    if (!a) return;
    settle(
      mutation.mutateAsync({
        appointment_id: a.id,
        cancellation_reason: reason.trim(),
        auto_assign: autoAssign,
      }),
      {
        onSuccess: (r) => {
          const got = r.data.reassignment.assigned ? r.data.reassignment.patient_assigned : null;
          const next = r.data.next_in_queue?.patient_name;
          toast.success('Cita devuelta a cola', {
            description: got
              ? `El cupo fue asignado a ${got}`
              : next
                ? `Siguiente en la cola: ${next}`
                : 'Cupo liberado exitosamente',
          });
          close();
        },
        onError: (err) =>
          toast.error('No se pudo devolver a cola', {
            description: errorMessage(err) || 'Error al procesar la solicitud',
            ...DIALOG_TOAST,
          }),
      },
    );
  };

  return (
    <Dialog open={a !== null} onOpenChange={(open) => !open && !mutation.isPending && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Devolver a cola de espera</DialogTitle>
          <DialogDescription>
            {a && `${a.patient_name} · ${formatDate(dateOf(a.scheduled_at))} a las ${timeOf(a.scheduled_at)}`}
          </DialogDescription>
        </DialogHeader>
        <Field id="queue-reason" label="Motivo">
          <Textarea
            id="queue-reason"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        <div className="flex items-center gap-3">
          <Switch id="queue-auto" checked={autoAssign} onCheckedChange={setAutoAssign} />
          <Label htmlFor="queue-auto">Asignar el cupo liberado al siguiente paciente en la cola</Label>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={mutation.isPending}>
            Volver
          </Button>
          <Button onClick={confirm} disabled={mutation.isPending}>
            {mutation.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
            Devolver a cola
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
