import { AppError } from '@ips/shared/errors';
import { APPOINTMENT_TYPES, INSURANCE_TYPES } from '@ips/shared/schemas/appointments';
import { DEFAULT_QUEUE_OUTCOME } from '@ips/shared/schemas/queue-entry';
import { QUEUE_MESSAGES } from '@ips/shared/schemas/queue';
import { WAITING_LIST_MESSAGES } from '@ips/shared/schemas/waiting-list';
import type { Executor } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { bookInTransaction } from '../appointments';
import * as brepo from '../appointments';
import { publishQueueEvent } from './events';
import * as offers from './offers-repo';
import * as repo from './repo';

/**
 * Books a queue entry into an agenda and takes it out of the queue, inside the caller's transaction (the
 * waiting-list assignment, scheduling from the queue, an auto-assigned freed slot). The slot is taken by
 * bookInTransaction's conditional UPDATE: a full agenda throws 409 and, the transaction rolling back, the
 * entry stays where it was.
 */
export async function bookEntry(
  tx: Executor,
  deps: AppDeps,
  actor: Actor,
  entry: repo.QueueEntryRow,
  opts: {
    availabilityId: number;
    scheduledAt?: string | null;
    durationMinutes?: number | null;
    reason?: string | null;
    notes?: string | null;
    roomId?: number | null;
    /** 'YYYY-MM-DD' the patient wanted (decision 032), or none. */
    desiredDate?: string | null;
    outcome?: string;
    auditAction?: string;
  },
) {
  if (!repo.isActive(entry)) throw new AppError('CONFLICT', QUEUE_MESSAGES.closed);
  const agenda = await brepo.findAgenda(tx, opts.availabilityId);
  if (!agenda) throw new AppError('NOT_FOUND', 'Agenda no encontrada');
  if (agenda.specialtyId !== entry.specialtyId)
    throw new AppError('CONFLICT', WAITING_LIST_MESSAGES.specialtyMismatch);
  const appointment = await bookInTransaction(tx, deps, actor, {
    patient_id: entry.patientId,
    availability_id: agenda.id,
    scheduled_at: opts.scheduledAt ?? undefined,
    duration_minutes: opts.durationMinutes ?? entry.durationMinutes ?? undefined,
    appointment_type: APPOINTMENT_TYPES.find((t) => t === entry.appointmentType) ?? 'Presencial',
    status: 'Confirmada',
    reason: opts.reason ?? entry.reason,
    notes: opts.notes ?? entry.notes,
    insurance_type: INSURANCE_TYPES.find((t) => t === entry.insuranceType) ?? null,
    room_id: opts.roomId ?? null,
    manual: false,
    desired_date: opts.desiredDate ?? null,
  });
  const closed = await repo.close(tx, entry.id, {
    status: 'scheduled',
    outcome: opts.outcome ?? DEFAULT_QUEUE_OUTCOME,
    appointmentId: appointment.id,
  });
  const resolved = await offers.resolveForEntry(tx, entry.id, {
    availabilityId: agenda.id,
    appointmentId: appointment.id,
  });
  await writeAudit(tx, actor, {
    table: 'queue_entries',
    recordId: entry.id,
    action: opts.auditAction ?? 'scheduled',
    oldValues: repo.auditView(entry),
    newValues: {
      ...repo.auditView(closed),
      availability_id: agenda.id,
      offers_accepted: resolved.accepted.map((o) => o.id),
      offers_expired: resolved.expired.map((o) => o.id),
    },
  });
  await publishQueueEvent(tx, deps, 'scheduled', closed, { availability_id: agenda.id });
  return { appointment, entry: closed };
}

/** Takes an entry out of the queue without an appointment (scheduled elsewhere, or removed). */
export async function closeEntry(
  tx: Executor,
  deps: AppDeps,
  actor: Actor,
  entry: repo.QueueEntryRow,
  to: { status: 'scheduled' | 'cancelled'; outcome: string },
) {
  if (!repo.isActive(entry)) throw new AppError('CONFLICT', QUEUE_MESSAGES.closed);
  const closed = await repo.close(tx, entry.id, to);
  const resolved = await offers.resolveForEntry(tx, entry.id, { availabilityId: null, appointmentId: null });
  await writeAudit(tx, actor, {
    table: 'queue_entries',
    recordId: entry.id,
    action: to.status === 'cancelled' ? 'remove' : 'scheduled',
    oldValues: repo.auditView(entry),
    newValues: {
      ...repo.auditView(closed),
      outcome: to.outcome,
      offers_expired: resolved.expired.map((o) => o.id),
    },
  });
  await publishQueueEvent(tx, deps, to.status === 'cancelled' ? 'cancelled' : 'scheduled', closed);
  return closed;
}
