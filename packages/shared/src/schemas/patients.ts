import { z } from 'zod';
import { clearableEmail } from './email';
import { AFFILIATION_TYPES } from '../catalogs/lookups';

/**
 * Field rules of spec part 1 §5 with their Spanish messages, shared by the patient forms (quick, wizard, edit,
 * simple list) and the API. Optional fields follow one convention so that a PUT can tell "leave as is" from
 * "clear": an absent key means no change; '' or null means empty (stored as null).
 */
export const PATIENT_GENDERS = ['Masculino', 'Femenino', 'Otro'] as const;
export type PatientGender = (typeof PATIENT_GENDERS)[number];
export const PATIENT_STATUSES = ['Activo', 'Inactivo'] as const;
export type PatientStatus = (typeof PATIENT_STATUSES)[number];

export const FIELD_LIMITS = {
  documentMin: 5,
  documentMax: 20,
  nameMin: 3,
  nameMax: 100,
  /** Digits of a phone: the symbols + ( ) - and spaces are not counted. */
  phoneMin: 7,
  phoneMax: 15,
  /** Characters of a phone with its symbols, a bound for what is stored and printed. */
  phoneText: 30,
  email: 100,
  address: 200,
  notes: 500,
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written YYYY-MM-DD (rejects 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const blank = (v: unknown) => typeof v === 'string' && v.trim() === '';
/** '' → null, so an emptied select or input clears the value. */
const blankToNull = (v: unknown) => (blank(v) ? null : v);
/** Selects send ids as strings; '12' is 12. */
const idInput = (v: unknown) =>
  blank(v) ? null : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
/** PostgreSQL text cannot hold NUL; dropping it keeps a pasted control character from becoming a server error. */
const clean = (v: unknown) =>
  typeof v === 'string'
    ? v
        .normalize('NFC')
        // eslint-disable-next-line no-control-regex -- PostgreSQL text cannot hold NUL
        .replace(/\u0000/g, '')
        .trim()
    : v;
/** Names, documents and phones are compared and searched with single spaces. */
const tidy = (v: unknown) => (typeof v === 'string' ? (clean(v) as string).replace(/\s+/g, ' ') : v);
/** Largest id PostgreSQL's integer holds; a bigger one is a client mistake, not a server error. */
export const MAX_ID = 2_147_483_647;

/** Optional, nullable positive id of a lookup. */
export const optionalId = (message: string) =>
  z.preprocess(
    idInput,
    z.number({ error: message }).int(message).positive(message).max(MAX_ID, message).nullable().optional(),
  );

/** Optional, nullable free text (line breaks kept) with a maximum length. */
export const optionalText = (max: number, message: string) =>
  z.preprocess((v) => blankToNull(clean(v)), z.string().max(max, message).nullable().optional());

/** Digits only, 5 to 20. The patterns accept '' so an empty input shows the length message alone. */
export const documentField = z.preprocess(
  tidy,
  z
    .string({ error: 'El documento es obligatorio' })
    .min(FIELD_LIMITS.documentMin, 'El documento debe tener al menos 5 caracteres')
    .max(FIELD_LIMITS.documentMax, 'El documento no puede exceder 20 caracteres')
    .regex(/^\d*$/, 'El documento solo puede contener números'),
);

const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]*$/u;
export const nameField = z.preprocess(
  tidy,
  z
    .string({ error: 'El nombre es obligatorio' })
    .min(FIELD_LIMITS.nameMin, 'El nombre debe tener al menos 3 caracteres')
    .max(FIELD_LIMITS.nameMax, 'El nombre no puede exceder 100 caracteres')
    .regex(LETTERS_AND_SPACES, 'El nombre solo puede contener letras y espacios'),
);

const PHONE_CHARS = /^[0-9+\s()-]*$/;
export const PHONE_MESSAGES = {
  min: 'El teléfono debe tener al menos 7 dígitos',
  max: 'El teléfono no puede exceder 15 dígitos',
  format: 'Formato de teléfono inválido',
  text: 'El teléfono no puede exceder 30 caracteres',
} as const;
/**
 * The digits of a phone, as the messages count them: '+57 (310) 555-1234' has 12. Any script's digits count
 * here, so '١٢٣٤٥٦٧' is told it has the wrong characters, not too few digits.
 */
export const phoneDigits = (v: string) => v.match(/\p{Nd}/gu)?.length ?? 0;
/**
 * Spec part 1 §5: 7 to 15 digits, written with digits, +, spaces, parentheses and hyphens. The limits count
 * digits, so '+57 (310) 555-1234' is whole and valid (issue 15: it was cut to 15 characters); the symbols
 * only have a generous bound of their own.
 */
const phoneRules = (s: z.ZodString, { min }: { min: boolean }) =>
  s
    .refine((v) => !min || phoneDigits(v) >= FIELD_LIMITS.phoneMin, PHONE_MESSAGES.min)
    .refine((v) => phoneDigits(v) <= FIELD_LIMITS.phoneMax, PHONE_MESSAGES.max)
    .regex(PHONE_CHARS, PHONE_MESSAGES.format)
    .max(FIELD_LIMITS.phoneText, PHONE_MESSAGES.text);
export const phoneField = z.preprocess(
  tidy,
  phoneRules(z.string({ error: 'El teléfono es obligatorio' }), { min: true }),
);
export const optionalPhoneField = z.preprocess(
  (v) => blankToNull(tidy(v)),
  phoneRules(z.string(), { min: true }).nullable().optional(),
);
/** Spec: the alternate phone has a maximum and the phone characters, no minimum. */
export const phoneAltField = z.preprocess(
  (v) => blankToNull(tidy(v)),
  phoneRules(z.string(), { min: false }).nullable().optional(),
);

export const emailField = clearableEmail({
  invalid: 'Email inválido',
  max: FIELD_LIMITS.email,
  tooLong: 'El email no puede exceder 100 caracteres',
});

/** A birth date after today (the organisation's day): the API refuses it, the wizard says so on step 1. */
export const BIRTH_DATE_FUTURE = 'La fecha de nacimiento no puede ser futura';
/** `today` is 'YYYY-MM-DD' in the organisation's timezone; both are calendar dates, so text order is date order. */
export const isFutureBirthDate = (birthDate: string | null | undefined, today: string) =>
  !!birthDate && isCalendarDate(birthDate) && birthDate > today;

export const birthDateField = z.preprocess(
  blankToNull,
  z
    .string({ error: 'Fecha inválida (formato YYYY-MM-DD)' })
    .refine(isCalendarDate, 'Fecha inválida (formato YYYY-MM-DD)')
    .nullable()
    .optional(),
);

const GENDER_ALIASES: Record<string, PatientGender | null> = {
  masculino: 'Masculino',
  m: 'Masculino',
  male: 'Masculino',
  hombre: 'Masculino',
  femenino: 'Femenino',
  f: 'Femenino',
  female: 'Femenino',
  mujer: 'Femenino',
  otro: 'Otro',
  other: 'Otro',
  o: 'Otro',
  'no especificado': null,
};
/** The spec's three values; English and short forms are normalised, 'No especificado' (or '') means unknown. */
export function normaliseGender(v: unknown): unknown {
  if (blank(v)) return null;
  if (typeof v !== 'string') return v;
  const key = v.trim().toLowerCase();
  return key in GENDER_ALIASES ? GENDER_ALIASES[key] : v;
}
export const genderField = z.preprocess(
  normaliseGender,
  z.enum(PATIENT_GENDERS, { error: 'Debe seleccionar un género válido' }).nullable().optional(),
);

/** Normalises 'activo', 'active', 'inactive'… to the stored Spanish values. */
export function normalisePatientStatus(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const key = v.trim().toLowerCase();
  if (key === 'activo' || key === 'active') return 'Activo';
  if (key === 'inactivo' || key === 'inactive') return 'Inactivo';
  return v;
}
export const statusField = z.preprocess(
  (v) => (blank(v) ? undefined : normalisePatientStatus(v)),
  z.enum(PATIENT_STATUSES, { error: 'Debe seleccionar un estado válido' }).optional(),
);

export const affiliationField = z.preprocess(
  blankToNull,
  z.enum(AFFILIATION_TYPES, { error: 'Debe seleccionar un tipo de afiliación válido' }).nullable().optional(),
);

export const estratoField = z.preprocess(
  (v) => (blank(v) ? null : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'El estrato debe ser un número entero' })
    .int('El estrato debe ser un número entero')
    .min(1, 'El estrato debe ser entre 1 y 6')
    .max(6, 'El estrato debe ser entre 1 y 6')
    .nullable()
    .optional(),
);

export const booleanField = (message: string) =>
  z.preprocess(
    (v) =>
      v === 'true' || v === '1' || v === 1
        ? true
        : v === 'false' || v === '0' || v === 0 || v === ''
          ? false
          : v,
    z.boolean({ error: message }).optional(),
  );

/* ---------- Forms ---------- */

export const PATIENT_MESSAGES = {
  documentType: 'Debe seleccionar un tipo de documento válido',
  municipality: 'Debe seleccionar un municipio válido',
  zone: 'Debe seleccionar una zona válida',
  bloodGroup: 'Debe seleccionar un grupo sanguíneo válido',
  disabilityType: 'Debe seleccionar un tipo de discapacidad válido',
  eps: 'Debe seleccionar una EPS válida',
  educationLevel: 'Debe seleccionar un nivel educativo válido',
  maritalStatus: 'Debe seleccionar un estado civil válido',
  populationGroup: 'Debe seleccionar un grupo poblacional válido',
} as const;

/** Every field of a patient, none defaulted: the base of the create, update and wizard schemas. */
const patientShape = {
  document: documentField,
  document_type_id: optionalId(PATIENT_MESSAGES.documentType),
  name: nameField,
  birth_date: birthDateField,
  gender: genderField,
  status: statusField,
  phone: phoneField,
  phone_alt: phoneAltField,
  email: emailField,
  address: optionalText(FIELD_LIMITS.address, 'La dirección no puede exceder 200 caracteres'),
  municipality_id: optionalId(PATIENT_MESSAGES.municipality),
  zone_id: optionalId(PATIENT_MESSAGES.zone),
  blood_group_id: optionalId(PATIENT_MESSAGES.bloodGroup),
  has_disability: booleanField('Debe indicar si el paciente tiene discapacidad'),
  disability_type_id: optionalId(PATIENT_MESSAGES.disabilityType),
  notes: optionalText(FIELD_LIMITS.notes, 'Las notas no pueden exceder 500 caracteres'),
  insurance_eps_id: optionalId(PATIENT_MESSAGES.eps),
  insurance_affiliation_type: affiliationField,
  education_level_id: optionalId(PATIENT_MESSAGES.educationLevel),
  marital_status_id: optionalId(PATIENT_MESSAGES.maritalStatus),
  population_group_id: optionalId(PATIENT_MESSAGES.populationGroup),
  estrato: estratoField,
  // Read and edited by the simple patient list (spec §3 "Patient", last line).
  allergies: optionalText(500, 'Las alergias no pueden exceder 500 caracteres'),
  medical_conditions: optionalText(500, 'Las condiciones médicas no pueden exceder 500 caracteres'),
  emergency_contact_name: optionalText(
    100,
    'El nombre del contacto de emergencia no puede exceder 100 caracteres',
  ),
  emergency_contact_phone: optionalPhoneField,
};

/** Complete registration (POST /patients with every form field). Status defaults to Activo. */
export const patientFormSchema = z.object(patientShape);
export type PatientFormInput = z.input<typeof patientFormSchema>;
export type PatientForm = z.output<typeof patientFormSchema>;
/** The API accepts the quick and the complete registration on the same POST: the quick one is a subset. */
export const createPatientBody = patientFormSchema;
export type CreatePatientBody = PatientForm;

/** Registro Rápido: document, name, phone (about 30 seconds). */
export const quickPatientSchema = patientFormSchema.pick({ document: true, name: true, phone: true });

/**
 * The five wizard steps of Registro Completo; Siguiente validates the current step's schema. The lists are the
 * spec's plus the optional fields shown on the same step (document type, zone, notes); step 5 is not validated.
 */
export const PATIENT_WIZARD_STEPS = [
  {
    title: 'Personal',
    schema: patientFormSchema.pick({
      document_type_id: true,
      document: true,
      name: true,
      birth_date: true,
      gender: true,
      status: true,
    }),
  },
  {
    title: 'Contacto',
    schema: patientFormSchema.pick({
      phone: true,
      phone_alt: true,
      email: true,
      address: true,
      zone_id: true,
      municipality_id: true,
    }),
  },
  {
    title: 'Médica',
    schema: patientFormSchema.pick({
      blood_group_id: true,
      has_disability: true,
      disability_type_id: true,
      notes: true,
    }),
  },
  {
    title: 'Seguro',
    schema: patientFormSchema.pick({ insurance_eps_id: true, insurance_affiliation_type: true }),
  },
  { title: 'Demográfica', schema: z.object({}) },
] as const;

/**
 * PUT: any subset of the fields, each checked by its rule (edit form, simple list, or status alone to
 * reactivate). The patient's own rules apply whatever screen sent it.
 */
export const updatePatientBody = patientFormSchema
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'No hay cambios para guardar');
export type UpdatePatientBody = z.output<typeof updatePatientBody>;

/**
 * Edit dialog of the simple patient list (spec §5 "Simple list edit"), for the form. The server still applies
 * the patient rules of updatePatientBody (name of 3 letters or more).
 */
export const simplePatientEditSchema = z.object({
  name: z.preprocess(
    tidy,
    z.string({ error: 'El nombre es obligatorio' }).min(2, 'El nombre debe tener al menos 2 caracteres'),
  ),
  phone: optionalPhoneField,
  email: emailField,
  address: optionalText(FIELD_LIMITS.address, 'La dirección no puede exceder 200 caracteres'),
  allergies: patientShape.allergies,
  medical_conditions: patientShape.medical_conditions,
  emergency_contact_name: patientShape.emergency_contact_name,
  emergency_contact_phone: optionalPhoneField,
});
