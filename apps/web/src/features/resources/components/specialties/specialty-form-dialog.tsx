import { Controller, useForm } from 'react-hook-form';
import {
  createSpecialtyBody,
  SPECIALTY_DURATION,
  type CreateSpecialtyBody,
} from '@ips/shared/schemas/resources-specialties';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { useSaveSpecialty, type Specialty } from '@/features/resources/api/specialties';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors, formResolver, text } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';

interface Values {
  name: string;
  description: string;
  default_duration_minutes: string;
  active: boolean;
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Absent: a new specialty. */
  specialty?: Specialty;
}

export function SpecialtyFormDialog({ open, onOpenChange, specialty }: Props) {
  const save = useSaveSpecialty();
  const form = useForm<Values, unknown, CreateSpecialtyBody>({
    resolver: formResolver<Values, CreateSpecialtyBody>(createSpecialtyBody),
    defaultValues: {
      name: text(specialty?.name),
      description: text(specialty?.description),
      default_duration_minutes: text(specialty?.default_duration_minutes ?? SPECIALTY_DURATION.default),
      active: specialty?.active ?? true,
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: specialty?.id, body },
      {
        onSuccess: (res) => {
          notifySuccess(res.message ?? (specialty ? 'Especialidad actualizada' : 'Especialidad creada'));
          onOpenChange(false);
        },
        onError: (err) => {
          if (!applyServerErrors(err, form.setError, ['name', 'description', 'default_duration_minutes']))
            notifyError(err, specialty ? 'No se pudo actualizar' : 'No se pudo crear');
        },
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={specialty ? 'Editar especialidad' : 'Nueva especialidad'}
      description="La duración se usa como valor por defecto al crear agendas de esta especialidad."
      submitLabel={specialty ? 'Guardar cambios' : 'Crear especialidad'}
      pending={save.isPending}
      onSubmit={submit}
    >
      <Field id="specialty-name" label="Nombre" required error={errors.name?.message}>
        <Input
          id="specialty-name"
          autoComplete="off"
          placeholder="Ej.: Cardiología"
          {...describedBy('specialty-name', errors.name?.message)}
          {...form.register('name')}
        />
      </Field>
      <Field id="specialty-description" label="Descripción" error={errors.description?.message}>
        <Textarea
          id="specialty-description"
          rows={3}
          {...describedBy('specialty-description', errors.description?.message)}
          {...form.register('description')}
        />
      </Field>
      <Field
        id="specialty-duration"
        label="Duración por defecto (minutos)"
        required
        hint={`Entre ${SPECIALTY_DURATION.min} y ${SPECIALTY_DURATION.max} minutos.`}
        error={errors.default_duration_minutes?.message}
      >
        <Input
          id="specialty-duration"
          type="number"
          inputMode="numeric"
          min={SPECIALTY_DURATION.min}
          max={SPECIALTY_DURATION.max}
          step={5}
          className="sm:max-w-40"
          {...describedBy('specialty-duration', errors.default_duration_minutes?.message, true)}
          {...form.register('default_duration_minutes')}
        />
      </Field>
      <Controller
        control={form.control}
        name="active"
        render={({ field }) => (
          <label className="flex items-center justify-between gap-4 rounded-lg border px-4 py-3">
            <span>
              <span className="block text-sm font-medium">Especialidad activa</span>
              <span className="block text-xs text-muted-foreground">
                Las inactivas no se ofrecen al agendar.
              </span>
            </span>
            <Switch checked={field.value} onCheckedChange={field.onChange} aria-label="Especialidad activa" />
          </label>
        )}
      />
    </FormDialog>
  );
}
