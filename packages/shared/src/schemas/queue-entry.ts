import { z } from 'zod';
import { status } from './resources-common';

/**
 * Waiting-queue entries (spec part 1 §3 "Waiting-list assignment", "Waiting-list export", "Queue item"; §4
 * queue events enqueue, assign, scheduled, cancelled). The queue screens and routes come with their own issue;
 * the booking routes create entries (smart assignment that finds no slot, cancel-and-reassign) and schedule
 * them (the freed slot goes to the next one waiting).
 */

/** Highest first: the queue is served in this order, then by arrival. */
export const PRIORITY_LEVELS = ['Urgente', 'Alta', 'Normal', 'Baja'] as const;
export type PriorityLevel = (typeof PRIORITY_LEVELS)[number];
export const priorityLevel = status(
  PRIORITY_LEVELS,
  {
    urgent: 'Urgente',
    urgency: 'Urgente',
    critical: 'Urgente',
    high: 'Alta',
    normal: 'Normal',
    medium: 'Normal',
    media: 'Normal',
    low: 'Baja',
  },
  'Prioridad inválida (Urgente, Alta, Normal o Baja)',
);

/** waiting → assigned (an agent is handling it) → scheduled (outcome, e.g. 'Cita agendada'); or cancelled. */
export const QUEUE_STATUSES = ['waiting', 'assigned', 'scheduled', 'cancelled'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/** 'reagendar' when the patient came back from a cancelled appointment, else 'normal' (waiting-list export). */
export const QUEUE_CALL_TYPES = ['normal', 'reagendar'] as const;
export type QueueCallType = (typeof QUEUE_CALL_TYPES)[number];

export const DEFAULT_QUEUE_OUTCOME = 'Cita agendada';
/** Spec §9: the wait estimate is 15 minutes per position. */
export const QUEUE_MINUTES_PER_POSITION = 15;

export const queueEntryDto = z.object({
  id: z.number(),
  patient_id: z.number(),
  patient_name: z.string(),
  specialty_id: z.number(),
  specialty_name: z.string(),
  location_id: z.number().nullable(),
  preferred_doctor_id: z.number().nullable(),
  priority_level: z.enum(PRIORITY_LEVELS),
  status: z.enum(QUEUE_STATUSES),
  call_type: z.enum(QUEUE_CALL_TYPES),
  reason: z.string().nullable(),
  /** 1-based place among the entries still waiting for the same specialty; null once it left the queue. */
  position: z.number().nullable(),
  /** position × 15 minutes (spec §9). */
  estimated_wait_minutes: z.number().nullable(),
  appointment_id: z.number().nullable(),
  created_at: z.string(),
});
export type QueueEntryDto = z.infer<typeof queueEntryDto>;
