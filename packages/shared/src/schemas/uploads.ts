import { z } from 'zod';

/** POST /uploads (decision 027). */
export const uploadDto = z.object({
  url: z.string(),
  content_type: z.string(),
  size: z.number(),
  sha256: z.string(),
});
export type UploadDto = z.infer<typeof uploadDto>;

/** The logo upload's limits and its messages (POST /uploads), shared with the form that checks before sending. */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const UPLOAD_TOO_LARGE_MESSAGE = 'El archivo supera el tamaño máximo de 2 MB';
export const UPLOAD_TYPE_MESSAGE = 'El logo debe ser una imagen PNG, JPEG o WebP';
export const UPLOAD_MISSING_MESSAGE = 'Adjunte el archivo del logo en el campo "file"';
export const UPLOAD_EMPTY_MESSAGE = 'El archivo está vacío';
