import { eq } from 'drizzle-orm';
import { AppError } from '@ips/shared/errors';
import { localDateTime, parseLocalDateTime } from '@ips/shared/format';
import {
  DAILY_QUEUE_PAGE,
  type ConflictsDto,
  type ConflictsQuery,
  type DailyQueueDto,
  type DailyQueueQuery,
  type MyAppointmentsQuery,
} from '@ips/shared/schemas/appointment-booking';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { CLINIC, doctorFilter, type ReadScope } from '../../lib/read-scope';
import { orgToday } from '../../lib/org-time';
import { doctors } from '../../db/schema/resources';
import { overlapping } from './booking-repo';
import * as dailyRepo from './daily-queue-repo';
import { toAppointmentDto } from './dto';
import * as repo from './repo';
import { localRange } from './service';

/** The read-only appointment routes: conflicts, a doctor's own appointments, the daily queue. */

/**
 * GET /appointments/conflicts: the non-cancelled appointments that [scheduled_at, + duration) would overlap
 * for the doctor, the patient or the room; one item per kind an appointment blocks.
 */
export async function findConflicts(deps: AppDeps, q: ConflictsQuery): Promise<ConflictsDto> {
  const tz = deps.config.orgTimezone;
  const from = parseLocalDateTime(q.scheduled_at, tz);
  if (!from) throw new AppError('VALIDATION', 'Fecha y hora inválidas (AAAA-MM-DD HH:mm:ss)');
  const to = new Date(from.getTime() + q.duration_minutes * 60_000);
  const rows =
    q.doctor_id || q.patient_id || q.room_id
      ? await overlapping(deps.db, {
          doctorId: q.doctor_id,
          patientId: q.patient_id,
          roomId: q.room_id,
          from,
          to,
          excludeId: q.exclude_id,
        })
      : [];
  const items: ConflictsDto['items'] = [];
  for (const r of rows) {
    const kinds = [
      q.doctor_id && r.a.doctorId === q.doctor_id ? 'doctor' : null,
      q.patient_id && r.a.patientId === q.patient_id ? 'patient' : null,
      q.room_id && r.a.roomId === q.room_id ? 'room' : null,
    ].filter((k): k is 'doctor' | 'patient' | 'room' => k !== null);
    for (const type of kinds)
      items.push({
        id: r.a.id,
        type,
        scheduled_at: localDateTime(r.a.scheduledAt, tz),
        ends_at: localDateTime(r.a.endsAt, tz),
        duration_minutes: r.a.durationMinutes,
        status: r.a.status,
        patient_id: r.a.patientId,
        patient_name: r.patientName,
        doctor_id: r.a.doctorId,
        doctor_name: r.doctorName,
        room_id: r.a.roomId,
        availability_id: r.a.availabilityId,
      });
  }
  const has = (k: string) => items.some((i) => i.type === k);
  return {
    conflict: items.length > 0,
    doctor_conflict: has('doctor'),
    patient_conflict: has('patient'),
    room_conflict: has('room'),
    items,
  };
}

/**
 * GET /appointments/my-appointments: the appointments of the doctor record linked to the signed-in user
 * (doctors.user_id); from today on unless a date range is given. No linked doctor → an empty list.
 */
export async function myAppointments(deps: AppDeps, userId: number, q: MyAppointmentsQuery) {
  const tz = deps.config.orgTimezone;
  const [doctor] = await deps.db
    .select({ id: doctors.id, name: doctors.name })
    .from(doctors)
    .where(eq(doctors.userId, userId));
  if (!doctor) return { doctor: null, data: [], total: 0 };
  const range = q.date || q.start_date || q.end_date ? q : { start_date: orgToday(deps) };
  const rows = await repo
    .listAll(deps.db, { doctorId: doctor.id, status: q.status, ...localRange(tz, range) })
    .limit(1000);
  const now = new Date();
  return { doctor, data: rows.map((r) => toAppointmentDto(r, tz, now)), total: rows.length };
}

/**
 * GET /appointments/daily-queue: one day's appointments (default today) in time order, with the day's counts and,
 * today, the next one to attend. With `page` or `limit`, one page of those that match `status` and `q` (the
 * screen's); without, the whole day (the spec's clients). A doctor's scope sees only their own (decision 020).
 */
export async function dailyQueue(
  deps: AppDeps,
  q: DailyQueueQuery,
  scope: ReadScope = CLINIC,
  now: Date = new Date(),
): Promise<DailyQueueDto> {
  const tz = deps.config.orgTimezone;
  const today = orgToday(deps, now);
  const date = q.date ?? today;
  const paged = q.page !== undefined || q.limit !== undefined;
  const page = q.page ?? 1;
  const limit = paged ? (q.limit ?? DAILY_QUEUE_PAGE) : null;
  const doctorId = doctorFilter(scope, q.doctor_id);
  const stats = (counts: Map<string, number>) => {
    const n = (s: string) => counts.get(s) ?? 0;
    return {
      total: [...counts.values()].reduce((a, b) => a + b, 0),
      pendiente: n('Pendiente'),
      confirmada: n('Confirmada'),
      completada: n('Completada'),
      cancelada: n('Cancelada'),
    };
  };
  if (doctorId === null)
    return { date, stats: stats(new Map()), total: 0, page, limit, next: null, appointments: [] };

  const { from, to } = localRange(tz, { date });
  const day = { from: from!, to: to!, doctorId, specialtyId: q.specialty_id, locationId: q.location_id };
  const filter = { ...day, status: q.status, q: q.q };
  const readNext = (db: Executor) =>
    date === today ? dailyRepo.nextToAttend(db, filter, now) : Promise.resolve(null);
  const readPage = (db: Executor) =>
    limit === null
      ? dailyRepo.allMatching(db, filter).then((all) => ({ rows: all, searched: all.length }))
      : q.q
        ? dailyRepo
            .searchPage(db, filter, limit, (page - 1) * limit)
            .then((r) => ({ rows: r.rows, searched: r.total }))
        : dailyRepo
            .pageRows(db, filter, limit, (page - 1) * limit)
            .then((r) => ({ rows: r, searched: null as number | null }));
  // A search reads in one transaction (JIT off, see withoutJit), one statement after another; the rest at once.
  const [counts, next, { rows, searched }] = q.q
    ? await dailyRepo.withoutJit(
        deps.db,
        async (tx) =>
          [await dailyRepo.countByStatus(tx, day), await readNext(tx), await readPage(tx)] as const,
      )
    : await Promise.all([dailyRepo.countByStatus(deps.db, day), readNext(deps.db), readPage(deps.db)]);
  const dayStats = stats(counts);
  // Without a search the day's counts are the total (of one status, or of all).
  const total = searched ?? (q.status ? (counts.get(q.status) ?? 0) : dayStats.total);
  return {
    date,
    stats: dayStats,
    total,
    page,
    limit,
    next: next && {
      id: next.id,
      scheduled_at: localDateTime(next.scheduledAt, tz),
      patient_name: next.patientName,
      position: next.place,
    },
    appointments: rows.map((r) => toAppointmentDto(r, tz, now)),
  };
}
