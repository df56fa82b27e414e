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
