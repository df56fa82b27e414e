import { z } from 'zod';
import { filterId, filterOf, optionalDay } from './availabilities';
import { ok } from './common';
import { clearableRefId, clearableText, refId, searchText, status } from './resources-common';

/*
 * Call logs (spec part 2 §3 "call log": patient_id, specialty_id, queue_id, user_id, channel, outcome, notes,
 * status; §7 GET/POST /call-logs). A log records a call made or to be made: an agent's call, or an automated
 * outbound call requested from the queue, which stays 'pending' until the voice-agent integration dispatches it
 * (the call-center issue); nothing here reports a call as made that was not.
 */

export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];
/** pending: requested, not yet dialled; in_progress; completed; failed (no answer, error); cancelled. */
export const CALL_LOG_STATUSES = ['pending', 'in_progress', 'completed', 'failed', 'cancelled'] as const;
export type CallLogStatus = (typeof CALL_LOG_STATUSES)[number];
/** phone: an agent on the phone; ai_voice: the automated voice agent; others for messages. */
export const CALL_CHANNELS = ['phone', 'ai_voice', 'whatsapp', 'sms', 'email'] as const;
export type CallChannel = (typeof CALL_CHANNELS)[number];
/**
 * queue_schedule: an agent scheduled a queue entry; automated_outreach: an automated call requested from the
 * queue; follow_up, confirmation, general: agents' own logs.
 */
export const CALL_LOG_TYPES = [
  'queue_schedule',
  'automated_outreach',
  'follow_up',
  'confirmation',
  'general',
] as const;
export type CallLogType = (typeof CALL_LOG_TYPES)[number];

export const CALL_LOG_STATUS_LABELS: Record<CallLogStatus, string> = {
  pending: 'En cola',
  in_progress: 'En curso',
  completed: 'Completada',
  failed: 'Fallida',
  cancelled: 'Cancelada',
};

export const callLogDto = z.object({
  id: z.number(),
  patient_id: z.number(),
  patient_name: z.string(),
  patient_phone: z.string().nullable(),
  specialty_id: z.number().nullable(),
  specialty_name: z.string().nullable(),
  queue_id: z.number().nullable(),
  appointment_id: z.number().nullable(),
  /** The agent who made or requested the call. */
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  direction: z.enum(CALL_DIRECTIONS),
  channel: z.enum(CALL_CHANNELS),
  call_type: z.enum(CALL_LOG_TYPES),
  status: z.enum(CALL_LOG_STATUSES),
  outcome: z.string().nullable(),
  notes: z.string().nullable(),
  /** What the call tells the patient (automated calls: generated from the queue entry with a template). */
  explanation: z.string().nullable(),
  /** The clinic's own status (catalogue /call-statuses). */
  status_id: z.number().nullable(),
  status_name: z.string().nullable(),
  status_color: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  updated_at: z.string(),
});
export type CallLogDto = z.infer<typeof callLogDto>;

export const listCallLogsQuery = z.object({
  patient_id: filterId('Paciente inválido'),
  queue_id: filterId('Entrada inválida'),
  status: filterOf(z.enum(CALL_LOG_STATUSES, { error: 'Estado de llamada inválido' })),
  channel: filterOf(z.enum(CALL_CHANNELS, { error: 'Canal inválido' })),
  direction: filterOf(z.enum(CALL_DIRECTIONS, { error: 'Dirección inválida' })),
  status_id: filterId('Estado de llamada inválido'),
  /** Day of creation in the organisation's timezone. */
  date: filterOf(optionalDay),
  /** Patient name, document, notes or outcome. */
  q: searchText,
  page: z.coerce.number({ error: 'La página debe ser un número' }).int().min(1).max(1_000_000).default(1),
  limit: z.coerce
    .number({ error: 'El límite debe ser un número' })
    .int()
    .min(1, 'El límite debe ser 1 o mayor')
    .default(50)
    .transform((n) => Math.min(n, 500)),
});
export type ListCallLogsQuery = z.infer<typeof listCallLogsQuery>;
export const listCallLogsResponse = ok(z.array(callLogDto)).extend({
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type ListCallLogsResponse = z.infer<typeof listCallLogsResponse>;

const callStatusInput = status(
  CALL_LOG_STATUSES,
  { pendiente: 'pending', completada: 'completed', fallida: 'failed', cancelada: 'cancelled' },
  'Estado de llamada inválido',
);

/**
 * POST /call-logs: an agent records a call. An outbound 'pending' log is a request for a call; only the
 * queue's automated requests use channel ai_voice.
 */
export const createCallLogBody = z.object({
  patient_id: refId('Debe seleccionar un paciente'),
  specialty_id: clearableRefId('Especialidad inválida'),
  queue_id: clearableRefId('Entrada inválida'),
  appointment_id: clearableRefId('Cita inválida'),
  direction: z.enum(CALL_DIRECTIONS, { error: 'Dirección inválida' }).default('outbound'),
  channel: z.enum(CALL_CHANNELS, { error: 'Canal inválido' }).default('phone'),
  call_type: z.enum(CALL_LOG_TYPES, { error: 'Tipo de llamada inválido' }).default('general'),
  status: z.preprocess((v) => (v === null || v === '' ? undefined : v), callStatusInput.default('completed')),
  outcome: clearableText(200, 'El resultado no puede exceder 200 caracteres'),
  notes: clearableText(2000, 'Las notas no pueden exceder 2000 caracteres'),
  status_id: clearableRefId('Estado de llamada inválido'),
});
export type CreateCallLogBody = z.infer<typeof createCallLogBody>;
export type CreateCallLogInput = z.input<typeof createCallLogBody>;
export const callLogResponse = ok(callLogDto);

/** PUT /call-logs/{id}: the clinic's status, outcome, notes and specialty of a log (null or '' clears). */
export const updateCallLogBody = z
  .object({
    status_id: clearableRefId('Estado de llamada inválido'),
    specialty_id: clearableRefId('Especialidad inválida'),
    outcome: clearableText(200, 'El resultado no puede exceder 200 caracteres'),
    notes: clearableText(2000, 'Las notas no pueden exceder 2000 caracteres'),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'No hay cambios para guardar');
export type UpdateCallLogBody = z.infer<typeof updateCallLogBody>;
