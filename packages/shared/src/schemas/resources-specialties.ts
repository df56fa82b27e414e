import { z } from 'zod';
import {
  NO_CHANGES,
  clearableRefId,
  clearableText,
  flag,
  hasChanges,
  numberish,
  queryFlag,
  requiredText,
  searchText,
} from './resources-common';

export const SPECIALTY_DURATION = { min: 10, max: 480, default: 30 } as const;

const name = requiredText('Nombre requerido', 100, 'El nombre no puede exceder 100 caracteres');
const description = clearableText(500, 'La descripción no puede exceder 500 caracteres');
/** Spec part 2 §5: 10 to 480 minutes (the old input's 10–120 was the narrower of two readings). */
const duration = numberish('Duración inválida').pipe(
  z
    .number()
    .int('Ingresa un valor entre 10 y 480 minutos')
    .min(SPECIALTY_DURATION.min, 'Ingresa un valor entre 10 y 480 minutos')
    .max(SPECIALTY_DURATION.max, 'Ingresa un valor entre 10 y 480 minutos'),
);

export const createSpecialtyBody = z.object({
  name,
  description,
  default_duration_minutes: duration.default(SPECIALTY_DURATION.default),
  active: flag().default(true),
  /** The service billed for its appointments that name none (decision 031). */
  default_service_id: clearableRefId('Servicio inválido'),
});
export type CreateSpecialtyBody = z.infer<typeof createSpecialtyBody>;

export const updateSpecialtyBody = z
  .object({
    name: name.optional(),
    description,
    default_duration_minutes: duration.optional(),
    active: flag().optional(),
    default_service_id: clearableRefId('Servicio inválido'),
  })
  .refine(hasChanges, NO_CHANGES);
export type UpdateSpecialtyBody = z.infer<typeof updateSpecialtyBody>;

export const listSpecialtiesQuery = z.object({ q: searchText, active: queryFlag });

export const specialtyDto = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  default_duration_minutes: z.number(),
  active: z.boolean(),
  default_service_id: z.number().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SpecialtyDto = z.infer<typeof specialtyDto>;

export const specialtyUsageDto = z.object({ doctors: z.number(), locations: z.number(), queue: z.number() });
export type SpecialtyUsageDto = z.infer<typeof specialtyUsageDto>;

export const specialtyInUse = (u: SpecialtyUsageDto) => u.doctors + u.locations + u.queue > 0;

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/**
 * Why a specialty in use cannot be deleted (spec part 2 §5: 'Está asignada a N doctores, N sedes y N en cola.'),
 * with the nouns in the singular for one: the API's 409 and the delete dialog say the same.
 */
export const specialtyInUseMessage = (u: SpecialtyUsageDto) =>
  `Está asignada a ${counted(u.doctors, 'doctor', 'doctores')}, ${counted(u.locations, 'sede', 'sedes')} y ${u.queue} en cola.`;
