import { z } from 'zod';
import { NO_CHANGES, clearableText, hasChanges, refId, requiredText, searchText } from './resources-common';

const name = requiredText('Nombre requerido', 100, 'El nombre no puede exceder 100 caracteres');
const zoneId = refId('Debe seleccionar una zona');
/** DANE DIVIPOLA: 5 digits, 2 for the department and 3 for the municipality (leading zero kept). */
const code = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string({ error: 'El código DIVIPOLA debe tener 5 dígitos' })
    .trim()
    .regex(/^\d{5}$/, 'El código DIVIPOLA debe tener 5 dígitos')
    .nullable()
    .optional(),
);
const department = clearableText(100, 'El departamento no puede exceder 100 caracteres');

/** Spec part 2 §5: name and zone are required. */
export const createMunicipalityBody = z.object({ name, zone_id: zoneId, code, department });
export type CreateMunicipalityBody = z.infer<typeof createMunicipalityBody>;

export const updateMunicipalityBody = z
  .object({ name: name.optional(), zone_id: zoneId.optional(), code, department })
  .refine(hasChanges, NO_CHANGES);
export type UpdateMunicipalityBody = z.infer<typeof updateMunicipalityBody>;

export const listMunicipalitiesQuery = z.object({
  zone_id: refId('Debe seleccionar una zona válida').optional(),
  q: searchText,
  department: searchText,
});

export const municipalityDto = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  department: z.string().nullable(),
  zone_id: z.number().nullable(),
  zone_name: z.string().nullable(),
});
export type MunicipalityDto = z.infer<typeof municipalityDto>;
