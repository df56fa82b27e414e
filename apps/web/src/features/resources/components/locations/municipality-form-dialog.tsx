import { Controller, useForm } from 'react-hook-form';
import {
  createMunicipalityBody,
  type CreateMunicipalityBody,
} from '@ips/shared/schemas/resources-municipalities';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useSaveMunicipality, type Municipality } from '@/features/resources/api/municipalities';
import { useZones } from '@/features/resources/api/zones';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors, formResolver, text } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { byName } from '@/lib/search';

interface Values {
  name: string;
  zone_id: string;
  code: string;
  department: string;
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Present: rename it (or move it to another zone); its DIVIPOLA code stays. */
  municipality?: Municipality;
  defaultZoneId?: number;
}

export function MunicipalityFormDialog({ open, onOpenChange, municipality, defaultZoneId }: Props) {
  const save = useSaveMunicipality();
  const zones = useZones();
  const form = useForm<Values, unknown, CreateMunicipalityBody>({
    resolver: formResolver<Values, CreateMunicipalityBody>(createMunicipalityBody),
    defaultValues: {
      name: text(municipality?.name),
      zone_id: text(municipality ? municipality.zone_id : defaultZoneId),
      code: text(municipality?.code),
      department: text(municipality?.department),
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ name, zone_id, code, department }) =>
    save.mutate(
      { id: municipality?.id, body: municipality ? { name, zone_id } : { name, zone_id, code, department } },
      {
        onSuccess: (res) => {
          notifySuccess(res.message ?? (municipality ? 'Municipio actualizado' : 'Municipio creado'));
          onOpenChange(false);
        },
        onError: (err) => {
          if (!applyServerErrors(err, form.setError, ['name', 'zone_id', 'code', 'department']))
            notifyError(err, municipality ? 'No se pudo actualizar' : 'No se pudo crear');
        },
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={municipality ? 'Renombrar municipio' : 'Nuevo municipio'}
      description={
        municipality?.code
          ? `Código DIVIPOLA ${municipality.code} (no cambia).`
          : 'El nombre y la zona son obligatorios.'
      }
      submitLabel={municipality ? 'Guardar cambios' : 'Crear municipio'}
      pending={save.isPending}
      onSubmit={submit}
    >
      <Field id="municipality-name" label="Nombre" required error={errors.name?.message}>
        <Input
          id="municipality-name"
          autoComplete="off"
          {...describedBy('municipality-name', errors.name?.message)}
          {...form.register('name')}
        />
      </Field>
      <Field id="municipality-zone" label="Zona" required error={errors.zone_id?.message}>
        <Controller
          control={form.control}
          name="zone_id"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger
                id="municipality-zone"
                {...describedBy('municipality-zone', errors.zone_id?.message)}
              >
                <SelectValue placeholder="Seleccione una zona" />
              </SelectTrigger>
              <SelectContent>
                {(zones.data ?? [])
                  .slice()
                  .sort(byName)
                  .map((z) => (
                    <SelectItem key={z.id} value={String(z.id)}>
                      {z.name}
                    </SelectItem>
                  ))}
              </SelectContent>
            </Select>
          )}
        />
      </Field>
      {!municipality && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="municipality-code"
            label="Código DIVIPOLA"
            hint="5 dígitos, p. ej. 68001."
            error={errors.code?.message}
          >
            <Input
              id="municipality-code"
              inputMode="numeric"
              maxLength={5}
              autoComplete="off"
              {...describedBy('municipality-code', errors.code?.message, true)}
              {...form.register('code')}
            />
          </Field>
          <Field id="municipality-department" label="Departamento" error={errors.department?.message}>
            <Input
              id="municipality-department"
              autoComplete="off"
              placeholder="Ej.: Santander"
              {...describedBy('municipality-department', errors.department?.message)}
              {...form.register('department')}
            />
          </Field>
        </div>
      )}
    </FormDialog>
  );
}
