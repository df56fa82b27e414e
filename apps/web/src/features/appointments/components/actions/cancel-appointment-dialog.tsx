import { useState } from 'react';
import { toast } from 'sonner';
import { Loader2Icon } from 'lucide-react';
import { cancelAppointmentBody, DEFAULT_CANCEL_REASON } from '@ips/shared/schemas/appointments';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { describedBy, Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/error-toast';
import { useCancelAppointment } from '@/features/appointments/api/appointment-mutations';
import type { AppointmentRef } from '@/features/appointments/components/actions/appointment-ref';
import { settle } from '@/features/appointments/utils/settle';
import { DIALOG_TOAST } from '@/features/appointments/utils/dialog-toast';
import { dateOf, timeOf } from '@/features/appointments/utils/scheduled-at';
import { formatDate } from '@ips/shared/format';

/**
 * Cancel one appointment with a message for the patient (spec §5 "Cancel appointment": the confirm button
 * needs a non-empty message). The message is stored as the cancellation reason. A blank message is checked with
 * the API's own rule and shown under the field (the server refuses it too).
 */
export function CancelAppointmentDialog({
  appointment,
  onOpenChange,
}: {
  appointment: AppointmentRef | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [message, setMessage] = useState(DEFAULT_CANCEL_REASON);
  const [error, setError] = useState<string | undefined>();
  const cancel = useCancelAppointment();
  const a = appointment;

  const check = (text: string) => {
    const parsed = cancelAppointmentBody.safeParse({ reason: text });
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  };

  const confirm = () => {
    if (!a) return;
    const problem = check(message);
    setError(problem);
    if (problem) {
      document.getElementById('cancel-message')?.focus();
      return;
    }
    settle(cancel.mutateAsync({ id: a.id, reason: message.trim() }), {
      onSuccess: () => {
        toast.success('Cita cancelada', {
          description: `${a.patient_name} · ${formatDate(dateOf(a.scheduled_at))} ${timeOf(a.scheduled_at)}`,
        });
        onOpenChange(false);
      },
      onError: (err) =>
        toast.error('No se pudo cancelar la cita', {
          description: errorMessage(err) || 'Error al cancelar',
          ...DIALOG_TOAST,
        }),
    });
  };

  return (
    <Dialog
      open={a !== null}
      onOpenChange={(open) => {
        if (!open) {
          setMessage(DEFAULT_CANCEL_REASON);
          setError(undefined);
        }
        if (!cancel.isPending) onOpenChange(open);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancelar cita</DialogTitle>
          <DialogDescription>
            {a && `${a.patient_name} · ${formatDate(dateOf(a.scheduled_at))} a las ${timeOf(a.scheduled_at)}`}
          </DialogDescription>
        </DialogHeader>
        <Field id="cancel-message" label="Mensaje para el paciente" required error={error}>
          <Textarea
            id="cancel-message"
            rows={3}
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
              // Once shown, the message follows what is typed: it goes as soon as the field says something.
              if (error) setError(check(e.target.value));
            }}
            onBlur={() => setError(check(message))}
            {...describedBy('cancel-message', error)}
          />
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={cancel.isPending}>
            Volver
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
            Confirmar cancelación
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
