import { Controller, useForm } from 'react-hook-form';
import { createDoctorBody, type CreateDoctorBody } from '@ips/shared/schemas/resources-doctors';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useSaveDoctor, type Doctor } from '@/features/resources/api/doctors';
import { useSpecialties } from '@/features/resources/api/specialties';
import { useLocations } from '@/features/resources/api/locations';
import { CheckboxList } from '@/components/checkbox-list';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors, formResolver, text } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { byName } from '@/lib/search';

interface Values {
  name: string;
  license_number: string;
  email: string;
  phone: string;
  specialty_ids: number[];
  location_ids: number[];
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  doctor?: Doctor;
}

export function DoctorFormDialog({ open, onOpenChange, doctor }: Props) {
  const save = useSaveDoctor();
  const specialties = useSpecialties();
  const locations = useLocations();
  const form = useForm<Values, unknown, CreateDoctorBody>({
    resolver: formResolver<Values, CreateDoctorBody>(createDoctorBody),
    defaultValues: {
      name: text(doctor?.name),
      license_number: text(doctor?.license_number),
      email: text(doctor?.email),
      phone: text(doctor?.phone),
      specialty_ids: doctor?.specialties.map((s) => s.id) ?? [],
      location_ids: doctor?.locations.map((l) => l.id) ?? [],
    },
  });
  const { errors } = form.formState;
  const current = new Set(doctor?.specialties.map((s) => s.id));
  // Inactive specialties are not offered, except those the doctor already has.
  const specialtyOptions = (specialties.data ?? [])
    .filter((s) => s.active || current.has(s.id))
    .sort(byName)
    .map((s) => ({ id: s.id, name: s.active ? s.name : `${s.name} (inactiva)` }));
  const locationOptions = (locations.data ?? [])
    .slice()
    .sort(byName)
    .map((l) => ({ id: l.id, name: l.name, detail: l.municipality_name ?? undefined }));

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: doctor?.id, body },
      {
        onSuccess: (res) => {
          notifySuccess(res.message ?? (doctor ? 'Doctor actualizado' : 'Doctor creado'));
          onOpenChange(false);
        },
        onError: (err) => {
          const fields = [
            'name',
            'license_number',
            'email',
            'phone',
            'specialty_ids',
            'location_ids',
          ] as const;
          if (!applyServerErrors(err, form.setError, fields))
            notifyError(err, doctor ? 'No se pudo actualizar' : 'No se pudo crear');
        },
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={doctor ? 'Editar doctor' : 'Nuevo doctor'}
      description="Datos del profesional, sus especialidades y las sedes donde atiende."
      submitLabel={doctor ? 'Guardar cambios' : 'Crear doctor'}
      pending={save.isPending}
      onSubmit={submit}
      size="lg"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="doctor-name" label="Nombre completo" required error={errors.name?.message}>
          <Input
            id="doctor-name"
            autoComplete="off"
            {...describedBy('doctor-name', errors.name?.message)}
            {...form.register('name')}
          />
        </Field>
        <Field id="doctor-license" label="Registro médico" required error={errors.license_number?.message}>
          <Input
            id="doctor-license"
            autoComplete="off"
            placeholder="Ej.: RM-6810234"
            {...describedBy('doctor-license', errors.license_number?.message)}
            {...form.register('license_number')}
          />
        </Field>
        <Field id="doctor-email" label="Correo electrónico" error={errors.email?.message}>
          <Input
            id="doctor-email"
            type="email"
            autoComplete="off"
            {...describedBy('doctor-email', errors.email?.message)}
            {...form.register('email')}
          />
        </Field>
        <Field id="doctor-phone" label="Teléfono" error={errors.phone?.message}>
          <Input
            id="doctor-phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            {...describedBy('doctor-phone', errors.phone?.message)}
            {...form.register('phone')}
          />
        </Field>
      </div>
      <Controller
        control={form.control}
        name="specialty_ids"
        render={({ field }) => (
          <CheckboxList
            legend="Especialidades"
            required
            options={specialtyOptions}
            value={field.value}
            onChange={field.onChange}
            error={errors.specialty_ids?.message ?? errors.specialty_ids?.root?.message}
            emptyText={specialties.isPending ? 'Cargando especialidades…' : 'No hay especialidades activas'}
          />
        )}
      />
      <Controller
        control={form.control}
        name="location_ids"
        render={({ field }) => (
          <CheckboxList
            legend="Sedes donde atiende"
            options={locationOptions}
            value={field.value}
            onChange={field.onChange}
            error={errors.location_ids?.message}
            emptyText={locations.isPending ? 'Cargando sedes…' : 'No hay sedes registradas'}
          />
        )}
      />
    </FormDialog>
  );
}
