/**
 * Event names sent on /api/queue/stream. The waiting queue's events (spec part 1 §4: enqueue, assign, scheduled,
 * cancelled) come from the booking routes and the queue routes; the stream names each SSE event after its type.
 */
export const QUEUE_STREAM_EVENTS = [
  'queue.enqueued',
  'queue.assigned',
  'queue.scheduled',
  'queue.cancelled',
  'queue.updated',
] as const;
