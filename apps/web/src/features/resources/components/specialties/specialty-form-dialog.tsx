import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { formatMoney } from '@ips/shared/format';
import {
  createSpecialtyBody,
  SPECIALTY_DURATION,
  type CreateSpecialtyBody,
} from '@ips/shared/schemas/resources-specialties';
import { Combobox } from '@/components/ui/combobox';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { useServices } from '@/features/resources/api/services';
import { useSaveSpecialty, type Specialty } from '@/features/resources/api/specialties';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors, formResolver, text } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';

interface Values {
  name: string;
  description: string;
  default_duration_minutes: string;
  active: boolean;
  default_service_id: string;
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
      default_service_id: text(specialty?.default_service_id),
    },
  });
  const { errors } = form.formState;
  const services = useServices();
  // Active services, and the one already chosen even if it was deactivated since (so the field shows it).
  const serviceOptions = useMemo(
    () =>
      (services.data ?? [])
        .filter((s) => s.active || s.id === specialty?.default_service_id)
        .map((s) => ({
          value: String(s.id),
          label: s.name,
          detail: [formatMoney(s.base_price, s.currency), s.active ? null : 'Inactivo']
            .filter(Boolean)
            .join(' · '),
        })),
    [services.data, specialty?.default_service_id],
  );

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: specialty?.id, body },
      {
        onSuccess: (res) => {
          notifySuccess(res.message ?? (specialty ? 'Especialidad actualizada' : 'Especialidad creada'));
          onOpenChange(false);
        },
        onError: (err) => {
          if (
            !applyServerErrors(err, form.setError, [
              'name',
              'description',
              'default_duration_minutes',
              'default_service_id',
            ])
          )
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
      <Field
        id="specialty-service"
        label="Servicio predeterminado"
        hint="Se factura en las citas de esta especialidad que no indican otro servicio."
        error={errors.default_service_id?.message}
      >
        <Controller
          control={form.control}
          name="default_service_id"
          render={({ field }) => (
            <Combobox
              id="specialty-service"
              options={serviceOptions}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              placeholder={services.isPending ? 'Cargando servicios…' : 'Sin servicio predeterminado'}
              searchPlaceholder="Buscar servicio o código CUPS"
              clearLabel="Sin servicio predeterminado"
              {...describedBy('specialty-service', errors.default_service_id?.message)}
            />
          )}
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
