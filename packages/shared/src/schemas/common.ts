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
