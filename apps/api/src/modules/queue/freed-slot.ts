import { formatDateTime, localDateTime } from '@ips/shared/format';
import {
  DEFAULT_QUEUE_FREED_SLOT_ACTION,
  QUEUE_FREED_SLOT_ACTIONS,
  QUEUE_FREED_SLOT_SETTING,
  type QueueFreedSlotAction,
} from '@ips/shared/schemas/queue';
import type { Executor } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import type { AppointmentRow } from '../appointments';
import * as brepo from '../appointments';
import * as agendaRepo from '../availabilities';
import { readMany } from '../settings';
import { bookEntry } from './book-entry';
import { publishQueueEvent } from './events';
import { SLOT_OFFERED } from './hooks';
import * as offers from './offers-repo';
import * as repo from './repo';

/** How many waiting entries are tried for a freed slot (a patient busy at that time is passed over). */
const CANDIDATES = 20;

/** The setting queue_freed_slot_action, or its default ('notify') when unset or unknown. */
export async function freedSlotAction(tx: Executor): Promise<QueueFreedSlotAction> {
  const s = await readMany(tx, [QUEUE_FREED_SLOT_SETTING]);
  const v = s[QUEUE_FREED_SLOT_SETTING];
  return QUEUE_FREED_SLOT_ACTIONS.find((a) => a === v) ?? DEFAULT_QUEUE_FREED_SLOT_ACTION;
}

export interface FreedSlotResult {
  mode: 'auto_assign' | 'notify';
  offerId: number;
  queueId: number;
  patientId: number;
  patientName: string;
  /** Set when the slot was booked for the patient (auto_assign). */
  appointmentId: number | null;
}

/**
 * Offers the slot a cancelled appointment freed to the next patient waiting for its specialty (in queue
 * order, entries held by other transactions skipped) who is active and free at that time, in the caller's
 * transaction. 'auto_assign' books it for them (same agenda, time and duration) and takes their entry out of
 * the queue; 'notify' records the offer for the agents (an entry that already holds an open offer is passed
 * over, so the next patient gets this one). Either way the offer row and the audit say who got which slot and
 * why. Nothing happens for a past slot, an agenda that is not Activa, or mode 'off'.
 */
export async function offerFreedSlot(
  tx: Executor,
  deps: AppDeps,
  actor: Actor,
  freed: AppointmentRow,
  mode: QueueFreedSlotAction,
  now: Date = new Date(),
): Promise<FreedSlotResult | null> {
  if (mode === 'off' || !freed.availabilityId || freed.scheduledAt.getTime() <= now.getTime()) return null;
  const agenda = await agendaRepo.findWithNames(tx, freed.availabilityId);
  if (!agenda || agenda.a.status !== 'Activa') return null;
  const tz = deps.config.orgTimezone;
  const candidates = await repo.nextWaiting(tx, freed.specialtyId, CANDIDATES, freed.patientId);
  for (const entry of candidates) {
    const patient = await brepo.findPatient(tx, entry.patientId);
    if (!patient || patient.status !== 'Activo') continue;
    const busy = await brepo.overlapping(tx, {
      patientId: entry.patientId,
      from: freed.scheduledAt,
      to: freed.endsAt,
    });
    if (busy.length > 0) continue;
    if (mode === 'notify' && (await offers.hasOpenOffer(tx, entry.id))) continue;

    const reason =
      `Cupo liberado por la cancelación de la cita #${freed.id} (${agenda.doctorName}, ` +
      `${formatDateTime(freed.scheduledAt, tz)}): primer paciente en espera de ${agenda.specialtyName} ` +
      `libre a esa hora (prioridad ${entry.priorityLevel}, en cola desde ${formatDateTime(entry.createdAt, tz)})`;
    let appointmentId: number | null = null;
    if (mode === 'auto_assign') {
      const booked = await bookEntry(tx, deps, actor, entry, {
        availabilityId: freed.availabilityId,
        scheduledAt: localDateTime(freed.scheduledAt, tz),
        durationMinutes: freed.durationMinutes,
        reason: entry.reason ?? freed.reason,
        roomId: freed.roomId,
        auditAction: 'slot-assigned',
      });
      appointmentId = booked.appointment.id;
    }
    const offer = await offers.insert(tx, {
      queueEntryId: entry.id,
      patientId: entry.patientId,
      availabilityId: freed.availabilityId,
      freedAppointmentId: freed.id,
      appointmentId,
      scheduledAt: freed.scheduledAt,
      durationMinutes: freed.durationMinutes,
      mode,
      status: mode === 'auto_assign' ? 'accepted' : 'offered',
      reason,
      createdBy: actor.userId,
      resolvedAt: mode === 'auto_assign' ? now : null,
    });
    await writeAudit(tx, actor, {
      table: 'queue_slot_offers',
      recordId: offer.id,
      action: mode === 'auto_assign' ? 'slot-assigned' : 'slot-offered',
      newValues: {
        queue_entry_id: entry.id,
        patient_id: entry.patientId,
        availability_id: freed.availabilityId,
        freed_appointment_id: freed.id,
        scheduled_at: localDateTime(freed.scheduledAt, tz),
        appointment_id: appointmentId,
        mode,
        reason,
      },
    });
    if (mode === 'notify') {
      await publishQueueEvent(tx, deps, 'slot_offered', entry, { availability_id: freed.availabilityId });
      await deps.hooks.run(SLOT_OFFERED, tx, deps, actor, {
        offerId: offer.id,
        queueEntryId: entry.id,
        patientName: patient.name,
        reason,
      });
    }
    return {
      mode,
      offerId: offer.id,
      queueId: entry.id,
      patientId: entry.patientId,
      patientName: patient.name,
      appointmentId,
    };
  }
  return null;
}
