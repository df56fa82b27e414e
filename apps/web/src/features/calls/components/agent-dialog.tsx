import { useEffect, useState, type FormEvent } from 'react';
import { CALL_MESSAGES, callAgentBody, type CallDto } from '@ips/shared/schemas/calls';
import { FormDialog } from '@/components/form-dialog';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { notifyServiceError, notifySuccess } from '@/lib/notify';
import { useCallAction } from '@/features/calls/api/calls-api';

const TEXT = {
  attend: {
    title: 'Atender llamada',
    submit: 'Atender',
    ok: CALL_MESSAGES.attended,
    error: 'Error al atender llamada',
  },
  transfer: {
    title: 'Transferir llamada',
    submit: 'Transferir',
    ok: CALL_MESSAGES.transferred,
    error: 'Error al transferir llamada',
  },
} as const;

/** Attend (waiting → active) or transfer (to another agent): both ask for the agent's name (spec §5). */
export function AgentDialog({
  call,
  action,
  defaultAgent,
  onClose,
}: {
  call: CallDto | null;
  action: 'attend' | 'transfer';
  defaultAgent: string;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const mutation = useCallAction();
  const t = TEXT[action];
  useEffect(() => {
    if (call) {
      setName(action === 'attend' ? defaultAgent : '');
      setError(undefined);
    }
  }, [call, action, defaultAgent]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!call) return;
    const parsed = callAgentBody.safeParse({ agent_name: name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? CALL_MESSAGES.agentRequired);
      return;
    }
    mutation.mutate(
      { action, id: call.id, agent_name: parsed.data.agent_name },
      {
        onSuccess: () => {
          notifySuccess(t.ok);
          onClose();
        },
        onError: (err) => notifyServiceError(err, t.error),
      },
    );
  };

  return (
    <FormDialog
      open={call !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t.title}
      description={
        call ? `${call.patient_name}${call.agent_name ? ` · con ${call.agent_name}` : ''}` : undefined
      }
      submitLabel={t.submit}
      pending={mutation.isPending}
      onSubmit={submit}
    >
      <Field id="agent-name" label="Nombre del agente" error={error} required>
        <Input
          id="agent-name"
          value={name}
          autoFocus
          autoComplete="off"
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
          {...describedBy('agent-name', error)}
        />
      </Field>
    </FormDialog>
  );
}
