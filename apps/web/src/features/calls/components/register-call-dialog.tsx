import { useEffect, useState, type FormEvent } from 'react';
import {
  CALL_MESSAGES,
  CALL_PRIORITY_LABELS,
  CALL_TYPE_LABELS,
  createCallBody,
  type CallPriority,
  type CallType,
} from '@ips/shared/schemas/calls';
import { FormDialog } from '@/components/form-dialog';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { notifyServiceError, notifySuccess } from '@/lib/notify';
import { useRegisterCall } from '@/features/calls/api/calls-api';
import { OptionSelect, optionsOf } from '@/features/calls/components/option-select';

interface Draft {
  patient_name: string;
  patient_phone: string;
  patient_document: string;
  call_type: CallType;
  priority: CallPriority;
  agent_name: string;
}
const EMPTY: Draft = {
  patient_name: '',
  patient_phone: '',
  patient_document: '',
  call_type: 'general',
  priority: 'normal',
  agent_name: '',
};

/**
 * 'Registrar llamada': an incoming call entered by hand (a clinic without a voice agent). With an agent name it
 * starts active; without one it waits in the queue. The server links the patient by document or phone (+57).
 */
export function RegisterCallDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const mutation = useRegisterCall();
  useEffect(() => {
    if (open) {
      setDraft(EMPTY);
      setErrors({});
    }
  }, [open]);
  const set = (k: keyof Draft) => (v: string) => {
    setDraft((d) => ({ ...d, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const fieldErrors: typeof errors = {};
    if (!draft.patient_name.trim() && !draft.patient_phone.trim() && !draft.patient_document.trim())
      fieldErrors.patient_name = CALL_MESSAGES.nameRequired;
    const parsed = createCallBody.safeParse(draft);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as keyof Draft;
        fieldErrors[k] ??= issue.message;
      }
    if (Object.keys(fieldErrors).length > 0) {
      setErrors(fieldErrors);
      return;
    }
    mutation.mutate(draft, {
      onSuccess: (call) => {
        notifySuccess(
          CALL_MESSAGES.created,
          call.patient_id ? `Vinculada a ${call.patient_name}` : undefined,
        );
        onOpenChange(false);
      },
      onError: (err) => notifyServiceError(err, 'Error al registrar llamada'),
    });
  };

  const text = (
    k: 'patient_name' | 'patient_phone' | 'patient_document' | 'agent_name',
    label: string,
    extra = {},
  ) => (
    <Field id={`call-${k}`} label={label} error={errors[k]}>
      <Input
        id={`call-${k}`}
        value={draft[k]}
        onChange={(e) => set(k)(e.target.value)}
        autoComplete="off"
        {...describedBy(`call-${k}`, errors[k])}
        {...extra}
      />
    </Field>
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Registrar llamada"
      description="Una llamada entrante. Sin agente queda en espera; con agente, activa."
      submitLabel="Registrar"
      pending={mutation.isPending}
      onSubmit={submit}
      size="lg"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {text('patient_name', 'Nombre del paciente', { autoFocus: true })}
        {text('patient_phone', 'Teléfono', { inputMode: 'tel', placeholder: '310 555 1234' })}
        {text('patient_document', 'Documento', { inputMode: 'numeric' })}
        <Field id="call-type" label="Tipo de llamada">
          <OptionSelect
            id="call-type"
            label="Tipo de llamada"
            value={draft.call_type}
            onChange={set('call_type')}
            options={optionsOf(CALL_TYPE_LABELS)}
          />
        </Field>
        <Field id="call-priority" label="Prioridad">
          <OptionSelect
            id="call-priority"
            label="Prioridad"
            value={draft.priority}
            onChange={set('priority')}
            options={optionsOf(CALL_PRIORITY_LABELS)}
          />
        </Field>
        {text('agent_name', 'Agente que atiende (opcional)')}
      </div>
    </FormDialog>
  );
}
