import { z } from 'zod';
import { limitQuery, pageQuery } from './common';
import {
  MAX_ID,
  normaliseGender,
  normalisePatientStatus,
  PATIENT_GENDERS,
  PATIENT_MESSAGES,
  PATIENT_STATUSES,
} from './patients';
import type { PatientGender, PatientStatus } from './patients';

/** Query strings of the patient list and search endpoints (/patients, /patients-v2, /enhanced-patients). */

/** Spec §9: 12 cards per page. Any larger request is answered with at most 100 (the page never downloads all). */
export const PATIENT_PAGE_SIZE = 12;
export const PATIENT_MAX_LIMIT = 100;
export const QUICKSEARCH_MIN_CHARS = 2;
export const QUICKSEARCH_MAX_RESULTS = 20;
export const PATIENT_SORTS = ['name', 'document', 'created_at', 'birth_date', 'id'] as const;
export type PatientSort = (typeof PATIENT_SORTS)[number];

const ALL = new Set(['', 'todos', 'todas', 'all']);
/** 'Todos', 'all' and '' mean no filter. */
const filter = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && ALL.has(v.trim().toLowerCase()) ? undefined : v),
    schema.optional(),
  );
const filterId = (message: string) =>
  filter(z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message));
const page = pageQuery;
const limit = limitQuery(PATIENT_PAGE_SIZE, PATIENT_MAX_LIMIT);
const searchText = z
  .string()
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped
  .transform((s) => s.replace(/[\u0000-\u001f]/g, ' ').trim())
  .pipe(z.string().max(100, 'La búsqueda no puede exceder 100 caracteres'))
  .optional();
const SORT_ALIASES: Record<string, PatientSort> = {
  nombre: 'name',
  documento: 'document',
  fecha_registro: 'created_at',
  fecha_nacimiento: 'birth_date',
};
const sortBy = filter(
  z.preprocess(
    (v) => (typeof v === 'string' ? (SORT_ALIASES[v.trim().toLowerCase()] ?? v.trim().toLowerCase()) : v),
    z.enum(PATIENT_SORTS, { error: 'Orden no válido' }),
  ),
);
const sortOrder = filter(
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(['asc', 'desc'], { error: 'Dirección de orden no válida' }),
  ),
);
// A gender filter of 'No especificado' (null) lists the patients without one.
const genderFilter = filter(
  z.preprocess(
    normaliseGender,
    z.enum(PATIENT_GENDERS, { error: 'Debe seleccionar un género válido' }).nullable(),
  ),
);
const statusFilter = filter(
  z.preprocess(
    normalisePatientStatus,
    z.enum(PATIENT_STATUSES, { error: 'Debe seleccionar un estado válido' }),
  ),
);

/** What the service needs to list; every list endpoint maps its own parameter names to this. */
export interface PatientListFilter {
  page: number;
  limit: number;
  search?: string;
  gender?: PatientGender | null;
  status?: PatientStatus;
  epsId?: number;
  municipalityId?: number;
  zoneId?: number;
  documentType?: number | string;
  sortBy: PatientSort;
  sortOrder: 'asc' | 'desc';
  /** The first row of a page already on screen (keyset paging from it; see apps/api …/repo-anchor.ts). */
  anchor?: { id: number; nameSort: string; page: number };
}

/**
 * `anchor` is the `pagination.anchor` of a page the client already has (`{id}:{name}`), `anchor_page` that
 * page's number: the server then reads the requested page from that row instead of skipping from the start.
 */
const ANCHOR_MESSAGE = 'Ancla de página no válida';
const anchorParams = {
  anchor: z
    .string()
    .max(400, ANCHOR_MESSAGE)
    .regex(/^[1-9]\d{0,9}:/, ANCHOR_MESSAGE)
    // eslint-disable-next-line no-control-regex -- PostgreSQL text cannot hold NUL
    .refine((s) => !/\u0000/.test(s), ANCHOR_MESSAGE)
    .optional(),
  anchor_page: z.coerce
    .number({ error: ANCHOR_MESSAGE })
    .int(ANCHOR_MESSAGE)
    .min(1, ANCHOR_MESSAGE)
    .max(1_000_000, ANCHOR_MESSAGE)
    .optional(),
};
function parseAnchor(token: string | undefined, page: number | undefined): PatientListFilter['anchor'] {
  if (!token || !page) return undefined;
  const colon = token.indexOf(':');
  const id = Number(token.slice(0, colon));
  return id <= MAX_ID ? { id, nameSort: token.slice(colon + 1), page } : undefined;
}

/** GET /patients and /patients-v2: page, limit, search (or q), gender, status, eps_id, municipality_id, zone_id. */
export const patientListQuery = z
  .object({
    page,
    limit,
    search: searchText,
    q: searchText,
    gender: genderFilter,
    status: statusFilter,
    eps_id: filterId(PATIENT_MESSAGES.eps),
    municipality_id: filterId(PATIENT_MESSAGES.municipality),
    zone_id: filterId(PATIENT_MESSAGES.zone),
    document_type_id: filterId(PATIENT_MESSAGES.documentType),
    sort_by: sortBy,
    sort_order: sortOrder,
    ...anchorParams,
  })
  .transform((q): PatientListFilter => ({
    page: q.page,
    limit: q.limit,
    search: q.search || q.q || undefined,
    gender: q.gender,
    status: q.status,
    epsId: q.eps_id,
    municipalityId: q.municipality_id,
    zoneId: q.zone_id,
    documentType: q.document_type_id,
    sortBy: q.sort_by ?? 'name',
    sortOrder: q.sort_order ?? 'asc',
    anchor: parseAnchor(q.anchor, q.anchor_page),
  }));

/** GET /enhanced-patients: the same list with the Spanish parameter names; tipo_documento is an id or a code (CC). */
export const enhancedPatientListQuery = z
  .object({
    page,
    limit,
    search: searchText,
    eps_id: filterId(PATIENT_MESSAGES.eps),
    municipio_id: filterId(PATIENT_MESSAGES.municipality),
    tipo_documento: filter(
      z.preprocess(
        (v) =>
          typeof v === 'string' && /^\d+$/.test(v.trim())
            ? Number(v)
            : typeof v === 'string'
              ? v.trim().toUpperCase()
              : v,
        z.union([z.number().int().positive(), z.string().regex(/^[A-Z]{2,3}$/)], {
          error: PATIENT_MESSAGES.documentType,
        }),
      ),
    ),
    genero: genderFilter,
    estado: statusFilter,
    sort_by: sortBy,
    sort_order: sortOrder,
  })
  .transform((q): PatientListFilter => ({
    page: q.page,
    limit: q.limit,
    search: q.search || undefined,
    gender: q.genero,
    status: q.estado,
    epsId: q.eps_id,
    municipalityId: q.municipio_id,
    documentType: q.tipo_documento,
    sortBy: q.sort_by ?? 'name',
    sortOrder: q.sort_order ?? 'asc',
  }));

/** Quick search: fewer than 2 characters answer an empty list; at most 20 results. */
export const quickSearchQuery = z.object({
  query: searchText,
  q: searchText,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(QUICKSEARCH_MAX_RESULTS)
    .transform((n) => Math.min(n, QUICKSEARCH_MAX_RESULTS)),
});

/** DELETE /patients/{id}: inactivates; ?hard=true deletes permanently. */
export const deletePatientQuery = z.object({
  hard: z
    .enum(['true', 'false', '1', '0'], { error: 'El parámetro hard debe ser true o false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
