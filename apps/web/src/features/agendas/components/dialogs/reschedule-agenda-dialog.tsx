import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { AGENDA_MESSAGES as M } from '@ips/shared/schemas/availabilities';
import {
  rescheduleAvailabilityBody,
  type RescheduleAvailabilityBody,
} from '@ips/shared/schemas/availabilities-actions';
import { describedBy, Field } from '@/components/ui/field';
import { DateInput } from '@/components/ui/date-input';
import { TimeInput } from '@/components/ui/time-input';
import type { Agenda } from '@/features/agendas/api/agendas';
import { useRescheduleAgenda } from '@/features/agendas/api/agenda-mutations';
import { useOrgToday } from '@/features/agendas/hooks/use-org-today';
import { hhmm } from '@/features/agendas/utils/agenda-display';
import { FormDialog } from '@/components/form-dialog';
import { formResolver } from '@/lib/form';

interface Values {
  date: string;
  start_time: string;
  end_time: string;
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  agenda: Agenda;
}

/** Reagendar (spec §5 "Simple reschedule"): new date, start and end; the appointments keep their place. */
export function RescheduleAgendaDialog({ open, onOpenChange, agenda }: Props) {
  const { today } = useOrgToday();
  const reschedule = useRescheduleAgenda();
  const form = useForm<Values, unknown, RescheduleAvailabilityBody>({
    resolver: formResolver<Values, RescheduleAvailabilityBody>(rescheduleAvailabilityBody),
    defaultValues: { date: '', start_time: hhmm(agenda.start_time), end_time: hhmm(agenda.end_time) },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) => {
    if (body.date < today) {
      form.setError('date', { message: M.reschedulePast });
      return;
    }
    reschedule.mutate(
      { id: agenda.id, ...body },
      {
        onSuccess: () => {
          toast.success('Agenda reagendada correctamente');
          onOpenChange(false);
        },
        onError: (err) => toast.error('No se pudo reagendar la agenda', { description: err.message }),
      },
    );
  });
  const reg = (name: keyof Values, id: string) => ({
    id,
    ...describedBy(id, errors[name]?.message),
    ...form.register(name),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reagendar agenda"
      description={`${agenda.doctor_name} · ${agenda.specialty_name}`}
      submitLabel="Reagendar"
      pending={reschedule.isPending}
      onSubmit={submit}
    >
      <Field id="reschedule-date" label="Nueva fecha" required error={errors.date?.message}>
        <DateInput min={today} {...reg('date', 'reschedule-date')} />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="reschedule-start" label="Hora de inicio" required error={errors.start_time?.message}>
          <TimeInput step={300} {...reg('start_time', 'reschedule-start')} />
        </Field>
        <Field id="reschedule-end" label="Hora de fin" required error={errors.end_time?.message}>
          <TimeInput step={300} {...reg('end_time', 'reschedule-end')} />
        </Field>
      </div>
    </FormDialog>
  );
}
