import { useState, type FormEvent } from 'react';
import { CalendarClockIcon } from 'lucide-react';
import { toast } from 'sonner';
import { NOTICE_CHANNELS } from '@ips/shared/schemas/availabilities-actions';
import { countOf, formatDate } from '@ips/shared/format';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import type { Agenda } from '@/features/agendas/api/agendas';
import { useCancelAgenda } from '@/features/agendas/api/agenda-mutations';
import { useAgendaDialogs } from '@/features/agendas/components/agenda-dialogs-context';
import { SelectField } from '@/features/agendas/components/dialogs/select-field';
import { timeRange } from '@/features/agendas/utils/agenda-display';
import { NOTICE_CHANNEL_LABELS } from '@/features/agendas/utils/notice-channels';
import { FormDialog } from '@/components/form-dialog';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  agenda: Agenda;
}

/**
 * Cancelar agenda with a message to the patients (spec §5): the confirm button needs a message. Reagendar is
 * offered beside it for the same "Cancelar o Reagendar" action.
 */
export function CancelAgendaDialog({ open, onOpenChange, agenda }: Props) {
  const cancel = useCancelAgenda();
  const dialogs = useAgendaDialogs();
  const [message, setMessage] = useState('');
  const [channel, setChannel] = useState<string>('sistema');

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!message.trim()) return;
    cancel.mutate(
      { id: agenda.id, message: message.trim(), channel },
      {
        onSuccess: (r) => {
          toast.success('Agenda Cancelada', {
            description: `${countOf(r.appointments_cancelled, 'cita cancelada', 'citas canceladas')} · ${countOf(r.notices_created, 'aviso')} a pacientes`,
          });
          onOpenChange(false);
        },
        onError: (err) => toast.error('No se pudo cancelar la agenda', { description: err.message }),
      },
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancelar agenda"
      description={`${agenda.doctor_name} · ${formatDate(agenda.date)} · ${timeRange(agenda.start_time, agenda.end_time)} · ${countOf(agenda.booked_slots, 'paciente agendado', 'pacientes agendados')}`}
      submitLabel="Cancelar agenda"
      pending={cancel.isPending}
      submitDisabled={!message.trim()}
      onSubmit={submit}
    >
      <Field
        id="cancel-message"
        label="Mensaje para los pacientes"
        required
        hint="Se guarda un aviso por paciente y sus citas quedan canceladas con este motivo."
      >
        <Textarea
          id="cancel-message"
          rows={4}
          maxLength={1000}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          placeholder="Ej.: El doctor no podrá atender este día por una incapacidad. Le contactaremos para reprogramar."
        />
      </Field>
      <SelectField
        id="cancel-channel"
        label="Canal del aviso"
        value={channel}
        onChange={setChannel}
        options={NOTICE_CHANNELS.map((c) => ({ id: c, name: NOTICE_CHANNEL_LABELS[c] }))}
        placeholder="Canal"
      />
      <div className="flex items-center justify-between gap-2 rounded-md border bg-muted/30 p-3 text-sm">
        <span>¿Prefiere mover la agenda a otra fecha y hora?</span>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => dialogs.open({ kind: 'reschedule', agenda })}
        >
          <CalendarClockIcon aria-hidden />
          Reagendar
        </Button>
      </div>
    </FormDialog>
  );
}
