import { z } from 'zod';

/** Positive integer id in a path, e.g. /users/{id}. */
export const idParam = z.object({
  id: z.coerce
    .number({ error: 'El identificador debe ser un número' })
    .int('El identificador debe ser un número entero')
    .positive('El identificador debe ser positivo'),
});

export const successOnly = z.object({ success: z.literal(true), message: z.string().optional() });

export function ok<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

export const errorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  request_id: z.string().optional(),
});

/** Optional text: blank becomes undefined so that '' never lands in the database. */
export const optionalText = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max, message).optional(),
  );

/** `page` of a paged list (1 by default). */
export const pageQuery = z.coerce
  .number({ error: 'La página debe ser un número' })
  .int('La página debe ser un número entero')
  .min(1, 'La página debe ser 1 o mayor')
  .max(1_000_000, 'Página fuera de rango')
  .default(1);

/** `limit` of a paged list: `byDefault` when absent; a larger one than `max` is lowered to it, not refused. */
export const limitQuery = (byDefault: number, max: number) =>
  z.coerce
    .number({ error: 'El límite debe ser un número' })
    .int('El límite debe ser un número entero')
    .min(1, 'El límite debe ser 1 o mayor')
    .default(byDefault)
    .transform((n) => Math.min(n, max));
