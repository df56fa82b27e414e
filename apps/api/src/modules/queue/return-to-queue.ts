import { AppError } from '@ips/shared/errors';
import { localDateTime } from '@ips/shared/format';
import { TRANSITION_MESSAGES as T } from '@ips/shared/scheduling/appointment-transitions';
import {
  DEFAULT_RETURN_TO_QUEUE_REASON,
  type CancelAndReassignBody,
  type CancelAndReassignResult,
} from '@ips/shared/schemas/appointment-booking';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import * as brepo from '../appointments';
import { auditView, toAppointmentDto, APPOINTMENTS_CHANNEL, releaseSlot } from '../appointments';
import { publishQueueEvent } from './events';
import { freedSlotAction, offerFreedSlot } from './freed-slot';
import * as qrepo from './repo';

/**
 * Returns a Confirmada appointment's patient to the waiting queue (spec §4, §7), in one transaction: the
 * appointment is cancelled and its slot given back; with auto_assign, the slot (same agenda, same time and
 * duration) goes to the first patient waiting for the specialty who is free then, whose entry is marked
 * 'Cita agendada'; then the returned patient joins the queue ('reagendar'), so they never get their own slot.
 */
export async function returnToQueue(
  deps: AppDeps,
  actor: Actor,
  body: CancelAndReassignBody,
): Promise<CancelAndReassignResult> {
  const tz = deps.config.orgTimezone;
  return deps.db.transaction(async (tx) => {
    const before = await brepo.findByIdForUpdate(tx, body.appointment_id);
    if (!before) throw new AppError('NOT_FOUND', 'Cita no encontrada');
    if (before.status !== 'Confirmada') throw new AppError('CONFLICT', T.queueOnlyConfirmed);
    const reason = body.cancellation_reason ?? DEFAULT_RETURN_TO_QUEUE_REASON;
    const after = (await brepo.update(tx, before.id, {
      status: 'Cancelada',
      cancellationReason: reason,
      cancelledAt: new Date(),
    }))!;
    if (before.availabilityId) await releaseSlot(tx, before.availabilityId);
    await writeAudit(tx, actor, {
      table: 'appointments',
      recordId: before.id,
      action: 'return-to-queue',
      oldValues: auditView(before),
      newValues: auditView(after),
    });
    await deps.events.publish(tx, APPOINTMENTS_CHANNEL, 'appointment.cancelled', {
      id: before.id,
      availability_id: before.availabilityId,
    });

    // An explicit auto_assign books the slot for the next patient; otherwise the setting decides, but this
    // request never books on its own (at most the agents are told).
    const setting = await freedSlotAction(tx);
    const mode = body.auto_assign ? 'auto_assign' : setting === 'off' ? 'off' : 'notify';
    const offered = await offerFreedSlot(tx, deps, actor, before, mode);
    const given = offered?.appointmentId
      ? { ...offered, appointmentId: offered.appointmentId, queueId: offered.queueId }
      : null;

    const { entry, created } = await qrepo.enqueue(tx, {
      patientId: before.patientId,
      specialtyId: before.specialtyId,
      priorityLevel: 'Normal',
      callType: 'reagendar',
      source: 'return_to_queue',
      reason: before.reason,
      appointmentType: before.appointmentType,
      durationMinutes: before.durationMinutes,
      insuranceType: before.insuranceType,
      originAppointmentId: before.id,
      createdBy: actor.userId,
    });
    if (created) {
      await writeAudit(tx, actor, {
        table: 'queue_entries',
        recordId: entry.id,
        action: 'enqueue',
        newValues: qrepo.auditView(entry),
      });
      await publishQueueEvent(tx, deps, 'enqueue', entry);
    }

    let next: CancelAndReassignResult['next_in_queue'] = null;
    if (given)
      next = { patient_id: given.patientId, patient_name: given.patientName, queue_id: given.queueId };
    else if (offered)
      next = { patient_id: offered.patientId, patient_name: offered.patientName, queue_id: offered.queueId };
    else {
      const [first] = await qrepo.nextWaiting(tx, before.specialtyId, 1, before.patientId);
      if (first) {
        const p = await brepo.findPatient(tx, first.patientId);
        next = { patient_id: first.patientId, patient_name: p?.name ?? '', queue_id: first.id };
      }
    }
    return {
      appointment: toAppointmentDto((await brepo.findWithNames(tx, before.id))!, tz),
      queue_entry: await qrepo.toDto(tx, entry),
      reassignment: {
        assigned: Boolean(given),
        patient_assigned: given?.patientName ?? null,
        appointment_id: given?.appointmentId ?? null,
        scheduled_at: given ? localDateTime(before.scheduledAt, tz) : null,
      },
      next_in_queue: next,
    };
  });
}
