import { AppError } from '@ips/shared/errors';
import { parseLocalDateTime } from '@ips/shared/format';
import { layoutSequential } from '@ips/shared/scheduling/time-layout';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { auditView as appointmentAudit, findDrift, setBookedSlots, type SlotDrift } from '../appointments';
import * as appointmentRepo from '../appointments';
import { deferAppointmentOverlaps } from './moves';
import * as repo from './repo';
import { AGENDA_NOT_FOUND, AGENDAS_CHANNEL } from './rules';

const overCapacity = (d: SlotDrift) =>
  `La agenda ${d.id} tiene ${d.after} citas confirmadas y capacidad ${d.capacity}; aumente la capacidad antes de sincronizar`;

/** booked_slots := the agenda's Confirmada appointments (spec §4 "Occupied quota"). */
export async function syncSlots(deps: AppDeps, actor: Actor, id: number) {
  return deps.db.transaction(async (tx) => {
    const agenda = await repo.findByIdForUpdate(tx, id);
    if (!agenda) throw new AppError('NOT_FOUND', AGENDA_NOT_FOUND);
    const [drift] = await findDrift(tx, [id]);
    if (!drift)
      return { updated: 0, booked_slots: agenda.bookedSlots, previous_booked_slots: agenda.bookedSlots };
    if (drift.after > drift.capacity) throw new AppError('CONFLICT', overCapacity(drift));
    await setBookedSlots(tx, id, drift.after);
    await writeAudit(tx, actor, {
      table: 'availabilities',
      recordId: id,
      action: 'sync_slots',
      oldValues: { booked_slots: drift.before },
      newValues: { booked_slots: drift.after },
    });
    await deps.events.publish(tx, AGENDAS_CHANNEL, 'agenda.updated', { id });
    return { updated: 1, booked_slots: drift.after, previous_booked_slots: drift.before };
  });
}

/** The same for every agenda; those with more confirmed appointments than capacity are reported, not touched. */
export async function syncAllSlots(deps: AppDeps, actor: Actor) {
  return deps.db.transaction(async (tx) => {
    const drift = await findDrift(tx);
    const fixable = drift.filter((d) => d.after <= d.capacity);
    for (const d of fixable) {
      await setBookedSlots(tx, d.id, d.after);
      await writeAudit(tx, actor, {
        table: 'availabilities',
        recordId: d.id,
        action: 'sync_slots',
        oldValues: { booked_slots: d.before },
        newValues: { booked_slots: d.after },
      });
      await deps.events.publish(tx, AGENDAS_CHANNEL, 'agenda.updated', { id: d.id });
    }
    return {
      updated: fixable.length,
      conflicts: drift
        .filter((d) => d.after > d.capacity)
        .map((d) => ({ id: d.id, confirmed: d.after, capacity: d.capacity, message: overCapacity(d) })),
    };
  });
}

/**
 * Lays the agenda's non-cancelled appointments out one after another from its start time, each with its own
 * duration, in their current order (spec §7 "sync-appointment-times").
 */
export async function syncAppointmentTimes(deps: AppDeps, actor: Actor, id: number) {
  const tz = deps.config.orgTimezone;
  return deps.db.transaction(async (tx) => {
    const agenda = await repo.findByIdForUpdate(tx, id);
    if (!agenda) throw new AppError('NOT_FOUND', AGENDA_NOT_FOUND);
    const rows = await appointmentRepo.nonCancelledOfAgendaForUpdate(tx, id);
    if (rows.length === 0) return { updated: 0, total: 0 };
    const times = layoutSequential(
      agenda.startTime,
      rows.map((r) => r.durationMinutes),
    );
    await deferAppointmentOverlaps(tx);
    let updated = 0;
    for (const [i, a] of rows.entries()) {
      const start = parseLocalDateTime(`${agenda.date} ${times[i]}`, tz)!;
      if (start.getTime() === a.scheduledAt.getTime()) continue;
      const after = (await appointmentRepo.update(tx, a.id, {
        scheduledAt: start,
        endsAt: new Date(start.getTime() + a.durationMinutes * 60_000),
      }))!;
      await writeAudit(tx, actor, {
        table: 'appointments',
        recordId: a.id,
        action: 'sync_time',
        oldValues: appointmentAudit(a),
        newValues: appointmentAudit(after),
      });
      updated++;
    }
    if (updated > 0) await deps.events.publish(tx, AGENDAS_CHANNEL, 'agenda.updated', { id });
    return { updated, total: rows.length };
  });
}
