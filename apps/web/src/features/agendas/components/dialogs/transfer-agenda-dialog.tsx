import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { AGENDA_MESSAGES as M } from '@ips/shared/schemas/availabilities';
import type { TransferMode } from '@ips/shared/schemas/availabilities-actions';
import { countOf, formatDate } from '@ips/shared/format';
import { describedBy, Field } from '@/components/ui/field';
import { DateInput } from '@/components/ui/date-input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import type { Agenda } from '@/features/agendas/api/agendas';
import { useTransferAgenda } from '@/features/agendas/api/agenda-mutations';
import { useOrgToday } from '@/features/agendas/hooks/use-org-today';
import { timeRange } from '@/features/agendas/utils/agenda-display';
import { FormDialog } from '@/components/form-dialog';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  agenda: Agenda;
}

/** Transferir a otra fecha (spec §5 "Transfer agenda"): move the agenda and its appointments, or copy it empty. */
export function TransferAgendaDialog({ open, onOpenChange, agenda }: Props) {
  const { today } = useOrgToday();
  const transfer = useTransferAgenda();
  const [date, setDate] = useState('');
  const [mode, setMode] = useState<TransferMode>('move');
  const [error, setError] = useState<string>();

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = !date
      ? M.transferDate
      : date < today
        ? M.transferPast
        : date === agenda.date
          ? M.transferSame
          : undefined;
    setError(problem);
    if (problem) return;
    transfer.mutate(
      { id: agenda.id, new_date: date, mode },
      {
        onSuccess: (r) => {
          toast.success(mode === 'copy' ? 'Agenda Copiada' : 'Agenda Transferida', {
            description:
              mode === 'copy'
                ? `Copia creada para el ${formatDate(date)}`
                : `Movida al ${formatDate(date)} con ${countOf(r.appointments_moved, 'cita')}`,
          });
          onOpenChange(false);
        },
        onError: (err) =>
          toast.error('No se pudo transferir la disponibilidad', { description: err.message }),
      },
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Transferir agenda"
      description={`${agenda.doctor_name} · ${formatDate(agenda.date)} · ${timeRange(agenda.start_time, agenda.end_time)}`}
      submitLabel={mode === 'copy' ? 'Copiar agenda' : 'Transferir agenda'}
      pending={transfer.isPending}
      onSubmit={submit}
    >
      <Field id="transfer-date" label="Nueva fecha" required error={error}>
        <DateInput
          id="transfer-date"
          min={today}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          {...describedBy('transfer-date', error)}
        />
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Modo</legend>
        <RadioGroup value={mode} onValueChange={(v) => setMode(v as TransferMode)}>
          <div className="flex items-start gap-2">
            <RadioGroupItem id="transfer-move" value="move" />
            <Label htmlFor="transfer-move" className="grid gap-0.5 font-normal">
              <span className="font-medium">Mover</span>
              <span className="text-xs text-muted-foreground">
                La agenda y sus citas pasan a la nueva fecha.
              </span>
            </Label>
          </div>
          <div className="flex items-start gap-2">
            <RadioGroupItem id="transfer-copy" value="copy" />
            <Label htmlFor="transfer-copy" className="grid gap-0.5 font-normal">
              <span className="font-medium">Copiar</span>
              <span className="text-xs text-muted-foreground">
                Se crea una agenda igual, sin citas, en la nueva fecha.
              </span>
            </Label>
          </div>
        </RadioGroup>
      </fieldset>
    </FormDialog>
  );
}
