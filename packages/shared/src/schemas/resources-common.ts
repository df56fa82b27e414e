import { z } from 'zod';

/*
 * Building blocks shared by the master-data schemas (specialties, doctors, locations, …). Forms send
 * numbers as text and blanks for "nothing", so inputs are normalised here once, before the checks.
 */

/** PostgreSQL text cannot hold U+0000; refusing it here keeps it a 400 instead of a database error. */
export const noNul = (s: string) => !s.includes('\u0000');
export const NO_NUL_MESSAGE = 'El texto contiene caracteres no permitidos';

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const numericText = /^\s*-?\d+(\.\d+)?\s*$/;
const toNumber = (v: unknown) => (typeof v === 'string' && numericText.test(v) ? Number(v) : v);

/** A required name: missing or blank gives `required`; longer than `max` gives `tooLong`. */
export const requiredText = (required: string, max = 100, tooLong = `No puede exceder ${max} caracteres`) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong).refine(noNul, NO_NUL_MESSAGE);

/** Optional text that may be cleared: blank or null stores null, absent leaves the value unchanged. */
export const clearableText = (max: number, message = `No puede exceder ${max} caracteres`) =>
  z.preprocess(
    blankToNull,
    z.string().trim().max(max, message).refine(noNul, NO_NUL_MESSAGE).nullable().optional(),
  );

/** A number that may arrive as text ("30"); anything else that is not a number gives `message`. */
export const numberish = (message: string) =>
  z.preprocess(toNumber, z.number({ error: message }).refine(Number.isFinite, message));

/** A money amount: finite, not negative, at most two decimals. */
export const price = (message = 'Precio inválido') =>
  z.preprocess(
    toNumber,
    z
      .number({ error: message })
      .refine((n) => Number.isFinite(n) && n >= 0 && n < 1e12, message)
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, message),
  );

/** A positive integer id that may arrive as text. */
export const refId = (message: string) =>
  z.preprocess(
    toNumber,
    z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message),
  );

/** An optional reference that may be cleared with null or ''. */
export const clearableRefId = (message: string) =>
  z.preprocess(blankToNull, refId(message).nullable().optional());

/** A list of ids (order kept, repeats removed). */
export const idList = (message: string) =>
  z
    .array(refId(message), { error: message })
    .max(500, 'Demasiados elementos')
    .transform((ids) => [...new Set(ids)]);

/**
 * A JSON boolean, nothing else (issue 34 item 16: the document says `boolean`, so 0, 1 and 'true' are refused
 * with `message` rather than coerced). Query strings are text: they use `queryFlag`.
 */
export const flag = (message = 'Valor inválido') => z.boolean({ error: message });

/**
 * true/false or the 0/1 the spec gives for a few fields (CUPS `requires_authorization (0 or 1)`, part 2 §3),
 * declared as exactly those four values; text such as '1' is refused.
 */
export const zeroOneFlag = (message = 'Valor inválido') =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1)], { error: message })
    .transform((v) => v === true || v === 1);

/** Query-string booleans: 'true'/'false'/'1'/'0'. */
export const queryFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'Use true o false' })
  .transform((v) => v === 'true' || v === '1')
  .optional();

/**
 * A status stored as `values` shows it; the English or Spanish variants in `aliases` are accepted on input
 * and normalised (ARCHITECTURE: statuses are stored as the spec shows them).
 */
export function status<const T extends readonly [string, ...string[]]>(
  values: T,
  aliases: Record<string, T[number]>,
  message: string,
) {
  const lookup = new Map<string, T[number]>();
  for (const v of values) lookup.set(v.toLowerCase(), v);
  for (const [k, v] of Object.entries(aliases)) lookup.set(k.toLowerCase(), v);
  return z.preprocess(
    (v) => (typeof v === 'string' ? (lookup.get(v.trim().toLowerCase()) ?? v) : v),
    z.enum(values, { error: message }),
  );
}

/** 'active' | 'inactive' (EPS, location types), accepting Activo/Activa/Inactivo/Inactiva. */
export const activeInactive = status(
  ['active', 'inactive'] as const,
  { activo: 'active', activa: 'active', inactivo: 'inactive', inactiva: 'inactive' },
  'Estado inválido',
);

/** A calendar date 'YYYY-MM-DD' that exists. */
export const isoDate = (message = 'Fecha inválida (AAAA-MM-DD)') =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
    }, message);

/**
 * Forms send '' for an empty optional field. `blank(schema)` accepts exactly '' besides what `schema` accepts,
 * and the OpenAPI document says so (`anyOf: ['', …]`, nullable), instead of a preprocess the document cannot
 * show (issue 34 item 16: an empty date was accepted where the document demanded the pattern). '' stores null;
 * absent leaves the value unchanged. Text with only spaces is not blank: it is refused by `schema`.
 */
export const blankOr = <T extends z.ZodType>(schema: T, message?: string | z.core.$ZodErrorMap) =>
  z
    .union([z.literal(''), schema], message ? { error: message } : undefined)
    .nullable()
    .transform((v) => (v === '' ? null : (v as z.output<T> | null)))
    .optional();

/** An optional date that may be cleared with null or ''. */
export const clearableDate = (message = 'Fecha inválida (AAAA-MM-DD)') => blankOr(isoDate(message), message);

/** Free-text search of a list; blank means no filter. */
export const searchText = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().max(100).refine(noNul, NO_NUL_MESSAGE).optional(),
);

/** `?q=` of the autocomplete routes: the screens search from 2 characters. */
export const autocompleteQuery = z.object({
  q: z
    .string({ error: 'Ingrese un texto de búsqueda' })
    .trim()
    .max(100, 'Búsqueda demasiado larga')
    .refine(noNul, NO_NUL_MESSAGE),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** A body with at least one field to change. */
export const hasChanges = (v: object) => Object.values(v).some((x) => x !== undefined);
export const NO_CHANGES = 'No hay cambios para guardar';

export const idName = z.object({ id: z.number(), name: z.string() });

/** `%q%` for ILIKE with the wildcards of `q` escaped. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
