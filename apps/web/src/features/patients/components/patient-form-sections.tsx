import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { PatientForm } from '@ips/shared/schemas/patients';
import { localDate } from '@ips/shared/format';
import { useAuth } from '@/lib/use-auth';
import { useFixedLookup } from '@/features/patients/api/lookups';
import { patientPermissions } from '@/features/patients/utils/permissions';
import {
  SelectField,
  SwitchField,
  TextareaField,
  DateField,
  TextField,
  toOptions,
  type Option,
} from '@/features/patients/components/form-controls';
import type { PatientFormValues } from '@/features/patients/utils/patient-form-values';

export type PatientFormApi = UseFormReturn<PatientFormValues, unknown, PatientForm>;

const GENDER_OPTIONS: Option[] = ['Masculino', 'Femenino', 'Otro'].map((g) => ({ value: g, label: g }));
const STATUS_OPTIONS: Option[] = [
  { value: 'Activo', label: 'Activo' },
  { value: 'Inactivo', label: 'Inactivo' },
];
const ESTRATO_OPTIONS: Option[] = [1, 2, 3, 4, 5, 6].map((n) => ({
  value: String(n),
  label: `Estrato ${n}`,
}));

/** A titled block of the form; the wizard shows one at a time, the edit form all of them. */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 w-full border-b pb-2">
        <span className="text-base font-semibold">{title}</span>
        {description && <span className="mt-0.5 block text-xs text-muted-foreground">{description}</span>}
      </legend>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export function PersonalSection({ form, timezone }: { form: PatientFormApi; timezone: string }) {
  // The state is an inactivation: agents edit the rest of the record but not this (decision 020).
  const { canChangeStatus } = patientPermissions(useAuth().user?.role);
  const documentTypes = useFixedLookup('document-types') as readonly {
    id: number;
    name: string;
    code?: string;
  }[];
  return (
    <FormSection title="Información personal" description="Identificación y datos básicos del paciente.">
      <SelectField
        form={form}
        name="document_type_id"
        label="Tipo de documento"
        options={documentTypes.map((d) => ({
          value: String(d.id),
          label: d.code ? `${d.code} - ${d.name}` : d.name,
        }))}
      />
      <TextField
        form={form}
        name="document"
        label="Número de documento"
        required
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        placeholder="Solo números"
      />
      <TextField
        form={form}
        name="name"
        label="Nombre completo"
        required
        autoComplete="off"
        maxLength={100}
        className="sm:col-span-2"
        placeholder="Nombres y apellidos"
      />
      <DateField
        form={form}
        name="birth_date"
        label="Fecha de nacimiento"
        max={localDate(new Date(), timezone)}
        min="1900-01-01"
      />
      <SelectField
        form={form}
        name="gender"
        label="Género"
        options={GENDER_OPTIONS}
        emptyLabel="Sin especificar"
      />
      {canChangeStatus && <SelectField form={form} name="status" label="Estado" options={STATUS_OPTIONS} />}
    </FormSection>
  );
}

export function MedicalSection({ form }: { form: PatientFormApi }) {
  const bloodGroups = useFixedLookup('blood-groups');
  const disabilityTypes = useFixedLookup('disability-types');
  const hasDisability = form.watch('has_disability');
  return (
    <FormSection title="Información médica">
      <SelectField
        form={form}
        name="blood_group_id"
        label="Grupo sanguíneo"
        options={toOptions(bloodGroups)}
        emptyLabel="Sin especificar"
      />
      <SwitchField
        form={form}
        name="has_disability"
        label="¿Tiene alguna discapacidad?"
        hint={hasDisability ? 'Sí' : 'No'}
        onCheckedChange={(checked) => {
          if (!checked) form.setValue('disability_type_id', '', { shouldValidate: true });
        }}
      />
      {hasDisability && (
        <SelectField
          form={form}
          name="disability_type_id"
          label="Tipo de discapacidad"
          options={toOptions(disabilityTypes)}
          emptyLabel="Sin especificar"
        />
      )}
      <TextareaField
        form={form}
        name="notes"
        label="Notas médicas / alergias"
        maxLength={500}
        rows={3}
        className="sm:col-span-2"
        hint={`${form.watch('notes')?.length ?? 0}/500 caracteres`}
        placeholder="Alergias, antecedentes u observaciones relevantes"
      />
    </FormSection>
  );
}

export function DemographicSection({ form }: { form: PatientFormApi }) {
  const education = useFixedLookup('education-levels');
  const marital = useFixedLookup('marital-statuses');
  const population = useFixedLookup('population-groups');
  return (
    <FormSection title="Información demográfica" description="Datos opcionales para los reportes de la IPS.">
      <SelectField
        form={form}
        name="education_level_id"
        label="Nivel educativo"
        options={toOptions(education)}
        emptyLabel="Sin especificar"
      />
      <SelectField
        form={form}
        name="marital_status_id"
        label="Estado civil"
        options={toOptions(marital)}
        emptyLabel="Sin especificar"
      />
      <SelectField
        form={form}
        name="population_group_id"
        label="Grupo poblacional"
        options={toOptions(population)}
        emptyLabel="Sin especificar"
      />
      <SelectField
        form={form}
        name="estrato"
        label="Estrato socioeconómico"
        options={ESTRATO_OPTIONS}
        emptyLabel="Sin especificar"
      />
    </FormSection>
  );
}
