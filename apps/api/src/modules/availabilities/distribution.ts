import { AppError } from '@ips/shared/errors';
import { distributeCapacity, workingDays } from '@ips/shared/scheduling/distribution';
import {
  ASSIGNED_MESSAGES,
  type DistributionEntryDto,
  type DistributionsQuery,
} from '@ips/shared/schemas/availabilities-distribution';
import type { Executor } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import * as drepo from './distribution-repo';
import * as repo from './repo';
import { AGENDA_NOT_FOUND, AGENDAS_CHANNEL } from './rules';

/**
 * Lays the agenda's capacity over the working days of its distribution window (weekends out when
 * exclude_weekends, holidays of the table always) with the shared `distributeCapacity`, so the quotas add up
 * to the capacity. Slots already assigned on a day stay there: only the rest of the capacity is spread, on top
 * of them, which keeps assigned <= quota and lets a regeneration run after assignments began.
 */
export async function buildDistribution(
  tx: Executor,
  agenda: repo.AvailabilityRow,
  random: () => number = Math.random,
) {
  const start = agenda.distributionStartDate;
  const end = agenda.distributionEndDate;
  if (!agenda.autoDistribute || !start || !end) {
    await drepo.deleteAll(tx, agenda.id);
    return [];
  }
  const existing = await drepo.listOfAgendaForUpdate(tx, agenda.id);
  const assigned = new Map(existing.filter((r) => r.assigned > 0).map((r) => [r.dayDate, r.assigned]));
  const totalAssigned = [...assigned.values()].reduce((s, n) => s + n, 0);
  if (totalAssigned > agenda.capacity)
    throw new AppError(
      'CONFLICT',
      `La capacidad (${agenda.capacity}) no alcanza para los cupos ya asignados en la distribución (${totalAssigned})`,
    );
  const days = workingDays(start, end, {
    excludeWeekends: agenda.excludeWeekends,
    holidays: await drepo.holidayDates(tx, start, end),
  });
  if (days.length === 0 && totalAssigned < agenda.capacity)
    throw new AppError('VALIDATION', 'No hay días hábiles entre las fechas de distribución', {
      distribution_start_date: ['No hay días hábiles entre las fechas de distribución'],
    });
  const quota = new Map(assigned);
  for (const s of distributeCapacity(agenda.capacity - totalAssigned, days, random))
    quota.set(s.date, (quota.get(s.date) ?? 0) + s.quota);
  const rows = [...quota]
    .map(([dayDate, q]) => ({ dayDate, quota: q }))
    .sort((x, y) => x.dayDate.localeCompare(y.dayDate));
  await drepo.replaceQuotas(tx, agenda.id, rows);
  return rows;
}

export function toEntryDto(e: drepo.DistributionEntry): DistributionEntryDto {
  return {
    id: e.d.id,
    distribution_id: e.d.id,
    availability_id: e.a.id,
    day_date: e.d.dayDate,
    quota: e.d.quota,
    assigned: e.d.assigned,
    remaining: Math.max(0, e.d.quota - e.d.assigned),
    doctor_id: e.a.doctorId,
    doctor_name: e.doctorName,
    specialty_id: e.a.specialtyId,
    specialty_name: e.specialtyName,
    location_id: e.a.locationId,
    location_name: e.locationName,
    availability_date: e.a.date,
    availability_status: e.a.status,
    start_time: e.a.startTime,
    end_time: e.a.endTime,
  };
}

export async function agendaDistribution(deps: AppDeps, id: number) {
  if (!(await repo.findWithNames(deps.db, id))) throw new AppError('NOT_FOUND', AGENDA_NOT_FOUND);
  return (await drepo.listEntries(deps.db, { availabilityId: id })).map(toEntryDto);
}

export async function listDistributions(deps: AppDeps, q: Partial<DistributionsQuery>) {
  const rows = await drepo.listEntries(deps.db, {
    availabilityId: q.availability_id,
    doctorId: q.doctor_id,
    specialtyId: q.specialty_id,
    locationId: q.location_id,
    startDate: q.start_date,
    endDate: q.end_date,
    onlyAvailable: q.only_available,
  });
  return rows.map(toEntryDto);
}

/** Totals and the utilisation bands of part 2 §4 (90% or more, 80%, 60%, below) over the filtered days. */
export async function distributionStats(deps: AppDeps, q: Partial<DistributionsQuery>) {
  const entries = await listDistributions(deps, q);
  const bands = { critical: 0, high: 0, medium: 0, low: 0 };
  let quota = 0;
  let assigned = 0;
  for (const e of entries) {
    quota += e.quota;
    assigned += e.assigned;
    const u = e.quota > 0 ? (e.assigned / e.quota) * 100 : 0;
    if (u >= 90) bands.critical++;
    else if (u >= 80) bands.high++;
    else if (u >= 60) bands.medium++;
    else bands.low++;
  }
  return {
    agendas: new Set(entries.map((e) => e.availability_id)).size,
    days: new Set(entries.map((e) => e.day_date)).size,
    total_quota: quota,
    total_assigned: assigned,
    total_remaining: Math.max(0, quota - assigned),
    utilization_percent: quota > 0 ? Math.round((assigned / quota) * 1000) / 10 : 0,
    bands,
  };
}

/** PUT …/distributions/{id}/assigned: an integer from 0 to the day's quota (part 2 §5 "Assigned slots"). */
export async function setAssigned(deps: AppDeps, actor: Actor, id: number, assigned: number) {
  return deps.db.transaction(async (tx) => {
    const before = await drepo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', 'Distribución no encontrada');
    if (assigned > before.quota)
      throw new AppError('VALIDATION', ASSIGNED_MESSAGES.overQuota(before.quota), {
        assigned: [ASSIGNED_MESSAGES.overQuota(before.quota)],
      });
    const after = await drepo.setAssigned(tx, id, assigned);
    await writeAudit(tx, actor, {
      table: 'availability_distributions',
      recordId: id,
      action: 'update',
      oldValues: { assigned: before.assigned, quota: before.quota, day_date: before.dayDate },
      newValues: { assigned: after.assigned, quota: after.quota, day_date: after.dayDate },
    });
    await deps.events.publish(tx, AGENDAS_CHANNEL, 'agenda.updated', { id: before.availabilityId });
    const [entry] = await drepo.listEntries(tx, { id });
    return toEntryDto(entry!);
  });
}

export async function regenerateDistribution(deps: AppDeps, actor: Actor, id: number) {
  return deps.db.transaction(async (tx) => {
    const agenda = await repo.findByIdForUpdate(tx, id);
    if (!agenda) throw new AppError('NOT_FOUND', AGENDA_NOT_FOUND);
    if (!agenda.autoDistribute)
      throw new AppError('CONFLICT', 'La agenda no tiene activada la distribución automática');
    const before = await drepo.listOfAgenda(tx, id);
    const rows = await buildDistribution(tx, agenda);
    await writeAudit(tx, actor, {
      table: 'availability_distributions',
      recordId: id,
      action: 'regenerate',
      oldValues: { days: before.map((r) => ({ day_date: r.dayDate, quota: r.quota, assigned: r.assigned })) },
      newValues: { days: rows.map((r) => ({ day_date: r.dayDate, quota: r.quota })) },
    });
    await deps.events.publish(tx, AGENDAS_CHANNEL, 'agenda.updated', { id });
    return (await drepo.listEntries(tx, { availabilityId: id })).map(toEntryDto);
  });
}
