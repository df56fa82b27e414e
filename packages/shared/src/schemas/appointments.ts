import { z } from 'zod';
import { limitQuery, pageQuery } from './common';
import { status } from './resources-common';
import { filterId, filterOf, optionalDay } from './availabilities';

/** Appointments (spec part 1 §3 "Appointment", §4 statuses). The booking forms come with the booking routes. */

export const APPOINTMENT_STATUSES = ['Pendiente', 'Confirmada', 'Completada', 'Cancelada'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const appointmentStatus = status(
  APPOINTMENT_STATUSES,
  {
    pending: 'Pendiente',
    confirmed: 'Confirmada',
    completed: 'Completada',
    cancelled: 'Cancelada',
    canceled: 'Cancelada',
    pendiente: 'Pendiente',
    confirmado: 'Confirmada',
    completado: 'Completada',
    cancelado: 'Cancelada',
  },
  'Estado de cita inválido',
);

export const APPOINTMENT_TYPES = [
  'Presencial',
  'Teleconsulta',
  'Control',
  'Urgencia',
  'Telemedicina',
] as const;
export const INSURANCE_TYPES = ['EPS', 'Particular', 'Prepagada', 'SOAT'] as const;
export const APPOINTMENT_DURATION = { min: 5, max: 480, default: 30 } as const;

export const DEFAULT_CANCEL_REASON = 'Cita cancelada por el administrativo';
export const EXPIRED_AGENDA_REASON = 'Disponibilidad vencida';

/**
 * 'YYYY-MM-DD HH:mm[:ss]' (a 'T' also accepted): a wall-clock time in the organisation's timezone, the only
 * way the API accepts and answers `scheduled_at` (ARCHITECTURE rule 6). No offset or 'Z' is accepted, so a
 * client cannot accidentally send an instant in another zone.
 */
export const SCHEDULED_AT_PATTERN = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;
export const scheduledAtText = z
  .string({ error: 'Debe indicar la fecha y hora de la cita' })
  .trim()
  .regex(SCHEDULED_AT_PATTERN, 'Fecha y hora inválidas (AAAA-MM-DD HH:mm:ss)');

export const listAppointmentsQuery = z.object({
  status: filterOf(appointmentStatus),
  date: filterOf(optionalDay),
  start_date: filterOf(optionalDay),
  end_date: filterOf(optionalDay),
  availability_id: filterId('Agenda inválida'),
  patient_id: filterId('Paciente inválido'),
  doctor_id: filterId('Doctor inválido'),
  page: pageQuery,
  limit: limitQuery(200, 1000),
});
export type ListAppointmentsQuery = z.infer<typeof listAppointmentsQuery>;

/** The cancel dialog's 'Mensaje para el paciente' is required (spec part 1 §5 "Cancel appointment"). */
export const CANCEL_MESSAGE_REQUIRED = 'Debe escribir un mensaje para el paciente';

/**
 * POST /appointments/{id}/cancel. A call without a reason gets the default one (spec §4); a reason that is sent
 * must say something: a blank message is refused, never replaced by the default (issue 15). The body may be
 * missing altogether; Fastify hands that over as null.
 */
export const cancelAppointmentBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    reason: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string({ error: CANCEL_MESSAGE_REQUIRED })
        .trim()
        .min(1, CANCEL_MESSAGE_REQUIRED)
        .max(500, 'El mensaje no puede exceder 500 caracteres')
        .optional(),
    ),
  }),
);

export const appointmentDto = z.object({
  id: z.number(),
  patient_id: z.number(),
  patient_name: z.string(),
  patient_document: z.string(),
  patient_phone: z.string().nullable(),
  patient_email: z.string().nullable(),
  patient_eps: z.string().nullable(),
  age: z.number().nullable(),
  availability_id: z.number().nullable(),
  location_id: z.number(),
  location_name: z.string(),
  specialty_id: z.number(),
  specialty_name: z.string(),
  doctor_id: z.number(),
  doctor_name: z.string(),
  scheduled_at: z.string(),
  ends_at: z.string(),
  duration_minutes: z.number(),
  room_id: z.number().nullable(),
  appointment_type: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  insurance_type: z.string().nullable(),
  cancellation_reason: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  manual: z.boolean(),
  /** The service it is for (decision 031); null: the specialty's default service is billed. */
  service_id: z.number().nullable().optional(),
  /** Res. 256 (decision 032): the date the patient wanted, and whether it is a first-time visit. */
  desired_date: z.string().nullable().optional(),
  first_visit: z.boolean().nullable().optional(),
  created_at: z.string(),
});
export type AppointmentDto = z.infer<typeof appointmentDto>;

export const summaryQuery = z.object({
  start: filterOf(optionalDay),
  end: filterOf(optionalDay),
});
export const summaryDto = z.object({
  start: z.string(),
  end: z.string(),
  by_day: z.array(z.object({ date: z.string(), appointments: z.number(), availabilities: z.number() })),
});
