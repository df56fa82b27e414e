import { z } from 'zod';
import {
  APPOINTMENT_DURATION,
  APPOINTMENT_TYPES,
  INSURANCE_TYPES,
  appointmentDto,
  appointmentStatus,
  scheduledAtText,
} from './appointments';
import { filterId, filterOf, optionalDay } from './availabilities';
import { NO_NUL_MESSAGE, clearableText, flag, noNul, numberish, refId, status } from './resources-common';
import { queueEntryDto } from './queue-entry';
import { ok } from './common';
import { desiredDateField } from './analytics';

/*
 * Booking and the appointment actions (spec part 1 §5 "Quick appointment form", "Manual appointment",
 * §7 "Appointments"). Payload keys are the spec's; `scheduled_at` is 'YYYY-MM-DD HH:mm[:ss]' in the
 * organisation's timezone.
 */

export const BOOKING_MESSAGES = {
  patient: 'Debe seleccionar un paciente',
  reason: 'Debe especificar el motivo de la cita',
  type: 'Debe seleccionar el tipo de cita',
  duration: 'Debe especificar la duración',
  durationRange: `La duración debe estar entre ${APPOINTMENT_DURATION.min} y ${APPOINTMENT_DURATION.max} minutos`,
  incomplete: 'Formulario incompleto',
  manualRequired:
    'Paciente (seleccionado o nombre+documento), fecha, hora, doctor, especialidad y ubicación son obligatorios',
  location: 'Debe seleccionar una ubicación',
  specialty: 'Debe seleccionar una especialidad',
  doctor: 'Debe seleccionar un doctor',
  insurance: 'Tipo de aseguramiento inválido (EPS, Particular, Prepagada o SOAT)',
  status: 'Estado inicial inválido (Pendiente o Confirmada)',
  room: 'Sala inválida',
  outOfRangeTitle: 'Hora fuera de rango',
  /** 'La hora debe estar entre {inicio} y {fin}'. */
  outOfRange: (start: string, end: string) => `La hora debe estar entre ${start} y ${end}`,
  /** The start lies within the agenda's hours but the appointment would run past its end. */
  endsLate: (end: string) => `La cita debe terminar a más tardar a las ${end}`,
  overlap:
    'Conflicto de agenda: Existe un solapamiento en ese horario (doctor, paciente, sala). Ajusta fecha/hora o duración.',
  noSlots: 'No hay cupos disponibles en esta agenda',
  noFreeTime: 'No hay un horario libre en la agenda para la duración de la cita',
  created: 'Cita creada exitosamente',
  registered: 'Cita registrada exitosamente',
  restored: 'Cita restaurada',
  updated: 'Cita actualizada',
  returnedToQueue: 'Cita devuelta a cola',
  slotFreed: 'Cupo liberado exitosamente',
} as const;
const M = BOOKING_MESSAGES;

/**
 * Why an appointment at `time` lasting `minutes` does not fit an agenda's hours ('HH:mm'), or null when it does:
 * a start outside the hours is 'La hora debe estar entre …' (spec §5); a start inside that would run past the
 * end (18:00 in a 14:00–18:00 agenda) says by when it must end. The API and the form share it.
 */
export function agendaHoursError(time: string, minutes: number, start: string, end: string): string | null {
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const t = m(time);
  if (t < m(start) || t > m(end)) return M.outOfRange(start.slice(0, 5), end.slice(0, 5));
  if (t + Math.max(minutes, 1) > m(end)) return M.endsLate(end.slice(0, 5));
  return null;
}

export const APPOINTMENT_DURATIONS = [15, 30, 45, 60] as const;

const duration = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  numberish(M.duration)
    .pipe(
      z
        .number()
        .int(M.durationRange)
        .min(APPOINTMENT_DURATION.min, M.durationRange)
        .max(APPOINTMENT_DURATION.max, M.durationRange),
    )
    .optional(),
);
const appointmentType = status(
  APPOINTMENT_TYPES,
  { 'in-person': 'Presencial', presential: 'Presencial', telemedicine: 'Telemedicina' },
  M.type,
);
const insuranceType = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  status(INSURANCE_TYPES, { prepaid: 'Prepagada', private: 'Particular' }, M.insurance).nullable().optional(),
);
const optionalRef = (message: string) =>
  z.preprocess((v) => (v === '' || v === 0 ? null : v), refId(message).nullable().optional());
/** The status a booking may ask for; the rest come through the actions. */
const initialStatus = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  appointmentStatus.pipe(z.enum(['Pendiente', 'Confirmada'], { error: M.status })).optional(),
);

/**
 * POST /appointments. With `availability_id` the agenda supplies location, specialty, doctor, the date and
 * the default duration (ids sent must match it), `scheduled_at` must lie within its hours and, when left out,
 * is the agenda's next free time (the quick dialog). Status defaults to Confirmada from an agenda (taking a
 * slot) and Pendiente without one. Send an `Idempotency-Key` header to make retries safe.
 */
export const createAppointmentBody = z
  .object({
    patient_id: refId(M.patient),
    availability_id: optionalRef('Agenda inválida'),
    location_id: optionalRef(M.location),
    specialty_id: optionalRef(M.specialty),
    doctor_id: optionalRef(M.doctor),
    scheduled_at: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      scheduledAtText.optional(),
    ),
    duration_minutes: duration,
    appointment_type: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      appointmentType.default('Presencial'),
    ),
    status: initialStatus,
    reason: clearableText(500, 'El motivo no puede exceder 500 caracteres'),
    insurance_type: insuranceType,
    notes: clearableText(500, 'Las notas no pueden exceder 500 caracteres'),
    room_id: optionalRef(M.room),
    /** The service the appointment is for (decision 031); else the specialty's default service is billed. */
    service_id: optionalRef('Servicio inválido'),
    manual: flag().optional().default(false),
    /** 'Fecha deseada por el paciente' (Res. 256, decision 032); the request date is the booking's instant. */
    desired_date: desiredDateField,
  })
  .superRefine((v, ctx) => {
    if (v.availability_id) return;
    const missing: [keyof typeof v, string][] = [
      ['location_id', M.location],
      ['specialty_id', M.specialty],
      ['doctor_id', M.doctor],
      ['scheduled_at', 'Debe indicar la fecha y hora de la cita'],
    ];
    for (const [key, message] of missing)
      if (v[key] === undefined || v[key] === null) ctx.addIssue({ code: 'custom', path: [key], message });
  });
export type CreateAppointmentBody = z.infer<typeof createAppointmentBody>;
export type CreateAppointmentInput = z.input<typeof createAppointmentBody>;

/** Header of POST /appointments (and smart-assign): same key, same appointment. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKey = z
  .string()
  .trim()
  .min(1, 'Idempotency-Key vacío')
  .max(200, 'Idempotency-Key demasiado largo (máximo 200 caracteres)')
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key inválido');

/**
 * The quick appointment dialog (spec §5): a patient, a non-blank reason, type and duration (15/30/45/60,
 * default Presencial and 30); notes and insurance_type are sent as null when empty.
 */
export const quickAppointmentForm = z.object({
  patient_id: z.number({ error: M.patient }).int(M.patient).positive(M.patient),
  reason: z.string({ error: M.reason }).trim().min(1, M.reason).max(500),
  appointment_type: z.enum(APPOINTMENT_TYPES, { error: M.type }),
  duration_minutes: z.number({ error: M.duration }).int(M.duration).positive(M.duration),
  notes: z.string().max(500, 'Las notas no pueden exceder 500 caracteres').nullable(),
  insurance_type: z.enum(INSURANCE_TYPES, { error: M.insurance }).nullable(),
});
export type QuickAppointmentForm = z.infer<typeof quickAppointmentForm>;

/**
 * PUT /appointments/{id}: any of the fields; a status change follows §4 (Pendiente → Confirmada takes the
 * agenda's slot, → Cancelada gives it back, Cancelada → Confirmada is a restore). A new time stays within the
 * agenda's date and hours. `cancel_reason` and `cancellation_reason` are the same field.
 */
export const updateAppointmentBody = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const o = { ...(v as Record<string, unknown>) };
    o.cancellation_reason ??= o.cancel_reason;
    delete o.cancel_reason;
    return o;
  },
  z
    .object({
      status: filterOf(appointmentStatus),
      scheduled_at: z.preprocess(
        (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
        scheduledAtText.optional(),
      ),
      duration_minutes: duration,
      appointment_type: z.preprocess(
        (v) => (v === null || v === '' ? undefined : v),
        appointmentType.optional(),
      ),
      reason: clearableText(500, 'El motivo no puede exceder 500 caracteres'),
      notes: clearableText(500, 'Las notas no pueden exceder 500 caracteres'),
      insurance_type: insuranceType,
      room_id: optionalRef(M.room),
      /** Chosen at attendance (with status Completada) or before; null clears it. */
      service_id: optionalRef('Servicio inválido'),
      cancellation_reason: clearableText(500, 'El motivo no puede exceder 500 caracteres'),
    })
    .refine((o) => Object.values(o).some((x) => x !== undefined), 'No hay cambios para guardar'),
);
export type UpdateAppointmentBody = z.infer<typeof updateAppointmentBody>;

/** POST /appointments/cancel-and-reassign. */
export const DEFAULT_RETURN_TO_QUEUE_REASON = 'Cita devuelta a la cola de espera';
export const cancelAndReassignBody = z.object({
  appointment_id: refId('Debe seleccionar una cita'),
  cancellation_reason: clearableText(500, 'El motivo no puede exceder 500 caracteres'),
  auto_assign: flag().optional().default(false),
});
export type CancelAndReassignBody = z.infer<typeof cancelAndReassignBody>;

export const cancelAndReassignResult = z.object({
  /** The cancelled appointment. */
  appointment: appointmentDto,
  /** The returned patient's place in the waiting queue. */
  queue_entry: queueEntryDto,
  reassignment: z.object({
    assigned: z.boolean(),
    /** Name of the patient who got the freed slot, or null. */
    patient_assigned: z.string().nullable(),
    appointment_id: z.number().nullable(),
    scheduled_at: z.string().nullable(),
  }),
  /** Who got the slot (auto_assign) or who is next for the specialty now; null when nobody waits. */
  next_in_queue: z
    .object({ patient_id: z.number(), patient_name: z.string(), queue_id: z.number() })
    .nullable(),
});
export type CancelAndReassignResult = z.infer<typeof cancelAndReassignResult>;

/** GET /appointments/conflicts: would this time overlap a non-cancelled appointment? */
export const conflictsQuery = z.object({
  doctor_id: filterId('Doctor inválido'),
  patient_id: filterId('Paciente inválido'),
  room_id: filterId(M.room),
  scheduled_at: scheduledAtText,
  duration_minutes: z.coerce
    .number({ error: M.duration })
    .int(M.durationRange)
    .min(APPOINTMENT_DURATION.min, M.durationRange)
    .max(APPOINTMENT_DURATION.max, M.durationRange)
    .default(APPOINTMENT_DURATION.default),
  exclude_id: filterId('Cita inválida'),
});
export type ConflictsQuery = z.infer<typeof conflictsQuery>;

export const CONFLICT_KINDS = ['doctor', 'patient', 'room'] as const;
export const conflictItem = z.object({
  id: z.number(),
  /** Which of the asked resources this appointment blocks (one item per kind it blocks). */
  type: z.enum(CONFLICT_KINDS),
  scheduled_at: z.string(),
  ends_at: z.string(),
  duration_minutes: z.number(),
  status: z.string(),
  patient_id: z.number(),
  patient_name: z.string(),
  doctor_id: z.number(),
  doctor_name: z.string(),
  room_id: z.number().nullable(),
  availability_id: z.number().nullable(),
});
export const conflictsDto = z.object({
  conflict: z.boolean(),
  doctor_conflict: z.boolean(),
  patient_conflict: z.boolean(),
  room_conflict: z.boolean(),
  items: z.array(conflictItem),
});
export type ConflictsDto = z.infer<typeof conflictsDto>;

/** GET /appointments/my-appointments: the signed-in doctor's appointments (default: from today on). */
export const myAppointmentsQuery = z.object({
  date: filterOf(optionalDay),
  start_date: filterOf(optionalDay),
  end_date: filterOf(optionalDay),
  status: filterOf(appointmentStatus),
});
export type MyAppointmentsQuery = z.infer<typeof myAppointmentsQuery>;
/** The doctor record linked to the signed-in user; null when the account is not a doctor's. */
export const myDoctorDto = z.object({ id: z.number(), name: z.string() }).nullable();

/**
 * Cola Diaria's pages: the screen asks for `DAILY_QUEUE_PAGE` at a time; a larger `limit` is lowered to
 * `DAILY_QUEUE_LIMIT_MAX`, as the other lists do.
 */
export const DAILY_QUEUE_PAGE = 25;
export const DAILY_QUEUE_LIMIT_MAX = 200;

/** An optional positive whole number of the paging (absent means "the whole day", as before paging existed). */
const pagingNumber = (what: 'La página' | 'El límite', max: number, tooBig: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number({ error: `${what} debe ser un número` })
      .int(`${what} debe ser un número entero`)
      .min(1, `${what} debe ser 1 o mayor`)
      .max(max, tooBig)
      .optional(),
  );

/**
 * GET /appointments/daily-queue?date (default today in the organisation's timezone). Without `page` and `limit`
 * it answers the whole day, as the spec's clients expect; with either, one page (`limit` default
 * DAILY_QUEUE_PAGE) of the appointments that match every filter. `status` and `q` (patient name or document,
 * doctor or specialty; accents and case ignored) narrow the list and its `total`, not the day's `stats`.
 */
export const dailyQueueQuery = z.object({
  date: filterOf(optionalDay),
  doctor_id: filterId('Doctor inválido'),
  specialty_id: filterId('Especialidad inválida'),
  location_id: filterId('Ubicación inválida'),
  status: filterOf(appointmentStatus),
  q: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string({ error: 'Búsqueda inválida' })
      .trim()
      .max(100, 'La búsqueda no puede exceder 100 caracteres')
      .refine(noNul, NO_NUL_MESSAGE)
      .optional(),
  ),
  page: pagingNumber('La página', 1_000_000, 'Página fuera de rango'),
  limit: pagingNumber('El límite', Number.MAX_SAFE_INTEGER, 'El límite es demasiado grande').transform((n) =>
    n === undefined ? n : Math.min(n, DAILY_QUEUE_LIMIT_MAX),
  ),
});
export type DailyQueueQuery = z.infer<typeof dailyQueueQuery>;
export const dailyQueueDto = z.object({
  date: z.string(),
  /** The day's counts by status (with the doctor, specialty and location filters; not `status` nor `q`). */
  stats: z.object({
    total: z.number(),
    pendiente: z.number(),
    confirmada: z.number(),
    completada: z.number(),
    cancelada: z.number(),
  }),
  /** Appointments that match every filter, on all pages. */
  total: z.number(),
  page: z.number(),
  /** The page size used; null when the whole day was asked for (no `page` nor `limit`). */
  limit: z.number().nullable(),
  /**
   * Today only: the next appointment to attend (the earliest Confirmada that has not ended), and its place
   * (0-based) in the filtered list, null when the filters leave it out.
   */
  next: z
    .object({
      id: z.number(),
      scheduled_at: z.string(),
      patient_name: z.string(),
      position: z.number().nullable(),
    })
    .nullable(),
  /** The page's appointments (or the whole day's) in time order, every status unless `status` says. */
  appointments: z.array(appointmentDto),
});
export type DailyQueueDto = z.infer<typeof dailyQueueDto>;

/* Response bodies of the routes above, so that clients parse what the server validates. */

/** POST /appointments (201, or 200 for a replayed Idempotency-Key), PUT /appointments/{id}, POST …/restore. */
export const appointmentResponse = ok(appointmentDto);
export type AppointmentResponse = z.infer<typeof appointmentResponse>;

/** POST /appointments/cancel-and-reassign; `error` is null on success (the spec's clients read it). */
export const cancelAndReassignResponse = ok(cancelAndReassignResult).extend({ error: z.string().nullable() });
export type CancelAndReassignResponse = z.infer<typeof cancelAndReassignResponse>;

/** GET /appointments/conflicts: the flags at the top (the spec's clients read them there) and in data. */
export const conflictsResponse = ok(conflictsDto).extend(conflictsDto.shape);
export type ConflictsResponse = z.infer<typeof conflictsResponse>;

export const myAppointmentsResponse = ok(z.array(appointmentDto)).extend({
  doctor: myDoctorDto,
  total: z.number(),
});
export type MyAppointmentsResponse = z.infer<typeof myAppointmentsResponse>;

export const dailyQueueResponse = ok(dailyQueueDto);
export type DailyQueueResponse = z.infer<typeof dailyQueueResponse>;
