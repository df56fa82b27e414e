import { eq } from 'drizzle-orm';
import type { Role } from '@ips/shared/catalogs/roles';
import { AppError } from '@ips/shared/errors';
import {
  DEFAULT_QUEUE_REMOVE_OUTCOME,
  QUEUE_MESSAGES as M,
  type AssignQueueEntryBody,
  type CreateQueueEntryBody,
  type QueueItemDto,
  type ScheduleQueueEntryBody,
} from '@ips/shared/schemas/queue';
import type { AppointmentDto } from '@ips/shared/schemas/appointments';
import type { Executor } from '../../db/client';
import { cups } from '../../db/schema/resources';
import { users } from '../../db/schema/users';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { toAppointmentDto } from '../appointments';
import * as appointmentRepo from '../appointments';
import { recordCallLog } from '../call-logs';
import { bookEntry, closeEntry } from './book-entry';
import { publishQueueEvent } from './events';
import { findItem } from './items-repo';
import { explanationText, orgName, requestCall } from './outbound-calls';
import * as repo from './repo';
import { QUEUE_MANAGER_ROLES, QUEUE_ROLES } from './roles';

/*
 * Working the waiting queue (spec part 1 §7 "Queue and transfers"): add a patient, take an entry (assign),
 * claim the next one, schedule it, remove it, change its CUPS. Every change locks the entry's row, is audited
 * and published on the queue channel in the same transaction.
 */

export interface QueueUser extends Actor {
  userId: number;
  role: Role;
}

async function item(tx: Executor, deps: AppDeps, id: number): Promise<QueueItemDto> {
  return (await findItem(tx, id, deps.config.orgTimezone))!;
}

async function lockActive(tx: Executor, id: number) {
  const entry = await repo.findByIdForUpdate(tx, id);
  if (!entry) throw new AppError('NOT_FOUND', M.notFound);
  if (!repo.isActive(entry)) throw new AppError('CONFLICT', M.closed);
  return entry;
}

/** An entry another agent holds is theirs; admins and supervisors may still act on it. */
function refuseIfHeldByOther(entry: repo.QueueEntryRow, user: QueueUser) {
  if (
    entry.status === 'assigned' &&
    entry.assignedUserId !== null &&
    entry.assignedUserId !== user.userId &&
    !QUEUE_MANAGER_ROLES.includes(user.role)
  )
    throw new AppError('CONFLICT', M.takenByOther);
}

export async function createEntry(deps: AppDeps, actor: Actor, body: CreateQueueEntryBody) {
  return deps.db.transaction(async (tx) => {
    const patient = await appointmentRepo.findPatient(tx, body.patient_id);
    if (!patient) throw new AppError('NOT_FOUND', 'Paciente no encontrado');
    if (patient.status !== 'Activo')
      throw new AppError('CONFLICT', 'El paciente está inactivo; reactívelo antes de agendar');
    const { entry, created } = await repo.enqueue(tx, {
      patientId: body.patient_id,
      specialtyId: body.specialty_id,
      priorityLevel: body.priority_level,
      callType: body.call_type,
      source: 'manual',
      reason: body.reason ?? null,
      notes: body.notes ?? null,
      cupsId: body.cups_id ?? null,
      locationId: body.location_id ?? null,
      preferredDoctorId: body.preferred_doctor_id ?? null,
      appointmentType: body.appointment_type ?? null,
      durationMinutes: body.duration_minutes ?? null,
      insuranceType: body.insurance_type ?? null,
      createdBy: actor.userId,
    });
    if (!created) throw new AppError('CONFLICT', M.alreadyQueued);
    await writeAudit(tx, actor, {
      table: 'queue_entries',
      recordId: entry.id,
      action: 'enqueue',
      newValues: repo.auditView(entry),
    });
    await publishQueueEvent(tx, deps, 'enqueue', entry);
    return item(tx, deps, entry.id);
  });
}

async function assignTo(
  tx: Executor,
  deps: AppDeps,
  actor: Actor,
  entry: repo.QueueEntryRow,
  userId: number,
) {
  const after = await repo.update(tx, entry.id, { status: 'assigned', assignedUserId: userId });
  await writeAudit(tx, actor, {
    table: 'queue_entries',
    recordId: entry.id,
    action: 'assign',
    oldValues: { ...repo.auditView(entry), assigned_user_id: entry.assignedUserId },
    newValues: { ...repo.auditView(after), assigned_user_id: userId },
  });
  await publishQueueEvent(tx, deps, 'assign', after);
  return after;
}

/** POST /queue/{id}/assign: the caller takes the entry, or (admin, supervisor) hands it to user_id. */
export async function assignEntry(deps: AppDeps, user: QueueUser, id: number, body: AssignQueueEntryBody) {
  return deps.db.transaction(async (tx) => {
    const entry = await lockActive(tx, id);
    refuseIfHeldByOther(entry, user);
    let target = user.userId;
    if (body.user_id && body.user_id !== user.userId) {
      if (!QUEUE_MANAGER_ROLES.includes(user.role))
        throw new AppError('FORBIDDEN', 'Solo un supervisor puede asignar a otro agente');
      const [agent] = await tx
        .select({ id: users.id, role: users.role, status: users.status })
        .from(users)
        .where(eq(users.id, body.user_id));
      if (!agent || !QUEUE_ROLES.includes(agent.role as Role))
        throw new AppError('NOT_FOUND', M.agentNotFound);
      if (agent.status !== 'Activo') throw new AppError('CONFLICT', 'El agente no está activo');
      target = agent.id;
    }
    if (entry.status === 'assigned' && entry.assignedUserId === target) return item(tx, deps, id);
    await assignTo(tx, deps, user, entry, target);
    return item(tx, deps, id);
  });
}

/**
 * POST /queue/next: the next waiting entry (of the specialty, or of any) becomes the caller's. The row is
 * claimed with FOR UPDATE SKIP LOCKED, so agents asking at once each get a different entry; null when none.
 */
export async function claimNext(deps: AppDeps, user: QueueUser, specialtyId?: number | null) {
  return deps.db.transaction(async (tx) => {
    const entry = await repo.claimNextWaiting(tx, specialtyId);
    if (!entry) return null;
    await assignTo(tx, deps, user, entry, user.userId);
    return item(tx, deps, entry.id);
  });
}

/**
 * POST /queue/{id}/schedule: the entry leaves the queue with the outcome and a call log of the agent's work;
 * with availability_id the appointment is booked in the same transaction (a full agenda: 409, entry kept);
 * with request_call a pending automated call is queued too.
 */
export async function scheduleEntry(
  deps: AppDeps,
  user: QueueUser,
  id: number,
  body: ScheduleQueueEntryBody,
) {
  const tz = deps.config.orgTimezone;
  return deps.db.transaction(async (tx) => {
    const entry = await lockActive(tx, id);
    refuseIfHeldByOther(entry, user);
    let appointment: AppointmentDto | null = null;
    let closed: repo.QueueEntryRow;
    if (body.availability_id) {
      const booked = await bookEntry(tx, deps, user, entry, {
        availabilityId: body.availability_id,
        scheduledAt: body.scheduled_at ?? null,
        notes: body.notes ?? null,
        outcome: body.outcome,
      });
      closed = booked.entry;
      appointment = toAppointmentDto((await appointmentRepo.findWithNames(tx, booked.appointment.id))!, tz);
    } else {
      closed = await closeEntry(tx, deps, user, entry, { status: 'scheduled', outcome: body.outcome });
    }
    const log = await recordCallLog(tx, deps, user, {
      patientId: entry.patientId,
      specialtyId: entry.specialtyId,
      queueId: entry.id,
      appointmentId: closed.appointmentId,
      userId: user.userId,
      direction: 'outbound',
      channel: 'phone',
      callType: 'queue_schedule',
      status: 'completed',
      outcome: body.outcome,
      notes: body.notes ?? null,
      endedAt: new Date(),
    });
    const after = await item(tx, deps, id);
    let outbound: number | null = null;
    if (body.request_call) {
      const text = body.explanation ?? explanationText(after, await orgName(tx), tz, appointment);
      outbound = (await requestCall(tx, deps, user, after, text)).id;
    }
    return { queue_entry: after, appointment, call_log_id: log.id, outbound_call_id: outbound };
  });
}

/** DELETE /queue/{id} and DELETE /appointments/waiting-list/{id}: the patient leaves the queue. */
export async function removeEntry(deps: AppDeps, user: QueueUser, id: number, reason?: string) {
  return deps.db.transaction(async (tx) => {
    const entry = await lockActive(tx, id);
    refuseIfHeldByOther(entry, user);
    await closeEntry(tx, deps, user, entry, {
      status: 'cancelled',
      outcome: reason ?? DEFAULT_QUEUE_REMOVE_OUTCOME,
    });
    return item(tx, deps, id);
  });
}

/** PATCH /appointments/waiting-list/{id}/cups: sets or clears the entry's CUPS. */
export async function updateEntryCups(deps: AppDeps, actor: Actor, id: number, cupsId: number | null) {
  return deps.db.transaction(async (tx) => {
    const entry = await lockActive(tx, id);
    if (cupsId !== null) {
      const [found] = await tx.select({ id: cups.id }).from(cups).where(eq(cups.id, cupsId));
      if (!found) throw new AppError('NOT_FOUND', 'CUPS no encontrado');
    }
    if (entry.cupsId === cupsId) return item(tx, deps, id);
    const after = await repo.update(tx, id, { cupsId });
    await writeAudit(tx, actor, {
      table: 'queue_entries',
      recordId: id,
      action: 'update',
      oldValues: { cups_id: entry.cupsId },
      newValues: { cups_id: cupsId },
    });
    await publishQueueEvent(tx, deps, 'updated', after);
    return item(tx, deps, id);
  });
}
