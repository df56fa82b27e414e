import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  AGENDA_CAPACITY_MAX,
  AGENDA_STATUSES,
  updateAvailabilityBody,
  type UpdateAvailabilityBody,
} from '@ips/shared/schemas/availabilities';
import { describedBy, Field } from '@/components/ui/field';
import { DateInput } from '@/components/ui/date-input';
import { TimeInput } from '@/components/ui/time-input';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { Agenda } from '@/features/agendas/api/agendas';
import { useUpdateAgenda } from '@/features/agendas/api/agenda-mutations';
import { AgendaPlaceFields } from '@/features/agendas/components/dialogs/agenda-place-fields';
import { SelectField } from '@/features/agendas/components/dialogs/select-field';
import { agendaStatusText, hhmm } from '@/features/agendas/utils/agenda-display';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors, formResolver } from '@/lib/form';

interface Values {
  location_id: string;
  specialty_id: string;
  doctor_id: string;
  date: string;
  start_time: string;
  end_time: string;
  capacity: string;
  duration_minutes: string;
  status: string;
  notes: string;
}
const FIELDS = [
  'date',
  'start_time',
  'end_time',
  'capacity',
  'duration_minutes',
  'notes',
  'location_id',
  'specialty_id',
  'doctor_id',
] as const;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  agenda: Agenda;
}

/** Editar agenda (spec §5 "Edit agenda"): all seven fields required, start before end, capacity 1–100. */
export function EditAgendaDialog({ open, onOpenChange, agenda }: Props) {
  const update = useUpdateAgenda();
  const form = useForm<Values, unknown, UpdateAvailabilityBody>({
    resolver: formResolver<Values, UpdateAvailabilityBody>(updateAvailabilityBody),
    defaultValues: {
      location_id: String(agenda.location_id),
      specialty_id: String(agenda.specialty_id),
      doctor_id: String(agenda.doctor_id),
      date: agenda.date,
      start_time: hhmm(agenda.start_time),
      end_time: hhmm(agenda.end_time),
      capacity: String(agenda.capacity),
      duration_minutes: String(agenda.duration_minutes),
      status: agenda.status,
      notes: agenda.notes ?? '',
    },
  });
  const { errors } = form.formState;
  const reg = (name: (typeof FIELDS)[number], id: string) => ({
    id,
    ...describedBy(id, errors[name]?.message),
    ...form.register(name),
  });

  const submit = form.handleSubmit((body) =>
    update.mutate(
      { id: agenda.id, body },
      {
        onSuccess: (res) => {
          toast.success(res.message ?? 'Agenda actualizada exitosamente');
          onOpenChange(false);
        },
        onError: (err) => {
          if (!applyServerErrors(err, form.setError, FIELDS))
            toast.error('No se pudo actualizar la agenda', { description: err.message });
        },
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Editar agenda"
      description={`${agenda.doctor_name} · ${agenda.specialty_name}`}
      submitLabel="Guardar cambios"
      pending={update.isPending}
      onSubmit={submit}
      size="xl"
    >
      {errors.root?.message && <p className="text-sm text-destructive">{errors.root.message}</p>}
      <AgendaPlaceFields
        control={form.control}
        setValue={form.setValue}
        errors={errors}
        idPrefix="edit"
        editingId={agenda.id}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="edit-date" label="Fecha" required error={errors.date?.message}>
          <DateInput {...reg('date', 'edit-date')} />
        </Field>
        <Field id="edit-start" label="Hora de inicio" required error={errors.start_time?.message}>
          <TimeInput step={300} {...reg('start_time', 'edit-start')} />
        </Field>
        <Field id="edit-end" label="Hora de fin" required error={errors.end_time?.message}>
          <TimeInput step={300} {...reg('end_time', 'edit-end')} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="edit-capacity" label="Capacidad (cupos)" required error={errors.capacity?.message}>
          <Input type="number" min={1} max={AGENDA_CAPACITY_MAX} {...reg('capacity', 'edit-capacity')} />
        </Field>
        <Field id="edit-duration" label="Minutos por cita" error={errors.duration_minutes?.message}>
          <Input type="number" min={15} max={240} step={5} {...reg('duration_minutes', 'edit-duration')} />
        </Field>
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <SelectField
              id="edit-status"
              label="Estado"
              value={field.value}
              onChange={field.onChange}
              options={AGENDA_STATUSES.map((s) => ({ id: s, name: agendaStatusText(s) }))}
              placeholder="Estado"
              hint={
                field.value === 'Cancelada' && agenda.status !== 'Cancelada'
                  ? 'Cancelar la agenda cancela sus citas pendientes.'
                  : undefined
              }
            />
          )}
        />
      </div>
      <Field id="edit-notes" label="Notas" error={errors.notes?.message}>
        <Textarea rows={2} maxLength={500} {...reg('notes', 'edit-notes')} />
      </Field>
    </FormDialog>
  );
}
