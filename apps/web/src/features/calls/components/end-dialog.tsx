import { useEffect, useState, type FormEvent } from 'react';
import { CALL_MESSAGES, type CallDto } from '@ips/shared/schemas/calls';
import { FormDialog } from '@/components/form-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { notifyServiceError, notifySuccess } from '@/lib/notify';
import { useCallAction } from '@/features/calls/api/calls-api';

/** Ends an active or waiting call with its outcome (optional). A waiting call never attended counts as abandoned. */
export function EndDialog({ call, onClose }: { call: CallDto | null; onClose: () => void }) {
  const [outcome, setOutcome] = useState('');
  const mutation = useCallAction();
  useEffect(() => {
    if (call) setOutcome('');
  }, [call]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!call) return;
    mutation.mutate(
      { action: 'end', id: call.id, outcome: outcome.trim() || undefined },
      {
        onSuccess: () => {
          notifySuccess(CALL_MESSAGES.ended);
          onClose();
        },
        onError: (err) => notifyServiceError(err, 'Error al finalizar llamada'),
      },
    );
  };
  const abandoned = call?.status === 'waiting' && !call.answered_at;
  return (
    <FormDialog
      open={call !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Finalizar llamada"
      description={
        call
          ? abandoned
            ? `${call.patient_name}: nunca fue atendida; contará como abandonada.`
            : call.patient_name
          : undefined
      }
      submitLabel="Finalizar"
      pending={mutation.isPending}
      onSubmit={submit}
    >
      <Field id="call-outcome" label="Resultado" hint="Por ejemplo: cita agendada, información entregada">
        <Input
          id="call-outcome"
          value={outcome}
          maxLength={200}
          autoFocus
          onChange={(e) => setOutcome(e.target.value)}
        />
      </Field>
    </FormDialog>
  );
}
