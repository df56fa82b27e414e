import { eq } from 'drizzle-orm';
import { AppError } from '@ips/shared/errors';
import { localDateTime, startOfLocalDay } from '@ips/shared/format';
import { addDays, toMinutes } from '@ips/shared/scheduling/calendar-days';
import { firstFittingTime } from '@ips/shared/scheduling/time-layout';
import type { QueueGroupDto, QueueItemDto } from '@ips/shared/schemas/queue';
import {
  WAITING_LIST_MESSAGES as M,
  type AssignFromWaitingListBody,
  type AvailableBySpecialtyQuery,
  type WaitingListGroupDto,
  type WaitingListQuery,
} from '@ips/shared/schemas/waiting-list';
import { cups, specialties } from '../../db/schema/resources';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { orgToday } from '../../lib/org-time';
import { busyMinutes, busyOnAgendaDays, toAppointmentDto } from '../appointments';
import * as appointmentRepo from '../appointments';
import * as agendaRepo from '../availabilities';
import { bookEntry } from './book-entry';
import { findItem, listItems } from './items-repo';
import * as repo from './repo';

const emptyCounts = () => ({ Urgente: 0, Alta: 0, Normal: 0, Baja: 0 });

/** Active entries by specialty (specialties by name), each in serving order. */
export function groupBySpecialty(items: QueueItemDto[]): QueueGroupDto[] {
  const groups = new Map<number, QueueGroupDto>();
  for (const it of items) {
    let g = groups.get(it.specialty_id);
    if (!g) {
      g = {
        specialty_id: it.specialty_id,
        specialty_name: it.specialty_name,
        total: 0,
        waiting: 0,
        assigned: 0,
        by_priority: emptyCounts(),
        items: [],
      };
      groups.set(it.specialty_id, g);
    }
    g.total++;
    if (it.status === 'waiting') g.waiting++;
    if (it.status === 'assigned') g.assigned++;
    g.by_priority[it.priority_level]++;
    g.items.push(it);
  }
  return [...groups.values()];
}

/** GET /appointments/waiting-list: who still waits (waiting or taken by an agent), by specialty. */
export async function waitingList(deps: AppDeps, q: WaitingListQuery) {
  const { items } = await listItems(
    deps.db,
    { status: 'active', specialtyId: q.specialty_id, priorityLevel: q.priority_level, q: q.q },
    deps.config.orgTimezone,
  );
  const data: WaitingListGroupDto[] = groupBySpecialty(items).map((g) => ({
    specialty_id: g.specialty_id,
    specialty_name: g.specialty_name,
    total_waiting: g.total,
    patients: g.items,
  }));
  const byPriority = emptyCounts();
  for (const it of items) byPriority[it.priority_level]++;
  return {
    data,
    stats: {
      total_patients_waiting: items.length,
      total_specialties: data.length,
      by_priority: byPriority,
      high_risk_pregnancies: items.filter((i) => i.high_risk_pregnancy).length,
    },
  };
}

/**
 * POST /appointments/waiting-list/assign: in one transaction the entry takes the sent reason, priority and
 * CUPS, a Confirmada appointment is booked in the chosen agenda and the entry leaves the queue. A full agenda
 * is 409 (takeSlot) and the rollback leaves the entry waiting as it was.
 */
export async function assignFromWaitingList(deps: AppDeps, actor: Actor, body: AssignFromWaitingListBody) {
  const tz = deps.config.orgTimezone;
  return deps.db.transaction(async (tx) => {
    let entry = await repo.findByIdForUpdate(tx, body.waiting_list_id);
    if (!entry) throw new AppError('NOT_FOUND', M.notFound);
    if (body.patient_id && body.patient_id !== entry.patientId)
      throw new AppError('CONFLICT', M.patientMismatch);
    const changes: Partial<repo.NewQueueEntry> = {};
    if (body.priority_level && body.priority_level !== entry.priorityLevel)
      changes.priorityLevel = body.priority_level;
    if (body.cups_id !== undefined && body.cups_id !== entry.cupsId) {
      if (body.cups_id !== null) {
        const [found] = await tx.select({ id: cups.id }).from(cups).where(eq(cups.id, body.cups_id));
        if (!found) throw new AppError('NOT_FOUND', M.cupsNotFound);
      }
      changes.cupsId = body.cups_id;
    }
    if (body.reason && body.reason !== entry.reason) changes.reason = body.reason;
    if (repo.isActive(entry) && Object.keys(changes).length > 0) {
      const before = entry;
      entry = await repo.update(tx, entry.id, changes);
      await writeAudit(tx, actor, {
        table: 'queue_entries',
        recordId: entry.id,
        action: 'update',
        oldValues: { ...repo.auditView(before), cups_id: before.cupsId, reason: before.reason },
        newValues: { ...repo.auditView(entry), cups_id: entry.cupsId, reason: entry.reason },
      });
    }
    const booked = await bookEntry(tx, deps, actor, entry, {
      availabilityId: body.availability_id,
      scheduledAt: body.scheduled_at ?? null,
      reason: body.reason ?? null,
      notes: body.notes ?? null,
      desiredDate: body.desired_date ?? null,
    });
    return {
      appointment: toAppointmentDto((await appointmentRepo.findWithNames(tx, booked.appointment.id))!, tz),
      queue_entry: (await findItem(tx, entry.id, tz))!,
    };
  });
}

/**
 * GET /availabilities/available-by-specialty/{specialty_id}: Activa agendas with free slots from start_date
 * (default today) to end_date (default 30 days on), with at least one free time left: not today's agendas that
 * already ended, nor agendas whose times are all taken (Pendiente appointments hold a time without a slot, so
 * "slots left" alone would offer an agenda that can only answer 409).
 */
export async function availableBySpecialty(deps: AppDeps, specialtyId: number, q: AvailableBySpecialtyQuery) {
  const [specialty] = await deps.db
    .select({ id: specialties.id, name: specialties.name })
    .from(specialties)
    .where(eq(specialties.id, specialtyId));
  if (!specialty) throw new AppError('NOT_FOUND', 'Especialidad no encontrada');
  const today = orgToday(deps);
  const start = q.start_date && q.start_date > today ? q.start_date : today;
  const end = q.end_date ?? addDays(start, 30);
  const now = localDateTime(new Date(), deps.config.orgTimezone);
  const rows = await agendaRepo.list(deps.db, {
    specialtyId,
    locationId: q.location_id,
    doctorId: q.doctor_id,
    status: 'Activa',
    startDate: start,
    endDate: end,
    withFreeSlots: true,
  });
  const tz = deps.config.orgTimezone;
  const current = rows.filter((r) => `${r.a.date} ${r.a.endTime.slice(0, 5)}` > now.slice(0, 16));
  // One read of every candidate's busy times; patient 0 matches no patient (any patient's own clash is checked
  // when booking).
  const busy = await busyOnAgendaDays(
    deps.db,
    current.map((r) => ({
      agendaId: r.a.id,
      doctorId: r.a.doctorId,
      from: startOfLocalDay(r.a.date, tz),
      to: startOfLocalDay(addDays(r.a.date, 1), tz),
    })),
    0,
  );
  const hasFreeTime = (a: (typeof rows)[number]['a']) =>
    firstFittingTime(
      a.startTime,
      a.endTime,
      a.durationMinutes,
      busyMinutes(a.date, tz, busy.get(a.id) ?? []),
      [],
      a.date === today ? toMinutes(now.slice(11, 16)) + 1 : undefined,
    ) !== null;
  return {
    specialty_id: specialty.id,
    specialty_name: specialty.name,
    available_agendas: current
      .filter((r) => hasFreeTime(r.a))
      .map((r) => ({
        id: r.a.id,
        doctor_id: r.a.doctorId,
        doctor_name: r.doctorName,
        location_id: r.a.locationId,
        location_name: r.locationName,
        specialty_id: r.a.specialtyId,
        specialty_name: r.specialtyName,
        date: r.a.date,
        start_time: r.a.startTime,
        end_time: r.a.endTime,
        capacity: r.a.capacity,
        booked_slots: r.a.bookedSlots,
        available_slots: Math.max(0, r.a.capacity - r.a.bookedSlots),
      })),
  };
}
