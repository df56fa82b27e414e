import { z } from 'zod';
import { desiredDateField } from './analytics';
import { APPOINTMENT_DURATION, APPOINTMENT_TYPES, INSURANCE_TYPES, appointmentDto } from './appointments';
import { clearableText, numberish, refId, status } from './resources-common';
import { priorityLevel, queueEntryDto } from './queue-entry';

/*
 * POST /auto-assignment/smart-assign (spec part 1 §3 "Smart-assign request/result", §5 "Smart assignment").
 * The first free time within `search_days_ahead` (weekdays only) that fits the preferences becomes a
 * Confirmada appointment; when none fits, the patient joins the waiting queue for the specialty.
 */

export const SMART_ASSIGN_MESSAGES = {
  patient: 'Debe seleccionar un paciente',
  specialty: 'Debe seleccionar una especialidad',
  pickSlot: 'Por favor selecciona una fecha y horario del calendario',
  assigned: '¡Cita asignada exitosamente!',
  queued: 'Agregado a cola de espera',
  alreadyQueued: 'El paciente ya está en la cola de espera de esta especialidad',
  failed: 'Error en asignación',
  timeSlot: 'Franja horaria inválida',
  /** The slot chosen in the picker cannot be booked any more: said, never replaced by the queue. */
  slotPast: (date: string, start: string, end: string) =>
    `El horario elegido (${date} ${start}–${end}) ya pasó. Elija otro horario.`,
  slotInactive: 'La agenda del horario elegido ya no está activa. Elija otro horario.',
  slotTaken: 'El horario elegido ya no tiene horas libres. Elija otro horario.',
} as const;
const M = SMART_ASSIGN_MESSAGES;

export const SMART_ASSIGN_DEFAULT_DAYS = 30;
export const SMART_ASSIGN_MAX_DAYS = 180;

/** Named parts of the day a patient may prefer, as [from, to) wall-clock times. */
export const DAY_PARTS = {
  morning: { start_time: '00:00', end_time: '12:00' },
  afternoon: { start_time: '12:00', end_time: '18:00' },
  evening: { start_time: '18:00', end_time: '24:00' },
} as const;
const dayPart = status(
  ['morning', 'afternoon', 'evening'] as const,
  {
    mañana: 'morning',
    manana: 'morning',
    am: 'morning',
    tarde: 'afternoon',
    pm: 'afternoon',
    noche: 'evening',
  },
  M.timeSlot,
);

const TIME = /^(([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?|24:00(:00)?)$/;
const time = z
  .string({ error: M.timeSlot })
  .trim()
  .regex(TIME, 'Hora inválida (HH:mm)')
  .transform((s) => s.slice(0, 5));
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha inválida (AAAA-MM-DD)');

/**
 * One preferred window: a named part of the day ('morning'/'mañana', 'afternoon'/'tarde', 'evening'/'noche')
 * or a range, optionally on one date and in one agenda (what the slot picker sends when a doctor is chosen).
 * An appointment fits when it starts and ends inside the window.
 */
export const preferredTimeSlot = z.union([
  dayPart.transform((p) => ({ ...DAY_PARTS[p] }) as TimeWindow),
  z
    .object({
      date: day.optional(),
      start_time: time,
      end_time: time,
      availability_id: refId('Agenda inválida').optional(),
    })
    .refine((w) => w.start_time < w.end_time, 'La hora de inicio debe ser anterior a la hora de fin'),
]);
export interface TimeWindow {
  date?: string;
  start_time: string;
  end_time: string;
  availability_id?: number;
}

const optionalRef = (message: string) =>
  z.preprocess((v) => (v === '' || v === 0 ? null : v), refId(message).nullable().optional());

export const smartAssignBody = z.object({
  patient_id: refId(M.patient),
  specialty_id: refId(M.specialty),
  location_id: optionalRef('Ubicación inválida'),
  preferred_doctor_id: optionalRef('Doctor inválido'),
  /** The queue priority when no slot is found (Urgente, Alta, Normal, Baja; English accepted). */
  urgency_level: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    priorityLevel.optional().default('Normal'),
  ),
  appointment_type: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.enum(APPOINTMENT_TYPES, { error: 'Debe seleccionar el tipo de cita' }).default('Presencial'),
  ),
  /** Default: the agenda's minutes per appointment. */
  duration_minutes: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    numberish('Debe especificar la duración')
      .pipe(z.number().int().min(APPOINTMENT_DURATION.min).max(APPOINTMENT_DURATION.max))
      .optional(),
  ),
  reason: clearableText(500, 'El motivo no puede exceder 500 caracteres'),
  insurance_type: z.preprocess(
    (v) => (v === '' ? null : v),
    z.enum(INSURANCE_TYPES, { error: 'Tipo de aseguramiento inválido' }).nullable().optional(),
  ),
  notes: clearableText(500, 'Las notas no pueden exceder 500 caracteres'),
  search_days_ahead: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    numberish('Días de búsqueda inválidos')
      .pipe(
        z
          .number()
          .int('Días de búsqueda inválidos')
          .min(1, 'Días de búsqueda inválidos')
          .max(SMART_ASSIGN_MAX_DAYS, `La búsqueda no puede superar ${SMART_ASSIGN_MAX_DAYS} días`),
      )
      .default(SMART_ASSIGN_DEFAULT_DAYS),
  ),
  /** Any window fits; empty or absent means any time. */
  preferred_time_slots: z.preprocess(
    (v) => (v === null ? undefined : v),
    z.array(preferredTimeSlot).max(50, 'Demasiadas franjas horarias').optional(),
  ),
  /** 'Fecha deseada por el paciente' (Res. 256, decision 032). */
  desired_date: desiredDateField,
});
export type SmartAssignBody = z.infer<typeof smartAssignBody>;
export type SmartAssignInput = z.input<typeof smartAssignBody>;

export const ASSIGNMENT_TYPES = ['appointment', 'queue'] as const;
export const smartAssignAppointment = appointmentDto.extend({
  doctor: z.string(),
  location: z.string(),
  specialty: z.string(),
});
export const smartAssignResult = z.object({
  success: z.literal(true),
  assignment_type: z.enum(ASSIGNMENT_TYPES),
  appointment: smartAssignAppointment.nullable(),
  queue_entry: queueEntryDto.nullable(),
  message: z.string(),
});
export type SmartAssignResult = z.infer<typeof smartAssignResult>;

/** The route's body: data carries the result; assignment_type and message are repeated at the top. */
export const smartAssignResponse = z.object({
  success: z.literal(true),
  data: smartAssignResult,
  assignment_type: z.enum(ASSIGNMENT_TYPES),
  message: z.string(),
});
export type SmartAssignResponse = z.infer<typeof smartAssignResponse>;
