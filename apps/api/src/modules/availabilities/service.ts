import { AppError } from '@ips/shared/errors';
import { localDateTime } from '@ips/shared/format';
import {
  AGENDA_MESSAGES,
  type CreateAvailabilityBody,
  type ListAvailabilitiesQuery,
} from '@ips/shared/schemas/availabilities';
import type { AvailabilityDetailDto, AvailabilityDto } from '@ips/shared/schemas/availabilities-response';
import type { Executor } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { CLINIC, type ReadScope } from '../../lib/read-scope';
import * as appointmentRepo from '../appointments';
import { buildDistribution } from './distribution';
import { auditView, toAvailabilityDto } from './dto';
import * as repo from './repo';
import {
  AGENDA_NOT_FOUND,
  AGENDAS_CHANNEL,
  assertNoOverlap,
  assertPractice,
  orgClock,
  todayIn,
} from './rules';

/** One page of agendas (at most AGENDA_LIST_MAX) with `total`, `page` and `limit`, as GET /appointments pages. */
export async function listAvailabilities(
  deps: AppDeps,
  q: ListAvailabilitiesQuery,
  now: Date = new Date(),
): Promise<{ data: AvailabilityDto[]; total: number; page: number; limit: number }> {
  const { rows, total } = await repo.listPage(
    deps.db,
    {
      date: q.date,
      startDate: q.start_date,
      endDate: q.end_date,
      specialtyId: q.specialty_id,
      doctorId: q.doctor_id,
      locationId: q.location_id,
      status: q.status,
      startableAfter: q.upcoming ? orgClock(deps.config.orgTimezone, now) : undefined,
      canFitAt: q.bookable
        ? { ...orgClock(deps.config.orgTimezone, now), tz: deps.config.orgTimezone }
        : undefined,
    },
    q.limit,
    (q.page - 1) * q.limit,
  );
  const completed = await repo.completedCounts(
    deps.db,
    rows.map((r) => r.a.id),
  );
  return {
    data: rows.map((r) => ({ ...toAvailabilityDto(r), completed_slots: completed.get(r.a.id) ?? 0 })),
    total,
    page: q.page,
    limit: q.limit,
  };
}

/** Active agendas from today on (the booking and waiting-list pickers), optionally only those with room. */
export async function activeAvailabilities(
  deps: AppDeps,
  q: { specialty_id?: number; doctor_id?: number; location_id?: number; with_slots?: boolean },
) {
  const rows = await repo.list(deps.db, {
    status: 'Activa',
    startDate: todayIn(deps.config.orgTimezone),
    specialtyId: q.specialty_id,
    doctorId: q.doctor_id,
    locationId: q.location_id,
    withFreeSlots: q.with_slots,
  });
  return rows.map(toAvailabilityDto);
}

/** One agenda with its appointments, for the details and day-detail dialogs. */
export async function agendaDetail(db: Executor, tz: string, id: number): Promise<AvailabilityDetailDto> {
  const row = await repo.findWithNames(db, id);
  if (!row) throw new AppError('NOT_FOUND', AGENDA_NOT_FOUND);
  const list = await appointmentRepo.listAll(db, { availabilityId: id });
  const appointments = list.map((r) => {
    const at = localDateTime(r.a.scheduledAt, tz);
    return {
      id: r.a.id,
      patient_id: r.a.patientId,
      patient_name: r.patientName,
      patient_document: r.patientDocument,
      patient_phone: r.patientPhone,
      status: r.a.status,
      scheduled_at: at,
      time: at.slice(11, 16),
      duration_minutes: r.a.durationMinutes,
      reason: r.a.reason,
      notes: r.a.notes,
      appointment_type: r.a.appointmentType,
    };
  });
  const confirmed = appointments.filter((a) => a.status === 'Confirmada').length;
  return {
    ...toAvailabilityDto(row),
    appointments,
    confirmed_count: confirmed,
    slots_in_sync: confirmed === row.a.bookedSlots,
  };
}

/**
 * One agenda with its patients: a doctor reads only their own agendas; another doctor's is 404, as if absent
 * (decision 020).
 */
export async function getAvailability(deps: AppDeps, id: number, scope: ReadScope = CLINIC) {
  const detail = await agendaDetail(deps.db, deps.config.orgTimezone, id);
  if (scope.kind === 'doctor' && detail.doctor_id !== scope.doctorId)
    throw new AppError('NOT_FOUND', AGENDA_NOT_FOUND);
  return detail;
}

export async function createAvailability(
  deps: AppDeps,
  actor: Actor,
  body: CreateAvailabilityBody,
): Promise<AvailabilityDetailDto> {
  const tz = deps.config.orgTimezone;
  if (body.date < todayIn(tz))
    throw new AppError('VALIDATION', AGENDA_MESSAGES.pastDate, { date: [AGENDA_MESSAGES.pastDate] });
  return deps.db.transaction(async (tx) => {
    await assertPractice(tx, body.doctor_id, body.specialty_id, body.location_id);
    await assertNoOverlap(tx, body.doctor_id, body.date, body.start_time, body.end_time);
    const row = await repo.insert(tx, {
      locationId: body.location_id,
      specialtyId: body.specialty_id,
      doctorId: body.doctor_id,
      date: body.date,
      startTime: body.start_time,
      endTime: body.end_time,
      capacity: body.capacity,
      durationMinutes: body.duration_minutes,
      status: 'Activa',
      notes: body.notes ?? null,
      autoPreallocate: body.auto_preallocate,
      preallocationPublishDate: body.preallocation_publish_date ?? null,
      autoDistribute: body.auto_distribute,
      distributionStartDate: body.auto_distribute ? (body.distribution_start_date ?? null) : null,
      distributionEndDate: body.auto_distribute ? (body.distribution_end_date ?? null) : null,
      excludeWeekends: body.exclude_weekends,
      createdBy: actor.userId,
    });
    const distribution = await buildDistribution(tx, row);
    await writeAudit(tx, actor, {
      table: 'availabilities',
      recordId: row.id,
      action: 'create',
      newValues: { ...auditView(row), distribution_days: distribution.length },
    });
    await deps.events.publish(tx, AGENDAS_CHANNEL, 'agenda.created', { id: row.id });
    return agendaDetail(tx, tz, row.id);
  });
}

/** Only an agenda without live appointments can go; cancelled ones keep their history (availability_id null). */
export async function deleteAvailability(deps: AppDeps, actor: Actor, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', AGENDA_NOT_FOUND);
    const live = await appointmentRepo.countNonCancelledOfAgenda(tx, id);
    if (live > 0)
      throw new AppError(
        'CONFLICT',
        `No se puede eliminar la agenda: tiene ${live} cita(s) no canceladas. Cancele la agenda o sus citas primero.`,
      );
    await repo.remove(tx, id);
    await writeAudit(tx, actor, {
      table: 'availabilities',
      recordId: id,
      action: 'delete',
      oldValues: auditView(before),
    });
    await deps.events.publish(tx, AGENDAS_CHANNEL, 'agenda.deleted', { id });
  });
}
