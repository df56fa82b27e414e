import { Controller, useForm } from 'react-hook-form';
import { createLocationBody, type CreateLocationBody } from '@ips/shared/schemas/resources-locations';
import { Combobox } from '@/components/ui/combobox';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useSaveLocation, type Location } from '@/features/resources/api/locations';
import { useLocationTypes } from '@/features/resources/api/location-types';
import { useMunicipalities } from '@/features/resources/api/municipalities';
import { useSpecialties } from '@/features/resources/api/specialties';
import { CheckboxList } from '@/components/checkbox-list';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors, formResolver, text } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { byName } from '@/lib/search';

interface Values {
  name: string;
  location_type_id: string;
  municipality_id: string;
  address: string;
  phone: string;
  hours: string;
  emergency_hours: string;
  capacity: string;
  status: 'Activa' | 'Inactiva';
  specialty_ids: number[];
}

const NONE = 'none';
const FIELDS = [
  'name',
  'location_type_id',
  'municipality_id',
  'address',
  'phone',
  'hours',
  'emergency_hours',
  'capacity',
  'status',
  'specialty_ids',
] as const;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  location?: Location;
}

export function LocationFormDialog({ open, onOpenChange, location }: Props) {
  const save = useSaveLocation();
  const types = useLocationTypes();
  const municipalities = useMunicipalities();
  const specialties = useSpecialties();
  const form = useForm<Values, unknown, CreateLocationBody>({
    resolver: formResolver<Values, CreateLocationBody>(createLocationBody),
    defaultValues: {
      name: text(location?.name),
      location_type_id: text(location?.location_type_id),
      municipality_id: text(location?.municipality_id),
      address: text(location?.address),
      phone: text(location?.phone),
      hours: text(location?.hours),
      emergency_hours: text(location?.emergency_hours),
      capacity: text(location?.capacity),
      status: location?.status ?? 'Activa',
      specialty_ids: location?.specialties.map((s) => s.id) ?? [],
    },
  });
  const { errors } = form.formState;
  const err = (f: (typeof FIELDS)[number]) => errors[f]?.message;

  const typeOptions = (types.data ?? []).filter(
    (t) => t.status === 'active' || t.id === location?.location_type_id,
  );
  const municipalityOptions = (municipalities.data ?? []).map((m) => ({
    value: String(m.id),
    label: m.name,
    detail: [m.department, m.code, m.zone_name && `Zona ${m.zone_name}`].filter(Boolean).join(' · '),
  }));
  const specialtyOptions = (specialties.data ?? [])
    .filter((s) => s.active || location?.specialties.some((x) => x.id === s.id))
    .sort(byName)
    .map((s) => ({ id: s.id, name: s.name }));

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: location?.id, body },
      {
        onSuccess: (res) => {
          notifySuccess(res.message ?? (location ? 'Sede actualizada' : 'Sede creada'));
          onOpenChange(false);
        },
        onError: (e) => {
          if (!applyServerErrors(e, form.setError, FIELDS))
            notifyError(e, location ? 'No se pudo actualizar' : 'No se pudo crear');
        },
      },
    ),
  );

  const input = (
    id: string,
    name: Exclude<(typeof FIELDS)[number], 'status' | 'specialty_ids'>,
    extra = {},
  ) => (
    <Input id={id} autoComplete="off" {...describedBy(id, err(name))} {...extra} {...form.register(name)} />
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={location ? 'Editar sede' : 'Nueva sede'}
      description="Datos de contacto, horarios y especialidades que se atienden en la sede."
      submitLabel={location ? 'Guardar cambios' : 'Crear sede'}
      pending={save.isPending}
      onSubmit={submit}
      size="lg"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="location-name" label="Nombre" required error={err('name')} className="sm:col-span-2">
          {input('location-name', 'name', { placeholder: 'Ej.: Sede Cabecera' })}
        </Field>
        <Field id="location-type" label="Tipo de sede" error={err('location_type_id')}>
          <Controller
            control={form.control}
            name="location_type_id"
            render={({ field }) => (
              <Select value={field.value || NONE} onValueChange={(v) => field.onChange(v === NONE ? '' : v)}>
                <SelectTrigger id="location-type" {...describedBy('location-type', err('location_type_id'))}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>Sin tipo</SelectItem>
                  {typeOptions.map((t) => (
                    <SelectItem key={t.id} value={String(t.id)}>
                      {t.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field id="location-municipality" label="Municipio" error={err('municipality_id')}>
          <Controller
            control={form.control}
            name="municipality_id"
            render={({ field }) => (
              <Combobox
                id="location-municipality"
                options={municipalityOptions}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                placeholder={municipalities.isPending ? 'Cargando municipios…' : 'Seleccione un municipio'}
                searchPlaceholder="Buscar municipio o código DIVIPOLA"
                clearLabel="Sin municipio"
                {...describedBy('location-municipality', err('municipality_id'))}
              />
            )}
          />
        </Field>
        <Field id="location-address" label="Dirección" error={err('address')} className="sm:col-span-2">
          {input('location-address', 'address', { placeholder: 'Ej.: Carrera 35 # 52-40' })}
        </Field>
        <Field id="location-phone" label="Teléfono" error={err('phone')}>
          {input('location-phone', 'phone', { type: 'tel', inputMode: 'tel' })}
        </Field>
        <Field
          id="location-capacity"
          label="Capacidad instalada"
          hint="Consultorios o puestos de atención."
          error={err('capacity')}
        >
          {input('location-capacity', 'capacity', { type: 'number', inputMode: 'numeric', min: 0, step: 1 })}
        </Field>
        <Field id="location-hours" label="Horario de atención" error={err('hours')} className="sm:col-span-2">
          {input('location-hours', 'hours', {
            placeholder: 'Ej.: Lunes a viernes 7:00–18:00; sábados 7:00–12:00',
          })}
        </Field>
        <Field id="location-emergency" label="Horario de urgencias" error={err('emergency_hours')}>
          {input('location-emergency', 'emergency_hours', { placeholder: 'Ej.: 24 horas' })}
        </Field>
        <Field id="location-status" label="Estado" error={err('status')}>
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="location-status">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="Activa">Activa</SelectItem>
                  <SelectItem value="Inactiva">Inactiva</SelectItem>
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      </div>
      <Controller
        control={form.control}
        name="specialty_ids"
        render={({ field }) => (
          <CheckboxList
            legend="Especialidades que se atienden"
            options={specialtyOptions}
            value={field.value}
            onChange={field.onChange}
            error={err('specialty_ids')}
            emptyText={specialties.isPending ? 'Cargando especialidades…' : 'No hay especialidades activas'}
          />
        )}
      />
    </FormDialog>
  );
}
