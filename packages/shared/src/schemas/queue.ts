import { z } from 'zod';
import { APPOINTMENT_DURATION, APPOINTMENT_TYPES, INSURANCE_TYPES, appointmentDto } from './appointments';
import { filterId, filterOf } from './availabilities';
import { ok } from './common';
import { QUEUE_CALL_TYPES, QUEUE_STATUSES, priorityLevel, queueEntryDto } from './queue-entry';
import { clearableText, numberish, refId, searchText, status } from './resources-common';

/*
 * The waiting queue's routes (spec part 1 §7 "Queue and transfers": GET /queue/overview, /queue,
 * /queue/grouped; POST /queue, /queue/{id}/assign, /queue/next, /queue/{id}/schedule; DELETE /queue/{id}) and
 * its live stream (GET /queue/stream). One entry per patient waiting for a specialty, served by priority
 * (Urgente, Alta, Normal, Baja) then arrival; an agent takes an entry (assigned) and schedules it.
 */

export const QUEUE_MESSAGES = {
  patient: 'Debe seleccionar un paciente',
  specialty: 'Debe seleccionar una especialidad',
  notFound: 'Entrada de la cola no encontrada',
  alreadyQueued: 'El paciente ya está en la cola de espera de esta especialidad',
  queued: 'Agregado a cola de espera',
  assigned: 'Paciente asignado',
  notWaiting: 'El paciente ya no está en espera',
  takenByOther: 'Otro agente ya tomó a este paciente',
  closed: 'La entrada ya salió de la cola',
  nobodyWaiting: 'No hay pacientes en espera',
  scheduled: 'Cita agendada',
  removed: 'Paciente retirado de la cola de espera',
  outcome: 'El resultado no puede exceder 200 caracteres',
  agentNotFound: 'Agente no encontrado',
  callsQueued: 'Llamadas automáticas en cola',
  noCallTargets: 'No hay pacientes para llamar',
  callsFailed: 'No se pudieron completar todas las llamadas',
  explanationFailed: 'No se pudo generar la explicación automática',
} as const;
const M = QUEUE_MESSAGES;

/** Live events of the queue stream (spec part 1 §4 "Queue events", plus what the screens also need). */
export const QUEUE_EVENT_TYPES = [
  'enqueue',
  'assign',
  'scheduled',
  'cancelled',
  /** CUPS or priority changed. */
  'updated',
  /** A freed slot was offered to the entry (setting queue_freed_slot_action = 'notify'). */
  'slot_offered',
] as const;
export type QueueEventType = (typeof QUEUE_EVENT_TYPES)[number];
/** Payload of a queue event: ids only; the screens refetch what they show. */
export const queueEventPayload = z.object({
  id: z.number(),
  specialty_id: z.number(),
  patient_id: z.number(),
  appointment_id: z.number().nullable().optional(),
  assigned_user_id: z.number().nullable().optional(),
  availability_id: z.number().nullable().optional(),
});
export type QueueEventPayload = z.infer<typeof queueEventPayload>;

/** Shape of every SSE `data:` line (lib/sse.ts); `id:` is the stream position for Last-Event-ID. */
export const streamEventData = z.object({
  type: z.string(),
  channel: z.string(),
  payload: z.unknown(),
  created_at: z.string(),
});
export type StreamEventData = z.infer<typeof streamEventData>;

/** A freed slot offered to a waiting patient (see settings queue_freed_slot_action). */
export const slotOfferDto = z.object({
  id: z.number(),
  availability_id: z.number(),
  scheduled_at: z.string(),
  duration_minutes: z.number(),
  doctor_name: z.string(),
  location_name: z.string(),
  /** The cancelled appointment that freed the slot. */
  freed_appointment_id: z.number().nullable(),
  /** 'auto_assign' (booked for the patient) or 'notify' (agents decide). */
  mode: z.enum(['auto_assign', 'notify']),
  status: z.enum(['offered', 'accepted', 'expired']),
  reason: z.string(),
  created_at: z.string(),
});
export type SlotOfferDto = z.infer<typeof slotOfferDto>;

/**
 * A queue item (spec §3 "Queue item": patient, phone, specialty, priority, waitTime, type), the waiting-list
 * entry and the export row (§3 "Waiting-list export") in one shape.
 */
export const queueItemDto = queueEntryDto.extend({
  /** Same as position (the export's name). */
  queue_position: z.number().nullable(),
  patient_document: z.string(),
  patient_phone: z.string().nullable(),
  /** The patient has an active high-risk pregnancy. */
  high_risk_pregnancy: z.boolean(),
  cups_id: z.number().nullable(),
  cups_code: z.string().nullable(),
  cups_name: z.string().nullable(),
  notes: z.string().nullable(),
  source: z.string(),
  outcome: z.string().nullable(),
  assigned_user_id: z.number().nullable(),
  assigned_user_name: z.string().nullable(),
  created_by: z.number().nullable(),
  created_by_name: z.string().nullable(),
  /** Whole days since the entry was created. */
  days_waiting: z.number(),
  /** Minutes since the entry was created (the screens' waitTime). */
  wait_minutes: z.number(),
  updated_at: z.string(),
  /** The latest freed slot offered to this entry that is still open, else null. */
  slot_offer: slotOfferDto.nullable(),
});
export type QueueItemDto = z.infer<typeof queueItemDto>;

const listStatus = status(
  [...QUEUE_STATUSES, 'active', 'all'] as const,
  { espera: 'waiting', asignado: 'assigned', agendado: 'scheduled', cancelado: 'cancelled' },
  'Estado de cola inválido',
);
const pageNumber = z.coerce.number({ error: 'La página debe ser un número' }).int().min(1).max(1_000_000);

/** GET /queue: status 'active' (waiting and assigned, the default), one status, or 'all'. */
export const listQueueQuery = z.object({
  status: z.preprocess((v) => (v === '' || v == null ? undefined : v), listStatus.default('active')),
  specialty_id: filterId('Especialidad inválida'),
  priority_level: filterOf(priorityLevel),
  call_type: filterOf(z.enum(QUEUE_CALL_TYPES, { error: 'Tipo inválido (normal o reagendar)' })),
  /** Patient name or document. */
  q: searchText,
  /** Only the entries the signed-in agent took. */
  mine: z
    .enum(['true', 'false', '1', '0'], { error: 'Use true o false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  page: pageNumber.default(1),
  limit: z.coerce
    .number({ error: 'El límite debe ser un número' })
    .int()
    .min(1, 'El límite debe ser 1 o mayor')
    .default(200)
    .transform((n) => Math.min(n, 1000)),
});
export type ListQueueQuery = z.infer<typeof listQueueQuery>;
export const listQueueResponse = ok(z.array(queueItemDto)).extend({
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type ListQueueResponse = z.infer<typeof listQueueResponse>;

const priorityCounts = z.object({
  Urgente: z.number(),
  Alta: z.number(),
  Normal: z.number(),
  Baja: z.number(),
});
export type PriorityCounts = z.infer<typeof priorityCounts>;

/** GET /queue/grouped: the active entries by specialty (specialties by name), each group in queue order. */
export const queueGroupDto = z.object({
  specialty_id: z.number(),
  specialty_name: z.string(),
  total: z.number(),
  waiting: z.number(),
  assigned: z.number(),
  by_priority: priorityCounts,
  items: z.array(queueItemDto),
});
export type QueueGroupDto = z.infer<typeof queueGroupDto>;
export const groupedQueueQuery = listQueueQuery.pick({ specialty_id: true, priority_level: true, q: true });
export const groupedQueueResponse = ok(z.array(queueGroupDto));
export type GroupedQueueResponse = z.infer<typeof groupedQueueResponse>;

/** GET /queue/overview: counts for the cards and the sidebar badge (total_waiting). */
export const queueOverviewDto = z.object({
  total_waiting: z.number(),
  total_assigned: z.number(),
  by_priority: priorityCounts,
  high_risk_pregnancies: z.number(),
  /** Minutes the oldest waiting entry has waited; 0 when nobody waits. */
  longest_wait_minutes: z.number(),
  average_wait_minutes: z.number(),
  /** Entries scheduled and removed today (organisation's day). */
  scheduled_today: z.number(),
  cancelled_today: z.number(),
  /** Automated outbound calls requested and not yet made. */
  pending_outbound_calls: z.number(),
  by_specialty: z.array(
    z.object({
      specialty_id: z.number(),
      specialty_name: z.string(),
      waiting: z.number(),
      assigned: z.number(),
      oldest_created_at: z.string().nullable(),
    }),
  ),
});
export type QueueOverviewDto = z.infer<typeof queueOverviewDto>;
export const queueOverviewResponse = ok(queueOverviewDto);

const optionalRef = (message: string) =>
  z.preprocess((v) => (v === '' || v === 0 ? null : v), refId(message).nullable().optional());

/** POST /queue: puts a patient in the waiting queue of a specialty. */
export const createQueueEntryBody = z.object({
  patient_id: refId(M.patient),
  specialty_id: refId(M.specialty),
  priority_level: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    priorityLevel.optional().default('Normal'),
  ),
  call_type: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.enum(QUEUE_CALL_TYPES, { error: 'Tipo inválido (normal o reagendar)' }).default('normal'),
  ),
  reason: clearableText(500, 'El motivo no puede exceder 500 caracteres'),
  notes: clearableText(500, 'Las notas no pueden exceder 500 caracteres'),
  cups_id: optionalRef('CUPS inválido'),
  location_id: optionalRef('Ubicación inválida'),
  preferred_doctor_id: optionalRef('Doctor inválido'),
  appointment_type: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.enum(APPOINTMENT_TYPES, { error: 'Debe seleccionar el tipo de cita' }).optional(),
  ),
  duration_minutes: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    numberish('Debe especificar la duración')
      .pipe(z.number().int().min(APPOINTMENT_DURATION.min).max(APPOINTMENT_DURATION.max))
      .optional(),
  ),
  insurance_type: z.preprocess(
    (v) => (v === '' ? null : v),
    z.enum(INSURANCE_TYPES, { error: 'Tipo de aseguramiento inválido' }).nullable().optional(),
  ),
});
export type CreateQueueEntryBody = z.infer<typeof createQueueEntryBody>;
export type CreateQueueEntryInput = z.input<typeof createQueueEntryBody>;

export const queueItemResponse = ok(queueItemDto);
export type QueueItemResponse = z.infer<typeof queueItemResponse>;

/**
 * POST /queue/{id}/assign: the signed-in agent takes the entry; an admin or supervisor may hand it to another
 * agent with user_id. Taking an entry another agent holds is 409 unless the caller is admin or supervisor.
 */
export const assignQueueEntryBody = z.preprocess(
  (v) => v ?? {},
  z.object({ user_id: optionalRef('Agente inválido') }),
);
export type AssignQueueEntryBody = z.infer<typeof assignQueueEntryBody>;

/** POST /queue/next: claims the next waiting entry (of the specialty, or of any) for the signed-in agent. */
export const nextQueueEntryBody = z.preprocess(
  (v) => v ?? {},
  z.object({ specialty_id: optionalRef('Especialidad inválida') }),
);
export type NextQueueEntryBody = z.infer<typeof nextQueueEntryBody>;
/** data is null when nobody waits (message 'No hay pacientes en espera'). */
export const nextQueueEntryResponse = ok(queueItemDto.nullable());

export const DEFAULT_QUEUE_SCHEDULE_OUTCOME = 'Cita agendada';
/**
 * POST /queue/{id}/schedule: the entry leaves the queue with an outcome (default 'Cita agendada') and a call
 * log of the agent's work. With availability_id, a Confirmada appointment is booked in that agenda in the same
 * transaction (like the waiting-list assignment; a full agenda is 409 and the entry stays). With
 * request_call, an automated outbound call is also queued for the patient (pending; never reported as made).
 */
export const scheduleQueueEntryBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    outcome: z.preprocess(
      (v) => ((typeof v === 'string' && v.trim() === '') || v === null ? undefined : v),
      z.string().trim().max(200, M.outcome).default(DEFAULT_QUEUE_SCHEDULE_OUTCOME),
    ),
    availability_id: optionalRef('Agenda inválida'),
    /** Optional exact time in the agenda ('YYYY-MM-DD HH:mm[:ss]'); default: the agenda's next free time. */
    scheduled_at: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, 'Fecha y hora inválidas (AAAA-MM-DD HH:mm:ss)')
        .nullable()
        .optional(),
    ),
    notes: clearableText(500, 'Las notas no pueden exceder 500 caracteres'),
    request_call: z.boolean({ error: 'Valor inválido' }).optional().default(false),
    /** Text for the automated call; default: generated from the entry with the template. */
    explanation: clearableText(2000, 'La explicación no puede exceder 2000 caracteres'),
  }),
);
export type ScheduleQueueEntryBody = z.infer<typeof scheduleQueueEntryBody>;
export const scheduleQueueEntryResponse = ok(
  z.object({
    queue_entry: queueItemDto,
    appointment: appointmentDto.nullable(),
    /** The call log of the agent's scheduling work. */
    call_log_id: z.number(),
    /** The pending automated call requested with request_call, else null. */
    outbound_call_id: z.number().nullable(),
  }),
);
export type ScheduleQueueEntryResponse = z.infer<typeof scheduleQueueEntryResponse>;

/** DELETE /queue/{id} and DELETE /appointments/waiting-list/{id}: optional reason in the query string. */
export const removeQueueEntryQuery = z.object({
  reason: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(200, 'El motivo no puede exceder 200 caracteres').optional(),
  ),
});
export const DEFAULT_QUEUE_REMOVE_OUTCOME = 'Retirado de la cola';

/**
 * POST /queue/outbound-calls: requests automated outbound calls (the voice agent dispatches them later) for
 * some entries (queue_ids) or every active entry of a specialty. Each becomes a pending outbound call log with
 * an explanation text generated from the entry's data; `message`, when given, replaces the generated text for
 * all of them. With dry_run nothing is recorded: the response previews the texts (the dialog's generated text).
 */
export const outboundCallsBody = z
  .object({
    queue_ids: z
      .array(refId('Entrada inválida'), { error: 'Entradas inválidas' })
      .max(500, 'Demasiadas entradas')
      .optional(),
    specialty_id: optionalRef('Especialidad inválida'),
    message: clearableText(2000, 'La explicación no puede exceder 2000 caracteres'),
    dry_run: z.boolean({ error: 'Valor inválido' }).optional().default(false),
  })
  .refine(
    (b) => (b.queue_ids && b.queue_ids.length > 0) || b.specialty_id,
    'Seleccione pacientes o una especialidad',
  );
export type OutboundCallsBody = z.infer<typeof outboundCallsBody>;
export type OutboundCallsInput = z.input<typeof outboundCallsBody>;
export const outboundCallsResponse = ok(
  z.object({
    dry_run: z.boolean(),
    /** Calls recorded as pending (0 on dry_run). */
    requested: z.number(),
    /** Entries passed over: a pending automated call already exists for the patient, or no phone. */
    skipped: z.array(z.object({ queue_id: z.number(), reason: z.string() })),
    calls: z.array(
      z.object({
        queue_id: z.number(),
        patient_id: z.number(),
        patient_name: z.string(),
        patient_phone: z.string().nullable(),
        explanation: z.string(),
        /** The pending call log; null on dry_run. */
        call_log_id: z.number().nullable(),
      }),
    ),
  }),
);
export type OutboundCallsResponse = z.infer<typeof outboundCallsResponse>;

/**
 * Setting `queue_freed_slot_action`: what happens when a cancellation frees a future slot of an Activa agenda.
 * 'auto_assign' books it for the first waiting patient of the specialty who is free then; 'notify' (default)
 * records an offer for that patient and tells the agents (queue event slot_offered); 'off' does nothing.
 * cancel-and-reassign with auto_assign true always auto-assigns.
 */
export const QUEUE_FREED_SLOT_ACTIONS = ['auto_assign', 'notify', 'off'] as const;
export type QueueFreedSlotAction = (typeof QUEUE_FREED_SLOT_ACTIONS)[number];
export const QUEUE_FREED_SLOT_SETTING = 'queue_freed_slot_action';
export const DEFAULT_QUEUE_FREED_SLOT_ACTION: QueueFreedSlotAction = 'notify';
