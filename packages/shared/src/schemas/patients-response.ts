import { z } from 'zod';
import { AFFILIATION_TYPES } from '../catalogs/lookups';
import { PATIENT_GENDERS, PATIENT_STATUSES } from './patients';

/**
 * Response shapes of the patient endpoints (spec part 1 §3 "Patient"), also the OpenAPI document. Ids come with
 * their display names; `document_number`, `eps` and `zone_name` repeat fields under the names older screens read.
 */
export const patientDto = z.object({
  id: z.number(),
  document: z.string(),
  document_number: z.string(),
  document_type_id: z.number(),
  document_type: z.string().describe('Código del tipo de documento, p. ej. CC'),
  document_type_name: z.string(),
  name: z.string(),
  birth_date: z.string().nullable().describe('YYYY-MM-DD'),
  age: z.number().nullable().describe('Años cumplidos hoy en la zona horaria de la organización'),
  gender: z.enum(PATIENT_GENDERS).nullable(),
  status: z.enum(PATIENT_STATUSES),
  phone: z.string().nullable(),
  phone_alt: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  municipality_id: z.number().nullable(),
  municipality_name: z.string().nullable(),
  department: z.string().nullable(),
  zone_id: z.number().nullable(),
  zone: z.string().nullable(),
  zone_name: z.string().nullable(),
  blood_group_id: z.number().nullable(),
  blood_group_name: z.string().nullable(),
  has_disability: z.boolean(),
  disability_type_id: z.number().nullable(),
  disability_type: z.string().nullable(),
  notes: z.string().nullable(),
  insurance_eps_id: z.number().nullable(),
  eps_name: z.string().nullable(),
  eps: z.string().nullable(),
  insurance_affiliation_type: z.enum(AFFILIATION_TYPES).nullable(),
  education_level_id: z.number().nullable(),
  education_level: z.string().nullable(),
  marital_status_id: z.number().nullable(),
  marital_status: z.string().nullable(),
  population_group_id: z.number().nullable(),
  population_group: z.string().nullable(),
  estrato: z.number().nullable(),
  allergies: z.string().nullable(),
  medical_conditions: z.string().nullable(),
  emergency_contact_name: z.string().nullable(),
  emergency_contact_phone: z.string().nullable(),
  created_at: z.string().describe('Instante ISO 8601'),
  updated_at: z.string(),
});
export type PatientDto = z.infer<typeof patientDto>;

export const patientPagination = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  total_pages: z.number(),
  exact: z
    .boolean()
    .describe('false: una búsqueda amplia pasó el tope de conteo y `total` significa "más de"'),
  anchor: z
    .string()
    .nullable()
    .describe(
      'Primera fila de la página: enviarla como `anchor` (con `anchor_page`) para leer páginas cercanas',
    ),
});
export const patientCounts = z
  .object({
    active: z.number(),
    inactive: z.number(),
    exact: z
      .object({ active: z.boolean(), inactive: z.boolean() })
      .describe(
        'Por pestaña: false si la búsqueda pasó de 1.000 coincidencias y el número significa "más de"',
      ),
  })
  .describe(
    'Pacientes activos e inactivos con la búsqueda y los filtros actuales (sin el filtro de estado): las pestañas',
  );

/**
 * Paged list. The page is `data.patients` (what the first clients read from GET /patients-v2); `total`, `page` and
 * `limit` are repeated at the top as on every paged list of the API. `total` counts the current filters
 * including the status; `counts` ignores the status so both tabs show their numbers.
 */
export const patientListResponse = z.object({
  success: z.literal(true),
  data: z.object({ patients: z.array(patientDto), pagination: patientPagination, counts: patientCounts }),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type PatientListResponse = z.infer<typeof patientListResponse>;

export const patientSearchResponse = z.object({
  success: z.literal(true),
  data: z.array(patientDto),
  total: z.number(),
});

const byGender = z.array(z.object({ gender: z.string(), count: z.number() }));
const byName = z.array(z.object({ name: z.string(), count: z.number() }));

/** The four cards of the patient page (spec §2 "Patient management page"). */
export const patientSummaryDto = z.object({
  total: z.number(),
  active: z.number(),
  inactive: z.number(),
  new_today: z
    .number()
    .describe('Creados desde la medianoche local de hoy (zona horaria de la organización)'),
  by_gender: byGender.describe("Masculino, Femenino, Otro y 'No especificado'"),
  top_eps: z
    .array(z.object({ id: z.number(), name: z.string(), count: z.number() }))
    .describe('Las 3 EPS con más pacientes'),
});
export type PatientSummaryDto = z.infer<typeof patientSummaryDto>;

/** Spec §3 "Patient statistics response" (Estadísticas Demográficas). Ages in whole years, in the org timezone. */
export const patientStatisticsDto = z.object({
  total_patients: z.number(),
  average_age: z.number().nullable(),
  min_age: z.number().nullable(),
  max_age: z.number().nullable(),
  elderly_count: z.number().describe('60 años o más'),
  by_gender: byGender,
  by_age_range: z
    .array(z.object({ age_range: z.string(), count: z.number() }))
    .describe('Cursos de vida: 0-5, 6-11, 12-17, 18-28, 29-59, 60+'),
  by_blood_group: byName,
  by_estrato: z.array(z.object({ estrato: z.number(), count: z.number() })),
  by_eps: byName.describe('Las 10 EPS con más pacientes'),
  children_by_gender: byGender.describe('Menores de 18 años'),
});
export type PatientStatisticsDto = z.infer<typeof patientStatisticsDto>;
