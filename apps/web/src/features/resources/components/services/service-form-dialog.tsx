import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  createServiceBody,
  SERVICE_CATEGORIES,
  SERVICE_CURRENCIES,
  type CreateServiceBody,
} from '@ips/shared/schemas/resources-services';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { useSaveService, type Service } from '@/features/resources/api/services';
import {
  CURRENCY_LABELS,
  SERVICE_CATEGORY_LABELS,
} from '@/features/resources/components/services/service-labels';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors, formResolver, text } from '@/lib/form';
import { notifyServiceError, notifySuccess } from '@/lib/notify';

interface Values {
  name: string;
  description: string;
  base_price: string;
  currency: Service['currency'];
  category: Service['category'];
  active: boolean;
}

const FIELDS = ['name', 'description', 'base_price', 'currency', 'category'] as const;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  service?: Service;
}

export function ServiceFormDialog({ open, onOpenChange, service }: Props) {
  const save = useSaveService();
  const form = useForm<Values, unknown, CreateServiceBody>({
    resolver: formResolver<Values, CreateServiceBody>(createServiceBody),
    defaultValues: {
      name: text(service?.name),
      description: text(service?.description),
      // Spec part 2 §5: the price defaults to 0 and new services are active.
      base_price: text(service?.base_price ?? 0),
      currency: service?.currency ?? 'COP',
      category: service?.category ?? 'consulta',
      active: service?.active ?? true,
    },
  });
  const { errors } = form.formState;
  const currency = useWatch({ control: form.control, name: 'currency' });
  const err = (f: (typeof FIELDS)[number]) => errors[f]?.message;

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: service?.id, body },
      {
        onSuccess: () => {
          notifySuccess(service ? 'Servicio actualizado' : 'Servicio creado');
          onOpenChange(false);
        },
        onError: (e) => {
          if (!applyServerErrors(e, form.setError, FIELDS))
            notifyServiceError(e, service ? 'Error al actualizar' : 'Error al crear');
        },
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={service ? 'Editar servicio' : 'Nuevo servicio'}
      description="Servicios facturables y su precio base."
      submitLabel={service ? 'Guardar cambios' : 'Crear servicio'}
      pending={save.isPending}
      onSubmit={submit}
    >
      <Field id="service-name" label="Nombre" required error={err('name')}>
        <Input
          id="service-name"
          autoComplete="off"
          {...describedBy('service-name', err('name'))}
          {...form.register('name')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="service-price" label="Precio base" error={err('base_price')}>
          <Input
            id="service-price"
            type="number"
            inputMode="decimal"
            min={0}
            step={currency === 'USD' ? 0.01 : 100}
            {...describedBy('service-price', err('base_price'))}
            {...form.register('base_price')}
          />
        </Field>
        <Field id="service-currency" label="Moneda" error={err('currency')}>
          <Controller
            control={form.control}
            name="currency"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="service-currency">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {SERVICE_CURRENCIES.map((c) => (
                    <SelectItem key={c} value={c}>
                      {CURRENCY_LABELS[c]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      </div>
      <Field id="service-category" label="Categoría" error={err('category')}>
        <Controller
          control={form.control}
          name="category"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id="service-category">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SERVICE_CATEGORIES.map((c) => (
                  <SelectItem key={c} value={c}>
                    {SERVICE_CATEGORY_LABELS[c]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </Field>
      <Field id="service-description" label="Descripción" error={err('description')}>
        <Textarea
          id="service-description"
          rows={3}
          {...describedBy('service-description', err('description'))}
          {...form.register('description')}
        />
      </Field>
      <Controller
        control={form.control}
        name="active"
        render={({ field }) => (
          <label className="flex items-center justify-between gap-4 rounded-lg border px-4 py-3">
            <span className="text-sm font-medium">Servicio activo</span>
            <Switch checked={field.value} onCheckedChange={field.onChange} aria-label="Servicio activo" />
          </label>
        )}
      />
    </FormDialog>
  );
}
