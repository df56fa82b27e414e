import { z } from 'zod';
import { clearableDate, clearableText, flag, refId } from './resources-common';

const EPS_AND_LOCATION = 'Debe seleccionar una EPS y una ubicación';

const item = z
  .object({
    eps_id: refId(EPS_AND_LOCATION),
    location_id: refId(EPS_AND_LOCATION),
    specialty_id: refId('Debe seleccionar una especialidad'),
    authorized: flag().default(true),
    /** Absent on a new authorization: today in the organisation's timezone (what the screen sends). */
    authorization_date: clearableDate('Fecha de autorización inválida (AAAA-MM-DD)'),
    expiration_date: clearableDate('Fecha de vencimiento inválida (AAAA-MM-DD)'),
    notes: clearableText(1000, 'Las notas no pueden exceder 1000 caracteres'),
  })
  .refine((v) => !v.authorization_date || !v.expiration_date || v.expiration_date >= v.authorization_date, {
    message: 'La fecha de vencimiento no puede ser anterior a la de autorización',
    path: ['expiration_date'],
  });

export const epsAuthorizationBatchBody = z.object({
  authorizations: z
    .array(item, { error: 'Debe seleccionar al menos una especialidad' })
    .min(1, 'Debe seleccionar al menos una especialidad')
    .max(1000, 'Demasiadas autorizaciones en una sola solicitud'),
});
export type EpsAuthorizationBatchBody = z.infer<typeof epsAuthorizationBatchBody>;
export type EpsAuthorizationItem = EpsAuthorizationBatchBody['authorizations'][number];

export const listEpsAuthorizationsQuery = z.object({
  eps_id: refId('EPS inválida').optional(),
  location_id: refId('Sede inválida').optional(),
  specialty_id: refId('Especialidad inválida').optional(),
});

export const epsLocationParams = z.object({
  epsId: refId('EPS inválida'),
  locationId: refId('Sede inválida'),
});

export const epsAuthorizationDto = z.object({
  id: z.number(),
  eps_id: z.number(),
  eps_name: z.string(),
  eps_code: z.string(),
  eps_status: z.enum(['active', 'inactive']),
  specialty_id: z.number(),
  specialty_name: z.string(),
  location_id: z.number(),
  location_name: z.string(),
  authorized: z.boolean(),
  authorization_date: z.string().nullable(),
  expiration_date: z.string().nullable(),
  notes: z.string().nullable(),
  /** Authorized, EPS active, and today within authorization_date … expiration_date (organisation's timezone). */
  is_currently_valid: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EpsAuthorizationDto = z.infer<typeof epsAuthorizationDto>;

export const epsAuthorizationBatchResult = z.object({
  created: z.number(),
  updated: z.number(),
  authorizations: z.array(epsAuthorizationDto),
});
