import { useForm } from 'react-hook-form';
import {
  createLocationTypeBody,
  type CreateLocationTypeBody,
} from '@ips/shared/schemas/resources-location-types';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useSaveLocationType, type LocationType } from '@/features/resources/api/location-types';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors, formResolver, text } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';

interface Values {
  name: string;
  status: 'active' | 'inactive';
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Present: rename it. */
  type?: LocationType;
}

export function LocationTypeFormDialog({ open, onOpenChange, type }: Props) {
  const save = useSaveLocationType();
  const form = useForm<Values, unknown, CreateLocationTypeBody>({
    resolver: formResolver<Values, CreateLocationTypeBody>(createLocationTypeBody),
    defaultValues: { name: text(type?.name), status: type?.status ?? 'active' },
  });
  const error = form.formState.errors.name?.message;

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: type?.id, body: type ? { name: body.name } : body },
      {
        onSuccess: (res) => {
          notifySuccess(res.message ?? (type ? 'Tipo de sede actualizado' : 'Tipo de sede creado'));
          onOpenChange(false);
        },
        onError: (err) => {
          if (!applyServerErrors(err, form.setError, ['name']))
            notifyError(err, type ? 'No se pudo actualizar' : 'No se pudo crear el tipo');
        },
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={type ? 'Renombrar tipo de sede' : 'Nuevo tipo de sede'}
      description="Clasifica las sedes: sede principal, ambulatoria, centro de diagnóstico…"
      submitLabel={type ? 'Guardar cambios' : 'Crear tipo'}
      pending={save.isPending}
      onSubmit={submit}
    >
      <Field id="location-type-name" label="Nombre" required error={error}>
        <Input
          id="location-type-name"
          autoComplete="off"
          placeholder="Ej.: Sede ambulatoria"
          {...describedBy('location-type-name', error)}
          {...form.register('name')}
        />
      </Field>
    </FormDialog>
  );
}
