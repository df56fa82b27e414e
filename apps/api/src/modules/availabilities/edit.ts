import { AppError } from '@ips/shared/errors';
import { AGENDA_MESSAGES, isFullEdit, type UpdateAvailabilityBody } from '@ips/shared/schemas/availabilities';
import type { Tx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { buildDistribution } from './distribution';
import { auditView } from './dto';
import { cancelLockedAgenda, followAgenda, transferInTx } from './moves';
import * as repo from './repo';
import { AGENDA_NOT_FOUND, AGENDAS_CHANNEL, assertNoOverlap, assertPractice, todayIn } from './rules';
import { agendaDetail } from './service';

/** The message patients get when an agenda is cancelled through a status-only update. */
export const DEFAULT_CANCEL_MESSAGE = 'Su cita fue cancelada porque la agenda del profesional fue cancelada';

const minutes = (t: string) => t.slice(0, 5);

/**
 * PUT /availabilities/{id}: a transfer (date and status only) moves the agenda like the transfer route; a
 * status-only update changes the status (Cancelada cascades like the cancel route); anything else is the edit
 * form, whose fields the schema already required all together.
 */
export async function updateAvailability(
  deps: AppDeps,
  actor: Actor,
  id: number,
  body: UpdateAvailabilityBody,
) {
  return deps.db.transaction(async (tx) => {
    if (!isFullEdit(body) && body.date !== undefined) {
      await transferInTx(tx, deps, actor, id, body.date, 'move');
      if (body.notes !== undefined) await repo.update(tx, id, { notes: body.notes ?? null });
      return agendaDetail(tx, deps.config.orgTimezone, id);
    }
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', AGENDA_NOT_FOUND);
    if (!isFullEdit(body)) await applyStatusAndNotes(tx, deps, actor, before, body);
    else {
      await applyEdit(tx, deps, actor, before, body);
      // The edit form also carries the status; a change of it goes through the same rules as on its own.
      if (body.status && body.status !== before.status) {
        const edited = (await repo.findByIdForUpdate(tx, id))!;
        await applyStatusAndNotes(tx, deps, actor, edited, { status: body.status });
      }
    }
    return agendaDetail(tx, deps.config.orgTimezone, id);
  });
}

async function applyStatusAndNotes(
  tx: Tx,
  deps: AppDeps,
  actor: Actor,
  before: repo.AvailabilityRow,
  body: UpdateAvailabilityBody,
) {
  if (body.status === 'Cancelada' && before.status !== 'Cancelada') {
    if (body.notes !== undefined) await repo.update(tx, before.id, { notes: body.notes ?? null });
    const locked = (await repo.findByIdForUpdate(tx, before.id))!;
    await cancelLockedAgenda(tx, deps, actor, locked, DEFAULT_CANCEL_MESSAGE, 'sistema');
    return;
  }
  const status = body.status ?? before.status;
  if (status === 'Activa' && before.status !== 'Activa') {
    if (before.date < todayIn(deps.config.orgTimezone))
      throw new AppError('CONFLICT', 'No se puede reactivar una agenda de una fecha pasada');
    await assertNoOverlap(tx, before.doctorId, before.date, before.startTime, before.endTime, before.id);
  }
  const after = (await repo.update(tx, before.id, {
    status,
    ...(body.notes !== undefined && { notes: body.notes ?? null }),
  }))!;
  await writeAudit(tx, actor, {
    table: 'availabilities',
    recordId: before.id,
    action: status !== before.status ? 'status' : 'update',
    oldValues: auditView(before),
    newValues: auditView(after),
  });
  await deps.events.publish(tx, AGENDAS_CHANNEL, 'agenda.updated', { id: before.id });
}

async function applyEdit(
  tx: Tx,
  deps: AppDeps,
  actor: Actor,
  before: repo.AvailabilityRow,
  body: UpdateAvailabilityBody,
) {
  const tz = deps.config.orgTimezone;
  if (before.status === 'Cancelada')
    throw new AppError(
      'CONFLICT',
      'No se puede editar una agenda cancelada; transfiérala a una nueva fecha para reactivarla',
    );
  const next = {
    doctorId: body.doctor_id!,
    specialtyId: body.specialty_id!,
    locationId: body.location_id!,
    date: body.date!,
    startTime: body.start_time!,
    endTime: body.end_time!,
    capacity: body.capacity!,
    durationMinutes: body.duration_minutes ?? before.durationMinutes,
    autoPreallocate: body.auto_preallocate ?? before.autoPreallocate,
    preallocationPublishDate:
      body.preallocation_publish_date !== undefined
        ? body.preallocation_publish_date
        : before.preallocationPublishDate,
    autoDistribute: body.auto_distribute ?? before.autoDistribute,
    distributionStartDate:
      body.distribution_start_date !== undefined
        ? body.distribution_start_date
        : before.distributionStartDate,
    distributionEndDate:
      body.distribution_end_date !== undefined ? body.distribution_end_date : before.distributionEndDate,
    excludeWeekends: body.exclude_weekends ?? before.excludeWeekends,
    ...(body.notes !== undefined && { notes: body.notes ?? null }),
  };
  if (next.date !== before.date && next.date < todayIn(tz))
    throw new AppError('VALIDATION', 'No puede mover la agenda a una fecha pasada', {
      date: ['No puede mover la agenda a una fecha pasada'],
    });
  if (next.autoDistribute && (!next.distributionStartDate || !next.distributionEndDate))
    throw new AppError('VALIDATION', AGENDA_MESSAGES.distributionDates);
  if (next.autoDistribute && next.distributionEndDate! < next.distributionStartDate!)
    throw new AppError('VALIDATION', AGENDA_MESSAGES.distributionOrder);
  if (next.capacity < before.bookedSlots)
    throw new AppError(
      'CONFLICT',
      `La capacidad no puede ser menor que los cupos ocupados (${before.bookedSlots})`,
      { capacity: [`La capacidad no puede ser menor que los cupos ocupados (${before.bookedSlots})`] },
    );
  const linksChanged =
    next.doctorId !== before.doctorId ||
    next.specialtyId !== before.specialtyId ||
    next.locationId !== before.locationId;
  const timeChanged =
    next.date !== before.date ||
    minutes(next.startTime) !== minutes(before.startTime) ||
    minutes(next.endTime) !== minutes(before.endTime);
  if (linksChanged) await assertPractice(tx, next.doctorId, next.specialtyId, next.locationId);
  if (linksChanged || timeChanged)
    await assertNoOverlap(tx, next.doctorId, next.date, next.startTime, next.endTime, before.id);
  const after = (await repo.update(tx, before.id, next))!;
  const moved = linksChanged || timeChanged ? await followAgenda(tx, tz, actor, before, after) : 0;
  const distributionChanged =
    after.capacity !== before.capacity ||
    after.autoDistribute !== before.autoDistribute ||
    after.distributionStartDate !== before.distributionStartDate ||
    after.distributionEndDate !== before.distributionEndDate ||
    after.excludeWeekends !== before.excludeWeekends;
  if (distributionChanged) await buildDistribution(tx, after);
  await writeAudit(tx, actor, {
    table: 'availabilities',
    recordId: before.id,
    action: 'update',
    oldValues: auditView(before),
    newValues: { ...auditView(after), appointments_moved: moved },
  });
  await deps.events.publish(tx, AGENDAS_CHANNEL, 'agenda.updated', { id: before.id });
}
