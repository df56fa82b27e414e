import { z } from 'zod';
import {
  NO_CHANGES,
  noNul,
  NO_NUL_MESSAGE,
  clearableText,
  zeroOneFlag,
  hasChanges,
  price,
  searchText,
  status,
} from './resources-common';

export const CUPS_STATUSES = ['Activo', 'Inactivo'] as const;
export const CUPS_MESSAGES = {
  code: 'Ingresa el código CUPS',
  codeFormat: 'El código CUPS debe tener 6 caracteres (letras o números)',
  codeLocked: 'El código CUPS no se puede modificar',
  name: 'Ingresa el nombre del procedimiento',
  price: 'Precio inválido',
  flag: 'Valor inválido: use 0 o 1',
} as const;

/**
 * CUPS codes are 6 characters (890201); stored upper case. The rule is a pattern on what the client sends (spaces
 * around it allowed, either case), so the OpenAPI document states what the server demands (issue 34 item 16).
 */
export const cupsCode = z
  .string({ error: CUPS_MESSAGES.code })
  .min(1, { message: CUPS_MESSAGES.code, abort: true })
  .regex(/^\s*[0-9A-Za-z]{6}\s*$/, CUPS_MESSAGES.codeFormat)
  .transform((s) => s.trim().toUpperCase());
export const cupsName = z
  .string({ error: CUPS_MESSAGES.name })
  .trim()
  .min(1, CUPS_MESSAGES.name)
  .max(500, 'El nombre no puede exceder 500 caracteres')
  .refine(noNul, NO_NUL_MESSAGE);
export const cupsCategory = clearableText(100, 'La categoría no puede exceder 100 caracteres');
export const cupsStatus = status(
  CUPS_STATUSES,
  { active: 'Activo', inactive: 'Inactivo', activa: 'Activo', inactiva: 'Inactivo' },
  'Estado inválido: use Activo o Inactivo',
);

const description = clearableText(2000, 'La descripción no puede exceder 2000 caracteres');

export const createCupsBody = z.object({
  code: cupsCode,
  name: cupsName,
  description,
  category: cupsCategory,
  price: price(CUPS_MESSAGES.price).default(0),
  requires_authorization: zeroOneFlag(CUPS_MESSAGES.flag).default(false),
  status: cupsStatus.default('Activo'),
});
export type CreateCupsBody = z.infer<typeof createCupsBody>;

/** `code` may be sent back unchanged (forms send the whole record); a different code is refused. */
export const updateCupsBody = z
  .object({
    code: z.string().optional(),
    name: cupsName.optional(),
    description,
    category: cupsCategory,
    price: price(CUPS_MESSAGES.price).optional(),
    requires_authorization: zeroOneFlag(CUPS_MESSAGES.flag).optional(),
    status: cupsStatus.optional(),
  })
  .refine((v) => hasChanges({ ...v, code: undefined }), NO_CHANGES);
export type UpdateCupsBody = z.infer<typeof updateCupsBody>;

export const listCupsQuery = z.object({
  page: z.coerce
    .number({ error: 'Página inválida' })
    .int('Página inválida')
    .min(1, 'Página inválida')
    .default(1),
  limit: z.coerce
    .number({ error: 'Límite inválido' })
    .int('Límite inválido')
    .min(1, 'Límite inválido')
    .max(200, 'Límite inválido')
    .default(20),
  search: searchText,
  category: searchText,
  status: cupsStatus.optional(),
});

export const cupsDto = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  price: z.number(),
  /** 0 or 1, as the screens read it. */
  requires_authorization: z.union([z.literal(0), z.literal(1)]),
  status: z.enum(CUPS_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CupsDto = z.infer<typeof cupsDto>;

export const cupsPageDto = z.object({
  cups: z.array(cupsDto),
  pagination: z.object({ total: z.number(), total_pages: z.number(), page: z.number(), limit: z.number() }),
});

export const cupsStatsDto = z.object({
  total: z.number(),
  active: z.number(),
  inactive: z.number(),
  requires_authorization: z.number(),
  categories: z.number(),
  by_category: z.array(z.object({ category: z.string().nullable(), count: z.number() })),
  price: z.object({ min: z.number(), max: z.number(), avg: z.number() }),
});

export const cupsImportBody = z.object({
  csv: z
    .string({ error: 'Envíe el contenido CSV en el campo csv' })
    .min(1, 'El archivo CSV está vacío')
    .max(10_000_000, 'El archivo CSV es demasiado grande'),
  mode: z.enum(['preview', 'apply'], { error: "El modo debe ser 'preview' o 'apply'" }).default('preview'),
});
export type CupsImportBody = z.infer<typeof cupsImportBody>;

export const CUPS_IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'reject'] as const;
export const cupsImportLine = z.object({
  /** Line number in the file (the header is line 1). */
  line: z.number(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  action: z.enum(CUPS_IMPORT_ACTIONS),
  /** Why the line is rejected, in Spanish. */
  reason: z.string().optional(),
  /** Fields an update changes. */
  changes: z.array(z.string()).optional(),
});
export type CupsImportLine = z.infer<typeof cupsImportLine>;

export const cupsImportResult = z.object({
  mode: z.enum(['preview', 'apply']),
  applied: z.boolean(),
  summary: z.object({
    total: z.number(),
    create: z.number(),
    update: z.number(),
    unchanged: z.number(),
    reject: z.number(),
  }),
  lines: z.array(cupsImportLine),
});
export type CupsImportResult = z.infer<typeof cupsImportResult>;
