import { z } from 'zod';
import { NO_CHANGES, clearableText, hasChanges, requiredText } from './resources-common';

const name = requiredText('Nombre requerido', 100, 'El nombre no puede exceder 100 caracteres');
const description = clearableText(500, 'La descripción no puede exceder 500 caracteres');

export const createZoneBody = z.object({ name, description });
export type CreateZoneBody = z.infer<typeof createZoneBody>;

export const updateZoneBody = z.object({ name: name.optional(), description }).refine(hasChanges, NO_CHANGES);
export type UpdateZoneBody = z.infer<typeof updateZoneBody>;

export const zoneDto = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  municipalities_count: z.number(),
  created_at: z.string(),
});
export type ZoneDto = z.infer<typeof zoneDto>;
