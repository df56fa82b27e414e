import type { QueueEventPayload, QueueEventType } from '@ips/shared/schemas/queue';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../lib/context';

/** Live-update channel of the waiting queue; payloads carry ids only. */
export const QUEUE_CHANNEL = 'queue';

interface EntryLike {
  id: number;
  specialtyId: number;
  patientId: number;
  appointmentId?: number | null;
  assignedUserId?: number | null;
}

/** Publishes a queue event (spec §4: enqueue, assign, scheduled, cancelled; also updated, slot_offered). */
export function publishQueueEvent(
  tx: Executor,
  deps: Pick<AppDeps, 'events'>,
  type: QueueEventType,
  entry: EntryLike,
  extra: Partial<QueueEventPayload> = {},
) {
  const payload: QueueEventPayload = {
    id: entry.id,
    specialty_id: entry.specialtyId,
    patient_id: entry.patientId,
    appointment_id: entry.appointmentId ?? null,
    assigned_user_id: entry.assignedUserId ?? null,
    ...extra,
  };
  return deps.events.publish(tx, QUEUE_CHANNEL, type, payload);
}
