import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { describedBy, Field } from '@/components/ui/field';
import { DateInput } from '@/components/ui/date-input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { CreateAvailabilityBody } from '@ips/shared/schemas/availabilities';
import type { CreateAgendaValues } from '@/features/agendas/components/dialogs/create-agenda-values';

interface Props {
  control: Control<CreateAgendaValues, unknown, CreateAvailabilityBody>;
  register: UseFormRegister<CreateAgendaValues>;
  errors: FieldErrors<CreateAgendaValues>;
}

/** Pre-allocation and automatic distribution of the capacity over working days (both off by default). */
export function AgendaAutoFields({ control, register, errors }: Props) {
  const [preallocate, distribute] = useWatch({ control, name: ['auto_preallocate', 'auto_distribute'] });
  const toggle = (name: 'auto_preallocate' | 'auto_distribute', label: string, hint: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start justify-between gap-4">
          <div>
            <Label htmlFor={`create-${name}`}>{label}</Label>
            <p className="text-xs text-muted-foreground">{hint}</p>
          </div>
          <Switch id={`create-${name}`} checked={field.value} onCheckedChange={field.onChange} />
        </div>
      )}
    />
  );
  return (
    <div className="space-y-4 rounded-lg border p-4">
      {toggle('auto_preallocate', 'Preasignación automática', 'Publica los cupos de la agenda en una fecha.')}
      {preallocate && (
        <Field
          id="create-publish"
          label="Fecha de publicación"
          error={errors.preallocation_publish_date?.message}
        >
          <DateInput
            id="create-publish"
            {...describedBy('create-publish', errors.preallocation_publish_date?.message)}
            {...register('preallocation_publish_date')}
          />
        </Field>
      )}
      {toggle(
        'auto_distribute',
        'Distribución automática',
        'Reparte la capacidad al azar entre los días hábiles del rango (festivos excluidos).',
      )}
      {distribute && (
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            id="create-dist-start"
            label="Inicio de la distribución"
            required
            error={errors.distribution_start_date?.message}
          >
            <DateInput
              id="create-dist-start"
              {...describedBy('create-dist-start', errors.distribution_start_date?.message)}
              {...register('distribution_start_date')}
            />
          </Field>
          <Field
            id="create-dist-end"
            label="Fin de la distribución"
            required
            error={errors.distribution_end_date?.message}
          >
            <DateInput
              id="create-dist-end"
              {...describedBy('create-dist-end', errors.distribution_end_date?.message)}
              {...register('distribution_end_date')}
            />
          </Field>
          <Controller
            control={control}
            name="exclude_weekends"
            render={({ field }) => (
              <div className="flex items-center gap-2 sm:pt-7">
                <Checkbox
                  id="create-weekends"
                  checked={field.value}
                  onCheckedChange={(v) => field.onChange(v === true)}
                />
                <Label htmlFor="create-weekends">Excluir fines de semana</Label>
              </div>
            )}
          />
        </div>
      )}
    </div>
  );
}
