import { useForm } from 'react-hook-form';
import { createZoneBody, type CreateZoneBody } from '@ips/shared/schemas/resources-zones';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useSaveZone } from '@/features/resources/api/zones';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors, formResolver } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';

interface Values {
  name: string;
  description: string;
}

export function ZoneFormDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSaveZone();
  const form = useForm<Values, unknown, CreateZoneBody>({
    resolver: formResolver<Values, CreateZoneBody>(createZoneBody),
    defaultValues: { name: '', description: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { body },
      {
        onSuccess: (res) => {
          notifySuccess(res.message ?? 'Zona creada');
          onOpenChange(false);
        },
        onError: (err) => {
          if (!applyServerErrors(err, form.setError, ['name', 'description']))
            notifyError(err, 'No se pudo crear');
        },
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Nueva zona"
      description="Las zonas agrupan municipios para los filtros y los análisis."
      submitLabel="Crear zona"
      pending={save.isPending}
      onSubmit={submit}
    >
      <Field id="zone-name" label="Nombre" required error={errors.name?.message}>
        <Input
          id="zone-name"
          autoComplete="off"
          placeholder="Ej.: Área Metropolitana"
          {...describedBy('zone-name', errors.name?.message)}
          {...form.register('name')}
        />
      </Field>
      <Field id="zone-description" label="Descripción" error={errors.description?.message}>
        <Textarea
          id="zone-description"
          rows={2}
          {...describedBy('zone-description', errors.description?.message)}
          {...form.register('description')}
        />
      </Field>
    </FormDialog>
  );
}
