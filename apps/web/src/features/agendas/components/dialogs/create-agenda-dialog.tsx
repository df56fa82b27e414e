import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  AGENDA_DURATION,
  AGENDA_MESSAGES,
  createAvailabilityBody,
  type CreateAvailabilityBody,
} from '@ips/shared/schemas/availabilities';
import { Button } from '@/components/ui/button';
import { describedBy, Field } from '@/components/ui/field';
import { DateInput } from '@/components/ui/date-input';
import { TimeInput } from '@/components/ui/time-input';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useCreateAgenda } from '@/features/agendas/api/agenda-mutations';
import { AgendaAutoFields } from '@/features/agendas/components/dialogs/agenda-auto-fields';
import { AgendaPlaceFields } from '@/features/agendas/components/dialogs/agenda-place-fields';
import { useOrgToday } from '@/features/agendas/hooks/use-org-today';
import { FormDialog } from '@/components/form-dialog';
import type { CreateAgendaValues } from '@/features/agendas/components/dialogs/create-agenda-values';

export type { CreateAgendaValues };
import { applyServerErrors, formResolver } from '@/lib/form';

const FIELDS = [
  'location_id',
  'specialty_id',
  'doctor_id',
  'date',
  'start_time',
  'end_time',
  'capacity',
  'duration_minutes',
  'notes',
  'preallocation_publish_date',
  'distribution_start_date',
  'distribution_end_date',
] as const;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  date?: string;
}

/** Crear Agenda (spec §5 "Create agenda"), validated by the shared schema and its Spanish messages. */
export function CreateAgendaDialog({ open, onOpenChange, date }: Props) {
  const { today } = useOrgToday();
  const create = useCreateAgenda();
  const form = useForm<CreateAgendaValues, unknown, CreateAvailabilityBody>({
    resolver: formResolver<CreateAgendaValues, CreateAvailabilityBody>(createAvailabilityBody),
    defaultValues: {
      location_id: '',
      specialty_id: '',
      doctor_id: '',
      date: date ?? '',
      start_time: '',
      end_time: '',
      capacity: '1',
      duration_minutes: String(AGENDA_DURATION.default),
      notes: '',
      auto_preallocate: false,
      preallocation_publish_date: '',
      auto_distribute: false,
      distribution_start_date: '',
      distribution_end_date: '',
      exclude_weekends: true,
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) => {
    if (body.date < today) {
      form.setError('date', { type: 'validate', message: AGENDA_MESSAGES.pastDate });
      return;
    }
    create.mutate(body, {
      onSuccess: (res) => {
        toast.success(res.message ?? 'Agenda creada exitosamente');
        onOpenChange(false);
      },
      onError: (err) => {
        if (applyServerErrors(err, form.setError, FIELDS) && err instanceof ApiError && err.errors) {
          toast.error('Datos inválidos', { description: Object.values(err.errors).flat().join('. ') });
          return;
        }
        toast.error('Error creando agenda', { description: err.message || 'Error inesperado' });
      },
    });
  });

  const reg = (name: (typeof FIELDS)[number], id: string) => ({
    id,
    ...describedBy(id, errors[name]?.message),
    ...form.register(name),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Crear Agenda"
      description="Defina la sede, la especialidad, el profesional, el horario y los cupos."
      submitLabel="Crear Agenda"
      pending={create.isPending}
      onSubmit={submit}
      size="xl"
    >
      <AgendaPlaceFields control={form.control} setValue={form.setValue} errors={errors} idPrefix="create" />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="create-date" label="Fecha" required error={errors.date?.message}>
          <DateInput min={today} {...reg('date', 'create-date')} />
        </Field>
        <Field id="create-start" label="Hora de inicio" required error={errors.start_time?.message}>
          <TimeInput step={300} {...reg('start_time', 'create-start')} />
        </Field>
        <Field id="create-end" label="Hora de fin" required error={errors.end_time?.message}>
          <TimeInput step={300} {...reg('end_time', 'create-end')} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="create-capacity" label="Capacidad (cupos)" required error={errors.capacity?.message}>
          <Input
            type="number"
            min={1}
            max={100}
            inputMode="numeric"
            {...reg('capacity', 'create-capacity')}
          />
        </Field>
        <Field
          id="create-duration"
          label="Minutos por cita"
          error={errors.duration_minutes?.message}
          hint="Entre 15 y 240, en pasos de 5"
          className="sm:col-span-2"
        >
          <div className="flex gap-2">
            <Input
              type="number"
              min={AGENDA_DURATION.min}
              max={AGENDA_DURATION.max}
              step={AGENDA_DURATION.step}
              className="w-28"
              {...reg('duration_minutes', 'create-duration')}
            />
            {[15, 20, 30].map((m) => (
              <Button
                key={m}
                type="button"
                size="sm"
                variant="outline"
                className="h-10"
                onClick={() => form.setValue('duration_minutes', String(m), { shouldValidate: true })}
              >
                {m} min
              </Button>
            ))}
          </div>
        </Field>
      </div>
      <Field id="create-notes" label="Notas" error={errors.notes?.message}>
        <Textarea rows={2} maxLength={500} {...reg('notes', 'create-notes')} />
      </Field>
      <AgendaAutoFields control={form.control} register={form.register} errors={errors} />
    </FormDialog>
  );
}
