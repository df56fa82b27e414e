import { z } from 'zod';
import type { Role } from '../catalogs/roles';
import { isCountry } from '../catalogs/countries';
import { limitQuery, pageQuery } from './common';

/*
 * RIPS in JSON (Resolución 2275 de 2023; decision 037): the attendance record of a Completada appointment, the
 * CIE-10 catalogue, the RIPS fields of patients, doctors, specialties, services and EPS authorizations, and the
 * packages built from billed records.
 */

export { RIPS_PACKAGE_ROLES } from '../catalogs/roles';
/** Who fills the attendance record: whoever closes the visit (the doctor, only their own) and the billing staff. */
export const RIPS_ATTENDANCE_ROLES: readonly Role[] = ['admin', 'supervisor', 'doctor', 'reception'];
/** Who edits a patient's RIPS fields: the front desk. */
export const RIPS_PATIENT_ROLES: readonly Role[] = ['admin', 'supervisor', 'agent', 'reception'];

/** The code tables of rips-code-tables.csv, by their SISPRO names. */
export const RIPS_TABLES = {
  tipoNota: 'TipoNota',
  tipoId: 'TipoIdPISIS',
  tipoUsuario: 'RIPSTipoUsuarioVersion2',
  sexo: 'Sexo',
  zona: 'ZonaVersion2',
  modalidad: 'ModalidadAtencion',
  grupoServicios: 'GrupoServicios',
  servicios: 'Servicios',
  finalidad: 'RIPSFinalidadConsultaVersion2',
  causa: 'RIPSCausaExternaVersion2',
  tipoDiagnostico: 'RIPSTipoDiagnosticoPrincipalVersion2',
  conceptoRecaudo: 'conceptoRecaudo',
} as const;

/** For consultations only these collection concepts apply: cuota moderadora, pagos compartidos, no aplica. */
export const CONSULTA_CONCEPTOS = ['02', '03', '05'] as const;
/** RIPS user types of the contributivo regime (cotizante, beneficiario, adicional): only they pay a cuota moderadora. */
export const CONTRIBUTIVO_USER_TYPES = ['01', '02', '03'] as const;
export const TELEMEDICINE_TYPES = ['Teleconsulta', 'Telemedicina'] as const;

export const RIPS_MESSAGES = {
  concepto: 'Para consultas el concepto de recaudo solo puede ser 02, 03 o 05',
  cuotaSoloContributivo: 'La cuota moderadora (02) solo aplica al régimen contributivo',
  noAplicaCero: 'Con el concepto 05 (No aplica) el valor del pago moderador debe ser 0',
  notCompleted: 'El registro de atención solo se diligencia para una cita Completada',
  cie10Code: 'El código CIE-10 debe ser una letra y 2 o 3 caracteres (p. ej. J069, A09X)',
} as const;

const code2 = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{2}$/, `${label}: código de 2 dígitos`);
const cie10Ref = z
  .string()
  .trim()
  .toUpperCase()
  .transform((v) => v.replace('.', ''))
  .pipe(z.string().regex(/^[A-Z][0-9]{2}[0-9A-Z]?$/, RIPS_MESSAGES.cie10Code));
const optionalCie10 = z.preprocess((v) => (v === '' ? null : v), cie10Ref.nullable().optional());

export const attendanceBody = z.object({
  finalidad: code2('Finalidad'),
  causa: code2('Causa'),
  dx_main: cie10Ref,
  dx_rel1: optionalCie10,
  dx_rel2: optionalCie10,
  dx_rel3: optionalCie10,
  dx_type: code2('Tipo de diagnóstico principal'),
  modality: code2('Modalidad'),
  service_group: code2('Grupo de servicios'),
  service_code: z.coerce.number({ error: 'El código de servicio debe ser un número' }).int().min(1).max(9999),
  cups_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{6}$/, 'El código CUPS debe tener 6 caracteres'),
  authorization_number: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .trim()
      .max(30, 'El número de autorización no puede exceder 30 caracteres')
      .nullable()
      .optional(),
  ),
  concepto_recaudo: z.enum(CONSULTA_CONCEPTOS, { error: RIPS_MESSAGES.concepto }),
  moderator_value: z.coerce
    .number({ error: 'El valor del pago moderador debe ser un número' })
    .int('El valor del pago moderador es en pesos enteros')
    .min(0, 'El valor del pago moderador no puede ser negativo')
    .max(100_000_000, 'Valor fuera de rango'),
  fev_moderator: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .trim()
      .max(20, 'El número de la FEV del pago moderador no puede exceder 20 caracteres')
      .nullable()
      .optional(),
  ),
});
export type AttendanceBody = z.infer<typeof attendanceBody>;

export const attendanceDto = z.object({
  appointment_id: z.number(),
  saved: z.boolean(),
  finalidad: z.string().nullable(),
  causa: z.string().nullable(),
  dx_main: z.string().nullable(),
  dx_main_name: z.string().nullable(),
  dx_rel1: z.string().nullable(),
  dx_rel2: z.string().nullable(),
  dx_rel3: z.string().nullable(),
  dx_type: z.string().nullable(),
  modality: z.string(),
  service_group: z.string().nullable(),
  service_code: z.number().nullable(),
  cups_code: z.string().nullable(),
  authorization_number: z.string().nullable(),
  concepto_recaudo: z.string(),
  moderator_value: z.number(),
  fev_moderator: z.string().nullable(),
  patient_user_type: z.string().nullable(),
  contributivo: z.boolean(),
  updated_at: z.string().nullable(),
});
export type AttendanceDto = z.infer<typeof attendanceDto>;

const localDay = (label: string) =>
  z
    .string({ error: `${label} es obligatoria` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} debe tener el formato AAAA-MM-DD`);

/** An invoice package needs its number; without one it is RIPS without invoice (RS). */
export const RIPS_INVOICE_REQUIRED = 'Ingrese el número de factura o marque «Sin factura (RS)»';

export const buildPackageBody = z
  .object({
    invoice_number: z
      .string()
      .trim()
      .min(1, RIPS_INVOICE_REQUIRED)
      .regex(/^[A-Za-z0-9-]{1,20}$/, 'El número de factura tiene hasta 20 letras, dígitos o guiones')
      .nullable(),
    from: localDay('La fecha inicial'),
    to: localDay('La fecha final'),
    eps_id: z.coerce.number().int().positive().nullable().optional(),
  })
  .refine((b) => b.to >= b.from, {
    message: 'La fecha final debe ser igual o posterior a la inicial',
    path: ['to'],
  })
  .refine((b) => Date.parse(b.to) - Date.parse(b.from) <= 92 * 86_400_000, {
    message: 'El periodo de un paquete no puede exceder 92 días',
    path: ['to'],
  });
export type BuildPackageBody = z.infer<typeof buildPackageBody>;

export const RIPS_PACKAGE_STATUSES = ['borrador', 'lista'] as const;

export const ripsPackageDto = z.object({
  id: z.number(),
  invoice_number: z.string().nullable(),
  note_type: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  eps_id: z.number().nullable(),
  eps_name: z.string().nullable(),
  status: z.enum(RIPS_PACKAGE_STATUSES),
  users_count: z.number(),
  services_count: z.number(),
  problems_count: z.number(),
  bytes: z.number(),
  checksum: z.string(),
  cuv: z.string().nullable(),
  cuv_date: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type RipsPackageDto = z.infer<typeof ripsPackageDto>;

export const ripsProblemDto = z.object({
  appointment_id: z.number().nullable(),
  patient_id: z.number().nullable(),
  path: z.string(),
  field: z.string(),
  message: z.string(),
  fix: z.string(),
  link: z.string(),
});
export type RipsProblemDto = z.infer<typeof ripsProblemDto>;

export const listPackagesQuery = z.object({ page: pageQuery, limit: limitQuery(20, 100) });
/** A cause of problems: the field and what to do (its key, `cause`, is their md5); the count of listed ones. */
export const ripsProblemGroupDto = z.object({
  cause: z.string(),
  field: z.string(),
  message: z.string(),
  fix: z.string(),
  count: z.number(),
  /** The one place to fix them all (the provider's settings), or null when each problem has its own. */
  link: z.string().nullable(),
});
export type RipsProblemGroupDto = z.infer<typeof ripsProblemGroupDto>;

export const packageProblemsQuery = z.object({
  page: pageQuery,
  limit: limitQuery(50, 500),
  cause: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'Causa inválida (la clave de un grupo de problemas)')
    .optional(),
});

export const cuvBody = z.object({
  cuv: z
    .string({ error: 'El CUV es obligatorio' })
    .trim()
    .regex(/^[A-Za-z0-9]{16,128}$/, 'El CUV tiene entre 16 y 128 letras o dígitos'),
  cuv_date: localDay('La fecha del CUV'),
});

export const cie10Dto = z.object({ id: z.number(), code: z.string(), name: z.string(), status: z.string() });
export type Cie10Dto = z.infer<typeof cie10Dto>;
export const listCie10Query = z.object({
  search: z.string().trim().max(100, 'La búsqueda no puede exceder 100 caracteres').optional(),
  page: pageQuery,
  limit: limitQuery(20, 100),
});
export const cie10ImportBody = z.object({
  csv: z
    .string({ error: 'Envíe el contenido CSV en el campo csv' })
    .min(1, 'El archivo CSV está vacío')
    .max(10_000_000, 'El archivo CSV es demasiado grande'),
  mode: z.enum(['preview', 'apply'], { error: "El modo debe ser 'preview' o 'apply'" }).default('preview'),
});
export const cie10ImportLine = z.object({
  line: z.number(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  action: z.enum(['create', 'update', 'unchanged', 'reject']),
  reason: z.string().optional(),
});
export type Cie10ImportLine = z.infer<typeof cie10ImportLine>;
export const cie10ImportResult = z.object({
  mode: z.enum(['preview', 'apply']),
  applied: z.boolean(),
  summary: z.object({
    total: z.number(),
    create: z.number(),
    update: z.number(),
    unchanged: z.number(),
    reject: z.number(),
  }),
  lines: z.array(cie10ImportLine),
});
export type Cie10ImportResult = z.infer<typeof cie10ImportResult>;

const nullableCode = (re: RegExp, message: string) =>
  z.preprocess((v) => (v === '' ? null : v), z.string().trim().regex(re, message).nullable().optional());
const country = z.coerce
  .number({ error: 'El país debe ser un código ISO 3166 numérico' })
  .int()
  .refine(isCountry, 'País desconocido (código ISO 3166 numérico)');

export const patientRipsBody = z.object({
  rips_user_type: nullableCode(/^(0[1-9]|1[0-2])$/, 'Tipo de usuario RIPS inválido (01 a 12)'),
  rips_zone: nullableCode(/^0[12]$/, 'La zona debe ser 01 (rural) o 02 (urbana)'),
  country_residence: country.optional(),
  country_origin: country.optional(),
});
export const patientRipsDto = z.object({
  patient_id: z.number(),
  rips_user_type: z.string().nullable(),
  derived_user_type: z.string().nullable(),
  rips_zone: z.string().nullable(),
  country_residence: z.number(),
  country_origin: z.number(),
});
export const doctorRipsBody = z.object({
  document_type: nullableCode(/^[A-Z]{2}$/, 'Tipo de documento inválido'),
  document_number: nullableCode(
    /^[A-Za-z0-9]{4,20}$/,
    'El número de documento tiene de 4 a 20 letras o dígitos',
  ),
});
export const doctorRipsDto = z.object({
  doctor_id: z.number(),
  document_type: z.string().nullable(),
  document_number: z.string().nullable(),
});
export const specialtyRipsBody = z.object({
  rips_service_group: nullableCode(/^\d{2}$/, 'Grupo de servicios inválido'),
  rips_service_code: z.coerce.number().int().min(1).max(9999).nullable().optional(),
});
export const specialtyRipsDto = z.object({
  specialty_id: z.number(),
  name: z.string(),
  rips_service_group: z.string().nullable(),
  rips_service_code: z.number().nullable(),
});
export const serviceRipsBody = z.object({
  cups_code: nullableCode(/^[0-9A-Z]{6}$/, 'El código CUPS debe tener 6 caracteres'),
});
export const serviceRipsDto = z.object({ service_id: z.number(), cups_code: z.string().nullable() });
export const epsAuthorizationRipsBody = z.object({
  authorization_number: nullableCode(/^.{1,30}$/, 'El número de autorización no puede exceder 30 caracteres'),
});
export const epsAuthorizationRipsDto = z.object({
  eps_authorization_id: z.number(),
  authorization_number: z.string().nullable(),
});

export const ripsCodeDto = z.object({ table: z.string(), code: z.string(), name: z.string() });
export const ripsCodesQuery = z.object({
  table: z.enum(Object.values(RIPS_TABLES) as [string, ...string[]], { error: 'Tabla RIPS desconocida' }),
});
