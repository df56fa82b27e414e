import type { QueueEventType } from '@ips/shared/schemas/queue';

/**
 * The event names of /api/queue/stream, written out here so that the shell (the sidebar badge holds the stream)
 * does not load the queue's zod schemas; the two checks below keep the list equal to QUEUE_EVENT_TYPES.
 */
export const QUEUE_STREAM_EVENTS = [
  'enqueue',
  'assign',
  'scheduled',
  'cancelled',
  'updated',
  'slot_offered',
] as const satisfies readonly QueueEventType[];

type Missing = Exclude<QueueEventType, (typeof QUEUE_STREAM_EVENTS)[number]>;
// Fails to compile when the server gains an event this list lacks.
export const _everyEventListed: [Missing] extends [never] ? true : never = true;

/**
 * The queue stream also carries the appointments channel, so that the Cola Diaria follows bookings and status
 * changes made elsewhere (names as the appointments module publishes them).
 */
export const APPOINTMENT_STREAM_EVENTS = [
  'appointment.created',
  'appointment.updated',
  'appointment.confirmed',
  'appointment.completed',
  'appointment.cancelled',
  'appointment.restored',
  'appointment.reassigned',
] as const;
