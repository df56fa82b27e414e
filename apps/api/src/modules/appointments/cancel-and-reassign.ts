import { AppError } from '@ips/shared/errors';
import { localDateTime } from '@ips/shared/format';
import { TRANSITION_MESSAGES as T } from '@ips/shared/scheduling/appointment-transitions';
import {
  DEFAULT_RETURN_TO_QUEUE_REASON,
  type CancelAndReassignBody,
  type CancelAndReassignResult,
} from '@ips/shared/schemas/appointment-booking';
import { APPOINTMENT_TYPES, INSURANCE_TYPES } from '@ips/shared/schemas/appointments';
import type { Executor } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { QUEUE_CHANNEL } from '../queue/events';
import * as qrepo from '../queue/repo';
import { bookInTransaction } from './booking';
import * as brepo from './booking-repo';
import { auditView, toAppointmentDto } from './dto';
import * as repo from './repo';
import { APPOINTMENTS_CHANNEL } from './service';
import { releaseSlot } from './slots';

/** How many waiting entries are tried for a freed slot (a patient busy at that time is passed over). */
const CANDIDATES = 20;

/**
 * Returns a Confirmada appointment's patient to the waiting queue (spec §4, §7), in one transaction: the
 * appointment is cancelled and its slot given back; with auto_assign, the slot (same agenda, same time and
 * duration) goes to the first patient waiting for the specialty who is free then, whose entry is marked
 * 'Cita agendada'; then the returned patient joins the queue ('reagendar'), so they never get their own slot.
 */
export async function cancelAndReassign(
  deps: AppDeps,
  actor: Actor,
  body: CancelAndReassignBody,
): Promise<CancelAndReassignResult> {
  const tz = deps.config.orgTimezone;
  return deps.db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, body.appointment_id);
    if (!before) throw new AppError('NOT_FOUND', 'Cita no encontrada');
    if (before.status !== 'Confirmada') throw new AppError('CONFLICT', T.queueOnlyConfirmed);
    const reason = body.cancellation_reason ?? DEFAULT_RETURN_TO_QUEUE_REASON;
    const after = (await repo.update(tx, before.id, {
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

    const given = body.auto_assign ? await giveSlot(tx, deps, actor, before) : null;

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
      await deps.events.publish(tx, QUEUE_CHANNEL, 'queue.enqueued', { id: entry.id });
    }

    let next: CancelAndReassignResult['next_in_queue'] = null;
    if (given)
      next = { patient_id: given.patientId, patient_name: given.patientName, queue_id: given.queueId };
    else {
      const [first] = await qrepo.nextWaiting(tx, before.specialtyId, 1, before.patientId);
      if (first) {
        const p = await brepo.findPatient(tx, first.patientId);
        next = { patient_id: first.patientId, patient_name: p?.name ?? '', queue_id: first.id };
      }
    }
    return {
      appointment: toAppointmentDto((await repo.findWithNames(tx, before.id))!, tz),
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

/** Books the freed slot for the first waiting patient of the specialty who is free at that time, if any. */
async function giveSlot(tx: Executor, deps: AppDeps, actor: Actor, freed: repo.AppointmentRow) {
  const tz = deps.config.orgTimezone;
  if (!freed.availabilityId || freed.scheduledAt.getTime() <= Date.now()) return null;
  const agenda = await brepo.findAgenda(tx, freed.availabilityId);
  if (!agenda || agenda.status !== 'Activa') return null;
  const candidates = await qrepo.nextWaiting(tx, freed.specialtyId, CANDIDATES, freed.patientId);
  for (const entry of candidates) {
    const patient = await brepo.findPatient(tx, entry.patientId);
    if (!patient || patient.status !== 'Activo') continue;
    const busy = await brepo.overlapping(tx, {
      patientId: entry.patientId,
      from: freed.scheduledAt,
      to: freed.endsAt,
    });
    if (busy.length > 0) continue;
    const type =
      APPOINTMENT_TYPES.find((t) => t === entry.appointmentType) ??
      APPOINTMENT_TYPES.find((t) => t === freed.appointmentType) ??
      'Presencial';
    const row = await bookInTransaction(tx, deps, actor, {
      patient_id: entry.patientId,
      availability_id: freed.availabilityId,
      scheduled_at: localDateTime(freed.scheduledAt, tz),
      duration_minutes: freed.durationMinutes,
      appointment_type: type,
      status: 'Confirmada',
      reason: entry.reason ?? freed.reason,
      notes: entry.notes,
      insurance_type: INSURANCE_TYPES.find((t) => t === entry.insuranceType) ?? null,
      room_id: freed.roomId,
      manual: false,
    });
    const scheduled = (await qrepo.markScheduled(tx, entry.id, row.id))!;
    await writeAudit(tx, actor, {
      table: 'queue_entries',
      recordId: entry.id,
      action: 'scheduled',
      oldValues: qrepo.auditView(entry),
      newValues: qrepo.auditView(scheduled),
    });
    await deps.events.publish(tx, QUEUE_CHANNEL, 'queue.scheduled', { id: entry.id, appointment_id: row.id });
    return {
      patientId: entry.patientId,
      patientName: patient.name,
      queueId: entry.id,
      appointmentId: row.id,
    };
  }
  return null;
}
