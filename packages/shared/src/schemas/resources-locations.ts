import { z } from 'zod';
import {
  NO_CHANGES,
  clearableRefId,
  clearableText,
  hasChanges,
  idList,
  idName,
  numberish,
  refId,
  requiredText,
  searchText,
  status,
} from './resources-common';

export const LOCATION_STATUSES = ['Activa', 'Inactiva'] as const;
export const locationStatus = status(
  LOCATION_STATUSES,
  { active: 'Activa', inactive: 'Inactiva', activo: 'Activa', inactivo: 'Inactiva' },
  'Estado inválido: use Activa o Inactiva',
);

const name = requiredText('Ingresa el nombre de la sede', 150, 'El nombre no puede exceder 150 caracteres');
const capacity = z.preprocess(
  (v) => (v === '' ? null : v),
  numberish('Capacidad inválida')
    .pipe(
      z.number().int('Capacidad inválida').min(0, 'Capacidad inválida').max(100_000, 'Capacidad inválida'),
    )
    .nullable()
    .optional(),
);
const specialtyIds = idList('Especialidad inválida');

/**
 * The type is a reference to a location type (`location_type_id`); `type` with a type's name is also
 * accepted, for clients that send the name the screens show. Both null or '' clear it.
 */
const fields = {
  location_type_id: clearableRefId('Tipo de sede inválido'),
  type: clearableText(100, 'Tipo de sede inválido'),
  address: clearableText(200, 'La dirección no puede exceder 200 caracteres'),
  phone: clearableText(30, 'El teléfono no puede exceder 30 caracteres'),
  hours: clearableText(200, 'El horario no puede exceder 200 caracteres'),
  emergency_hours: clearableText(200, 'El horario de urgencias no puede exceder 200 caracteres'),
  capacity,
  municipality_id: clearableRefId('Municipio inválido'),
};

export const createLocationBody = z.object({
  name,
  ...fields,
  status: locationStatus.default('Activa'),
  specialty_ids: specialtyIds.optional(),
});
export type CreateLocationBody = z.infer<typeof createLocationBody>;

export const updateLocationBody = z
  .object({
    name: name.optional(),
    ...fields,
    status: locationStatus.optional(),
    specialty_ids: specialtyIds.optional(),
  })
  .refine(hasChanges, NO_CHANGES);
export type UpdateLocationBody = z.infer<typeof updateLocationBody>;

export const listLocationsQuery = z.object({
  q: searchText,
  status: locationStatus.optional(),
  municipality_id: refId('Municipio inválido').optional(),
  zone_id: refId('Zona inválida').optional(),
  specialty_id: refId('Especialidad inválida').optional(),
});

export const locationSpecialtiesBody = z.object({ specialty_ids: specialtyIds });

export const locationDto = z.object({
  id: z.number(),
  name: z.string(),
  location_type_id: z.number().nullable(),
  type: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  hours: z.string().nullable(),
  emergency_hours: z.string().nullable(),
  capacity: z.number().nullable(),
  status: z.enum(LOCATION_STATUSES),
  municipality_id: z.number().nullable(),
  municipality_name: z.string().nullable(),
  zone_id: z.number().nullable(),
  zone_name: z.string().nullable(),
  specialties: z.array(idName),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LocationDto = z.infer<typeof locationDto>;

export const locationMetricsQuery = z.object({
  month: z.coerce
    .number({ error: 'Mes inválido' })
    .int('Mes inválido')
    .min(1, 'Mes inválido')
    .max(12, 'Mes inválido')
    .optional(),
  year: z.coerce
    .number({ error: 'Año inválido' })
    .int('Año inválido')
    .min(2000, 'Año inválido')
    .max(2100, 'Año inválido')
    .optional(),
});

export const APPOINTMENT_STATUSES = ['Pendiente', 'Confirmada', 'Completada', 'Cancelada'] as const;

/**
 * A location's month: capacity = slots of its agendas, booked = slots taken, occupancy = booked / capacity
 * as a fraction 0–1 (0 when there is no capacity), appointments counted by status and per specialty.
 */
export const locationMetricsDto = z.object({
  location_id: z.number(),
  month: z.number(),
  year: z.number(),
  period: z.object({ start: z.string(), end: z.string() }),
  capacity: z.number(),
  booked: z.number(),
  available: z.number(),
  occupancy: z.number(),
  appointments_total: z.number(),
  appointments_by_status: z.record(z.enum(APPOINTMENT_STATUSES), z.number()),
  by_specialty: z.array(
    z.object({
      specialty_id: z.number(),
      specialty_name: z.string(),
      capacity: z.number(),
      booked: z.number(),
      occupancy: z.number(),
      appointments: z.number(),
    }),
  ),
});
export type LocationMetricsDto = z.infer<typeof locationMetricsDto>;
