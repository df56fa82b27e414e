import { z } from 'zod';
import { ok } from './common';

/*
 * The voice agent's consultations (spec part 2 §7 "GET /consultations/elevenlabs (page_size, cursor) and
 * /consultations/elevenlabs/{id}", part 1 §2 'Consultas'): one per finished conversation, from our store.
 */

export const CONSULTATION_OUTCOMES = ['success', 'failure', 'unknown'] as const;
export type ConsultationOutcome = (typeof CONSULTATION_OUTCOMES)[number];
export const CONSULTATION_OUTCOME_LABELS: Record<ConsultationOutcome, string> = {
  success: 'Resuelta',
  failure: 'No resuelta',
  unknown: 'Sin evaluar',
};

export const CONSULTATION_MESSAGES = {
  notFound: 'Consulta no encontrada',
  badCursor: 'El cursor de paginación no es válido',
} as const;

export const consultationListQuery = z.object({
  page_size: z.coerce
    .number({ error: 'page_size debe ser un número' })
    .int('page_size debe ser un número entero')
    .min(1, 'page_size debe estar entre 1 y 100')
    .max(100, 'page_size debe estar entre 1 y 100')
    .default(20),
  cursor: z.string().max(200).optional(),
});
export type ConsultationListQuery = z.infer<typeof consultationListQuery>;

export const consultationIdParam = z.object({
  id: z.string().trim().min(1, 'Identificador requerido').max(200),
});

const item = z.object({
  id: z.number(),
  conversation_id: z.string(),
  call_id: z.number().nullable(),
  patient_id: z.number().nullable(),
  patient_name: z.string().nullable(),
  patient_document: z.string().nullable(),
  caller_number: z.string().nullable(),
  direction: z.enum(['inbound', 'outbound']),
  started_at: z.string(),
  duration_secs: z.number(),
  outcome: z.enum(CONSULTATION_OUTCOMES),
  summary: z.string().nullable(),
  appointment_id: z.number().nullable(),
  queue_id: z.number().nullable(),
});
export type ConsultationItem = z.infer<typeof item>;

export const consultationListResponse = z.object({
  success: z.literal(true),
  data: z.array(item),
  page_size: z.number(),
  next_cursor: z.string().nullable(),
});
export type ConsultationListResponse = z.infer<typeof consultationListResponse>;

const transcriptTurn = z.object({
  role: z.enum(['agent', 'user']),
  message: z.string(),
  time_in_call_secs: z.number(),
});

export const consultationDetail = item.extend({
  termination_reason: z.string().nullable(),
  transcript: z.array(transcriptTurn),
  data_collected: z.record(z.string(), z.unknown()),
  audio_url: z.string().nullable(),
  appointment: z
    .object({
      id: z.number(),
      scheduled_at: z.string(),
      status: z.string(),
      doctor_name: z.string().nullable(),
      specialty_name: z.string().nullable(),
    })
    .nullable(),
  queue_entry: z
    .object({
      id: z.number(),
      status: z.string(),
      specialty_name: z.string().nullable(),
      priority_level: z.string(),
    })
    .nullable(),
});
export type ConsultationDetail = z.infer<typeof consultationDetail>;
export const consultationResponse = ok(consultationDetail);
