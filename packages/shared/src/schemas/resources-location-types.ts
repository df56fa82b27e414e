import { z } from 'zod';
import { NO_CHANGES, activeInactive, hasChanges, searchText } from './resources-common';

/** Spec part 2 §5: 'Nombre requerido' when blank, 'Ingresa un nombre válido' when it is not a name. */
const name = z
  .string({ error: 'Nombre requerido' })
  .trim()
  .min(1, { message: 'Nombre requerido', abort: true })
  .max(100, 'Ingresa un nombre válido')
  .refine((s) => /\p{L}/u.test(s) && !s.includes('\u0000'), 'Ingresa un nombre válido');

export const createLocationTypeBody = z.object({ name, status: activeInactive.default('active') });
export type CreateLocationTypeBody = z.infer<typeof createLocationTypeBody>;

export const updateLocationTypeBody = z
  .object({ name: name.optional(), status: activeInactive.optional() })
  .refine(hasChanges, NO_CHANGES);
export type UpdateLocationTypeBody = z.infer<typeof updateLocationTypeBody>;

export const listLocationTypesQuery = z.object({ q: searchText, status: activeInactive.optional() });

export const locationTypeDto = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(['active', 'inactive']),
  locations_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LocationTypeDto = z.infer<typeof locationTypeDto>;
