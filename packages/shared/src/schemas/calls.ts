import { z } from 'zod';
import { ok } from './common';
import {
  NO_NUL_MESSAGE,
  clearableRefId,
  clearableText,
  noNul,
  refId,
  searchText,
  status,
} from './resources-common';

/*
 * The call center (spec part 2 §2 "Call monitor", "Call dashboard", "Call history"; §3 Call; §4 call states;
 * §5 agent name required; §7 Calls; §8 call toasts; §9 constants). Calls use the spec's English status values.
 * active: an agent is on it; waiting: in the queue (not answered yet, or put on hold); ended: over (shown as
 * "completed" in the monitor).
 */

export const CALL_STATUSES = ['active', 'waiting', 'ended'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const CALL_STATUS_LABELS: Record<CallStatus, string> = {
  active: 'Activa',
  waiting: 'En espera',
  ended: 'Finalizada',
};

export const CALL_PRIORITIES = ['urgencia', 'alta', 'normal', 'baja'] as const;
export type CallPriority = (typeof CALL_PRIORITIES)[number];
export const CALL_PRIORITY_LABELS: Record<CallPriority, string> = {
  urgencia: 'Urgencia',
  alta: 'Alta',
  normal: 'Normal',
  baja: 'Baja',
};

/** What the caller wants; the voice agent sends the same values. */
export const CALL_TYPES = [
  'agendamiento',
  'confirmacion',
  'cancelacion',
  'reprogramacion',
  'informacion',
  'resultados',
  'queja',
  'general',
] as const;
export type CallType = (typeof CALL_TYPES)[number];
export const CALL_TYPE_LABELS: Record<CallType, string> = {
  agendamiento: 'Agendar cita',
  confirmacion: 'Confirmar cita',
  cancelacion: 'Cancelar cita',
  reprogramacion: 'Reprogramar cita',
  informacion: 'Información',
  resultados: 'Resultados',
  queja: 'Queja o reclamo',
  general: 'General',
};

export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;

/** Spec part 2 §9, and the service-level defaults (decision 030). */
export const CALL_CONSTANTS = {
  monitorRefreshMs: 5_000,
  dashboardRefreshMs: 30_000,
  longCallSeconds: 1_800,
  historyPageSizes: [25, 50, 100] as const,
  historyDefaultPageSize: 50,
  recentCompleted: 5,
  /** A call answered within this many seconds meets the service level (setting cc_service_level_threshold_seconds). */
  serviceLevelThresholdSeconds: 20,
  /** An unanswered call that ends sooner than this is a misdial, left out of service level and abandonment. */
  shortAbandonSeconds: 5,
  statsDefaultHours: 24,
  statsMaxHours: 24 * 31,
} as const;
export const SERVICE_LEVEL_SETTING = 'cc_service_level_threshold_seconds';

export const CALL_MESSAGES = {
  notFound: 'Llamada no encontrada',
  agentRequired: 'Ingrese el nombre del agente',
  nameRequired: 'Ingrese el nombre del paciente',
  phoneInvalid: 'Teléfono inválido: use un número de 7 a 15 dígitos',
  documentInvalid: 'El documento debe tener entre 5 y 20 dígitos',
  conversationTaken: 'Ya existe una llamada con ese identificador de conversación',
  patientNotFound: 'Paciente no encontrado',
  created: 'Llamada registrada',
  attended: 'Llamada atendida exitosamente',
  transferred: 'Llamada transferida exitosamente',
  held: 'Llamada puesta en espera',
  ended: 'Llamada finalizada',
  sameAgent: 'La llamada ya está con ese agente',
  audioNotFound: 'La llamada no tiene grabación',
  rangeInvalid: 'Rango de bytes no válido',
  /** Refused transitions, by action and the status the call is in. */
  invalid: {
    attend: {
      active: 'La llamada ya está siendo atendida',
      ended: 'La llamada ya finalizó y no puede atenderse',
    },
    transfer: {
      waiting: 'Solo se puede transferir una llamada activa: esta llamada está en espera',
      ended: 'La llamada ya finalizó y no puede transferirse',
    },
    hold: {
      waiting: 'La llamada ya está en espera',
      ended: 'La llamada ya finalizó y no puede ponerse en espera',
    },
    end: {
      ended: 'La llamada ya finalizó',
    },
  },
} as const;

export type CallAction = keyof typeof CALL_MESSAGES.invalid;
/** The status each action needs the call to be in (anything else is 409). */
export const CALL_ACTION_FROM: Record<CallAction, readonly CallStatus[]> = {
  attend: ['waiting'],
  transfer: ['active'],
  hold: ['active'],
  end: ['active', 'waiting'],
};

/**
 * A Colombian phone as +57 and its national number: '310 555 1234', '(310) 555-1234', '573105551234' and
 * '+57 310 555 1234' are all '+573105551234'. A number written with another country code ('+1 …') keeps it.
 * Null when it does not have 7 to 15 digits.
 */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  if (trimmed.startsWith('+') || trimmed.startsWith('00')) {
    const intl = trimmed.startsWith('00') ? digits.slice(2) : digits;
    return intl.length >= 7 ? `+${intl}` : null;
  }
  if (digits.length === 12 && digits.startsWith('57')) return `+${digits}`;
  return `+57${digits}`;
}

/** The national digits of a +57 number (what patients' phones are written as), else all its digits. */
export const nationalDigits = (normalized: string) =>
  normalized.startsWith('+57') ? normalized.slice(3) : normalized.replace(/\D/g, '');

const agentName = z
  .string({ error: CALL_MESSAGES.agentRequired })
  .trim()
  .min(1, CALL_MESSAGES.agentRequired)
  .max(100, 'El nombre del agente no puede exceder 100 caracteres')
  .refine(noNul, NO_NUL_MESSAGE);

/** POST /calls/{id}/attend and /transfer (spec §5: agent name required). */
export const callAgentBody = z.object({ agent_name: agentName });
export type CallAgentBody = z.infer<typeof callAgentBody>;

/** POST /calls/{id}/end. */
export const endCallBody = z.object({
  outcome: clearableText(200, 'El resultado no puede exceder 200 caracteres'),
});
export type EndCallBody = z.infer<typeof endCallBody>;

const priorityInput = status(
  CALL_PRIORITIES,
  { urgente: 'urgencia', urgent: 'urgencia', high: 'alta', medium: 'normal', low: 'baja' },
  'Prioridad inválida',
);

const phoneInput = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string()
    .max(30, CALL_MESSAGES.phoneInvalid)
    .transform((v, ctx) => {
      const n = normalizePhone(v);
      if (!n) ctx.addIssue({ code: 'custom', message: CALL_MESSAGES.phoneInvalid });
      return n ?? '';
    })
    .nullable()
    .optional(),
);

/** POST /calls: an agent (or a telephony connector) registers an incoming call. */
export const createCallBody = z.object({
  patient_name: clearableText(150, 'El nombre no puede exceder 150 caracteres'),
  patient_phone: phoneInput,
  patient_document: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[\s.-]/g, '') || null : v),
    z
      .string()
      .regex(/^\d{5,20}$/, CALL_MESSAGES.documentInvalid)
      .nullable()
      .optional(),
  ),
  patient_id: clearableRefId('Paciente inválido'),
  call_type: z.enum(CALL_TYPES, { error: 'Tipo de llamada inválido' }).default('general'),
  priority: z.preprocess((v) => (v === null || v === '' ? undefined : v), priorityInput.default('normal')),
  direction: z.enum(CALL_DIRECTIONS, { error: 'Dirección inválida' }).default('inbound'),
  /** Given: the call is taken at once (active); absent: it waits in the queue. */
  agent_name: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    agentName.optional(),
  ),
  conversation_id: clearableText(200, 'El identificador de conversación no puede exceder 200 caracteres'),
});
export type CreateCallBody = z.infer<typeof createCallBody>;
export type CreateCallInput = z.input<typeof createCallBody>;

const transcriptTurn = z.object({
  role: z.string(),
  message: z.string().nullable(),
  time_in_call_secs: z.number().nullable().optional(),
});
export type TranscriptTurn = z.infer<typeof transcriptTurn>;

export const callDto = z.object({
  id: z.number(),
  patient_id: z.number().nullable(),
  patient_name: z.string(),
  patient_phone: z.string().nullable(),
  patient_document: z.string().nullable(),
  agent_user_id: z.number().nullable(),
  agent_name: z.string().nullable(),
  call_type: z.string(),
  direction: z.enum(CALL_DIRECTIONS),
  status: z.enum(CALL_STATUSES),
  priority: z.enum(CALL_PRIORITIES),
  /** Seconds from offer to end (or to now while the call lasts). */
  duration: z.number(),
  /** Seconds with an agent so far (answer to end or now); null if never answered. */
  current_duration: z.number().nullable(),
  /** Seconds before the first answer (or until now / the end when never answered). */
  waiting_time: z.number(),
  /** Seconds in the current wait (waiting calls only). */
  current_wait: z.number().nullable(),
  outcome: z.string().nullable(),
  transfer_count: z.number(),
  conversation_id: z.string().nullable(),
  webhook_data: z.unknown().nullable(),
  webhook_data_end: z.unknown().nullable(),
  audio_url: z.string().nullable(),
  transcript: z.union([z.string(), z.array(transcriptTurn)]).nullable(),
  started_at: z.string(),
  answered_at: z.string().nullable(),
  waiting_since: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Spec aliases of started_at / ended_at. */
  start_time: z.string(),
  end_time: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CallDto = z.infer<typeof callDto>;
export const callResponse = ok(callDto);
export const callListResponse = ok(z.array(callDto));

/**
 * The measures a contact center is run by, over the calls offered in a window (decision 030, README). Rates
 * are fractions (0..1), times are seconds; null when there is nothing to measure.
 */
export const callMeasures = z.object({
  threshold_seconds: z.number(),
  offered: z.number(),
  answered: z.number(),
  answered_within_threshold: z.number(),
  abandoned: z.number(),
  short_abandoned: z.number(),
  service_level: z.number().nullable(),
  average_speed_of_answer: z.number().nullable(),
  average_handle_time: z.number().nullable(),
  abandonment_rate: z.number().nullable(),
  longest_current_wait: z.number().nullable(),
});
export type CallMeasures = z.infer<typeof callMeasures>;

export const dashboardStats = z.object({
  active: z.number(),
  waiting: z.number(),
  completed_today: z.number(),
  /** Seconds, over the calls completed today. */
  avg_duration: z.number(),
  total_duration: z.number(),
  measures: callMeasures,
});
export const callDashboardResponse = ok(
  z.object({ stats: dashboardStats, active: z.array(callDto), waiting: z.array(callDto) }),
);
export type CallDashboard = z.infer<typeof callDashboardResponse>['data'];

export const callStatsQuery = z.object({
  hours: z.coerce
    .number({ error: 'Las horas deben ser un número' })
    .int('Las horas deben ser un número entero')
    .min(1, 'Las horas deben ser 1 o más')
    .max(CALL_CONSTANTS.statsMaxHours, `Las horas no pueden exceder ${CALL_CONSTANTS.statsMaxHours}`)
    .default(CALL_CONSTANTS.statsDefaultHours),
});
export const callStats = z.object({
  hours: z.number(),
  since: z.string(),
  active_calls: z.number(),
  waiting_calls: z.number(),
  completed_calls: z.number(),
  total: z.number(),
  call_ended: z.number(),
  avg_duration: z.number(),
  total_duration: z.number(),
  measures: callMeasures,
});
export const callStatsResponse = ok(callStats);
export type CallStats = z.infer<typeof callStats>;

/** GET /calls/status, the monitor (polled every 5 s when the stream is down). */
export const callStatusResponse = ok(
  z.object({
    stats: z.object({
      active_calls: z.number(),
      completed_calls: z.number(),
      total: z.number(),
      /** completed today over total today (fraction); null with no calls. */
      completion_rate: z.number().nullable(),
    }),
    active_calls: z.array(callDto),
    completed_calls: z.array(callDto),
    last_updated: z.string(),
  }),
);
export type CallStatusData = z.infer<typeof callStatusResponse>['data'];

const pageSize = z.coerce
  .number({ error: 'El tamaño de página debe ser 25, 50 o 100' })
  .refine((n) => (CALL_CONSTANTS.historyPageSizes as readonly number[]).includes(n), {
    message: 'El tamaño de página debe ser 25, 50 o 100',
  })
  .default(CALL_CONSTANTS.historyDefaultPageSize);

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && (v.trim() === '' || v === 'all' || v === 'todos') ? undefined : v),
    z.enum(values, { error: message }).optional(),
  );

const historyFilters = {
  status: optionalEnum(CALL_STATUSES, 'Estado de llamada inválido'),
  priority: optionalEnum(CALL_PRIORITIES, 'Prioridad inválida'),
  /** Patient name, or phone digits. */
  search: searchText,
};

const offset = z.coerce
  .number({ error: 'El desplazamiento debe ser un número' })
  .int('El desplazamiento debe ser un número entero')
  .min(0, 'El desplazamiento debe ser 0 o mayor')
  .max(10_000_000, 'Desplazamiento fuera de rango')
  .default(0);

export const callHistoryQuery = z.object({
  ...historyFilters,
  limit: pageSize,
  offset,
});
export type CallHistoryQuery = z.infer<typeof callHistoryQuery>;
export const callHistoryExportQuery = z.object({ ...historyFilters, token: z.string().optional() });
export type CallHistoryFilters = Pick<CallHistoryQuery, 'status' | 'priority' | 'search'>;

/** How many matches of a search are counted exactly; past it `total_exact` is false (decision 030). */
export const CALL_SEARCH_COUNT_CAP = 1000;
export const callHistoryResponse = z.object({
  success: z.literal(true),
  items: z.array(callDto),
  total: z.number(),
  total_exact: z.boolean(),
  limit: z.number(),
  offset: z.number(),
});
export type CallHistory = z.infer<typeof callHistoryResponse>;

/** GET /calls?patient_id=: one patient's calls, newest first (the patient detail's 'Llamadas'). */
export const patientCallsQuery = z.object({
  patient_id: refId('Paciente inválido'),
  limit: z.coerce
    .number({ error: 'El límite debe ser un número' })
    .int('El límite debe ser un número entero')
    .min(1, 'El límite debe ser 1 o mayor')
    .max(100, 'El límite debe ser 100 o menor')
    .default(10),
  offset,
});
export type PatientCallsQuery = z.infer<typeof patientCallsQuery>;
export const patientCallsResponse = z.object({
  success: z.literal(true),
  items: z.array(callDto),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});
export type PatientCalls = z.infer<typeof patientCallsResponse>;

/** CSV columns (spec part 2 §7). */
export const CALL_CSV_COLUMNS = [
  'ID',
  'Paciente',
  'Teléfono',
  'Agente',
  'Tipo',
  'Estado',
  'Prioridad',
  'Duración',
  'Fecha',
] as const;

/** Live events on /calls/stream: ids and statuses only; the screens refetch through their routes. */
export const CALL_EVENT_TYPES = ['created', 'attended', 'transferred', 'held', 'ended', 'updated'] as const;
export type CallEventType = (typeof CALL_EVENT_TYPES)[number];
export interface CallEventPayload {
  id: number;
  status: CallStatus;
  priority: CallPriority;
  agent_name: string | null;
}

/* Call statuses: the clinic's own catalogue for call logs (spec §3, §7). */

const hexColor = z
  .string({ error: 'Color inválido (use #RRGGBB)' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Color inválido (use #RRGGBB)');

export const callStatusCatalogDto = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  active: z.boolean(),
  usage: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CallStatusCatalogDto = z.infer<typeof callStatusCatalogDto>;
export const callStatusCatalogBody = z.object({
  name: z
    .string({ error: 'Ingrese el nombre del estado' })
    .trim()
    .min(1, 'Ingrese el nombre del estado')
    .max(60, 'El nombre no puede exceder 60 caracteres')
    .refine(noNul, NO_NUL_MESSAGE),
  color: hexColor.default('#64748b'),
  active: z.boolean({ error: 'Valor inválido' }).default(true),
});
export const callStatusCatalogUpdate = z
  .object({
    name: callStatusCatalogBody.shape.name.optional(),
    color: hexColor.optional(),
    active: z.boolean({ error: 'Valor inválido' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'No hay cambios para guardar');
export type CallStatusCatalogBody = z.infer<typeof callStatusCatalogBody>;
export type CallStatusCatalogUpdate = z.infer<typeof callStatusCatalogUpdate>;
export const CALL_STATUS_CATALOG_MESSAGES = {
  notFound: 'Estado de llamada no encontrado',
  duplicate: 'Ya existe un estado de llamada con ese nombre',
  inUse: (n: number) =>
    `El estado está asignado a ${n} ${n === 1 ? 'registro de llamada' : 'registros de llamadas'}: no puede eliminarse`,
  created: 'Estado creado',
  updated: 'Estado actualizado',
  deleted: 'Estado eliminado',
} as const;
