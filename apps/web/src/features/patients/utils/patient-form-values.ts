import '@ips/shared/zod-es';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver, UseFormReturn } from 'react-hook-form';
import { localDate } from '@ips/shared/format';
import {
  BIRTH_DATE_FUTURE,
  isFutureBirthDate,
  PATIENT_WIZARD_STEPS,
  patientFormSchema,
  quickPatientSchema,
  simplePatientEditSchema,
  type PatientForm,
} from '@ips/shared/schemas/patients';
import type { PatientDto } from '@ips/shared/schemas/patients-response';
import { ApiError } from '@/lib/api-client';

/** Under a phone input: the limit counts digits (the input never cuts what is typed). */
export const PHONE_HINT = 'De 7 a 15 dígitos; puede escribir +, espacios, paréntesis y guiones.';

/** What the inputs hold: text for inputs and selects ('' is empty), a boolean for the disability switch. */
export interface PatientFormValues {
  document_type_id: string;
  document: string;
  name: string;
  birth_date: string;
  gender: string;
  status: string;
  phone: string;
  phone_alt: string;
  email: string;
  address: string;
  zone_id: string;
  municipality_id: string;
  blood_group_id: string;
  has_disability: boolean;
  disability_type_id: string;
  notes: string;
  insurance_eps_id: string;
  insurance_affiliation_type: string;
  education_level_id: string;
  marital_status_id: string;
  population_group_id: string;
  estrato: string;
}

export const EMPTY_PATIENT: PatientFormValues = {
  document_type_id: '1',
  document: '',
  name: '',
  birth_date: '',
  gender: '',
  status: 'Activo',
  phone: '',
  phone_alt: '',
  email: '',
  address: '',
  zone_id: '',
  municipality_id: '',
  blood_group_id: '',
  has_disability: false,
  disability_type_id: '',
  notes: '',
  insurance_eps_id: '',
  insurance_affiliation_type: '',
  education_level_id: '',
  marital_status_id: '',
  population_group_id: '',
  estrato: '',
};

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function toFormValues(p: PatientDto): PatientFormValues {
  return {
    document_type_id: text(p.document_type_id || 1),
    document: p.document,
    name: p.name,
    birth_date: text(p.birth_date),
    gender: text(p.gender),
    status: p.status,
    phone: text(p.phone),
    phone_alt: text(p.phone_alt),
    email: text(p.email),
    address: text(p.address),
    zone_id: text(p.zone_id),
    municipality_id: text(p.municipality_id),
    blood_group_id: text(p.blood_group_id),
    has_disability: p.has_disability,
    disability_type_id: text(p.disability_type_id),
    notes: text(p.notes),
    insurance_eps_id: text(p.insurance_eps_id),
    insurance_affiliation_type: text(p.insurance_affiliation_type),
    education_level_id: text(p.education_level_id),
    marital_status_id: text(p.marital_status_id),
    population_group_id: text(p.population_group_id),
    estrato: text(p.estrato),
  };
}

// The shared schemas read strings and booleans ('' is empty); their output is what the API receives.
export const patientResolver = zodResolver(patientFormSchema) as unknown as Resolver<
  PatientFormValues,
  unknown,
  PatientForm
>;

/**
 * The patient rules plus the one that needs the organisation's today: a birth date after it is refused where it
 * is typed (wizard step 1, the edit form), with the API's message, not only when the server answers.
 */
export function patientResolverAt(timezone: string): Resolver<PatientFormValues, unknown, PatientForm> {
  return async (values, context, options) => {
    const result = await patientResolver(values, context, options);
    if (!isFutureBirthDate(values.birth_date, localDate(new Date(), timezone))) return result;
    return {
      values: {},
      errors: { ...result.errors, birth_date: { type: 'validate', message: BIRTH_DATE_FUTURE } },
    };
  };
}

export interface QuickPatientValues {
  document: string;
  name: string;
  phone: string;
}
export type QuickPatientOutput = Pick<PatientForm, 'document' | 'name' | 'phone'>;
export const quickPatientResolver = zodResolver(quickPatientSchema) as unknown as Resolver<
  QuickPatientValues,
  unknown,
  QuickPatientOutput
>;

export interface SimpleEditValues {
  name: string;
  phone: string;
  email: string;
  address: string;
  allergies: string;
  medical_conditions: string;
  emergency_contact_name: string;
  emergency_contact_phone: string;
}
export type SimpleEditOutput = Partial<PatientForm>;
export const simpleEditResolver = zodResolver(simplePatientEditSchema) as unknown as Resolver<
  SimpleEditValues,
  unknown,
  SimpleEditOutput
>;

/** The fields Siguiente validates on each wizard step (step 5 has none). */
export const WIZARD_STEP_FIELDS = PATIENT_WIZARD_STEPS.map(
  (s) => Object.keys(s.schema.shape) as (keyof PatientFormValues)[],
);
export const WIZARD_STEP_TITLES = PATIENT_WIZARD_STEPS.map((s) => s.title);

export const FIELD_LABELS: Record<string, string> = {
  document_type_id: 'Tipo de documento',
  document: 'Documento',
  name: 'Nombre',
  birth_date: 'Fecha de nacimiento',
  gender: 'Género',
  status: 'Estado',
  phone: 'Teléfono',
  phone_alt: 'Teléfono alterno',
  email: 'Correo',
  address: 'Dirección',
  zone_id: 'Zona',
  municipality_id: 'Municipio',
  blood_group_id: 'Grupo sanguíneo',
  has_disability: 'Discapacidad',
  disability_type_id: 'Tipo de discapacidad',
  notes: 'Notas',
  insurance_eps_id: 'EPS',
  insurance_affiliation_type: 'Tipo de afiliación',
  education_level_id: 'Nivel educativo',
  marital_status_id: 'Estado civil',
  population_group_id: 'Grupo poblacional',
  estrato: 'Estrato',
  allergies: 'Alergias',
  medical_conditions: 'Condiciones médicas',
  emergency_contact_name: 'Contacto de emergencia',
  emergency_contact_phone: 'Teléfono de emergencia',
};

/**
 * Puts the server's validation messages under their fields and returns them as 'Campo: mensaje' lines for the
 * toast (spec §7: the error body carries `errors` as a map of field to messages).
 */
export function applyServerErrors<V extends FieldValues, O>(
  form: UseFormReturn<V, unknown, O>,
  err: unknown,
): string[] {
  if (!(err instanceof ApiError) || !err.errors) return [];
  const values = form.getValues();
  const lines: string[] = [];
  for (const [field, messages] of Object.entries(err.errors)) {
    const message = messages.join('. ');
    if (field in values) {
      form.setError(field as never, { type: 'server', message }, { shouldFocus: lines.length === 0 });
    }
    lines.push(`${FIELD_LABELS[field] ?? field}: ${message}`);
  }
  return lines;
}
