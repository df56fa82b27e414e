import { eq } from 'drizzle-orm';
import { AppError } from '@ips/shared/errors';
import { formatDate, localDateTime, parseLocalDateTime, startOfLocalDay } from '@ips/shared/format';
import { addDays, isoWeekday, toMinutes } from '@ips/shared/scheduling/calendar-days';
import { firstFittingTime, type MinuteWindow } from '@ips/shared/scheduling/time-layout';
import {
  SMART_ASSIGN_MESSAGES as M,
  type SmartAssignBody,
  type SmartAssignResult,
  type TimeWindow,
} from '@ips/shared/schemas/smart-assign';
import type { Executor } from '../../db/client';
import { specialties } from '../../db/schema/resources';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { orgToday } from '../../lib/org-time';
import { busyMinutes, bookInTransaction, toAppointmentDto, NO_SLOTS_MESSAGE } from '../appointments';
import * as brepo from '../appointments';
import * as agendaRepo from '../availabilities';
import { canStartAfter, orgClock } from '../availabilities';
import { publishQueueEvent } from '../queue';
import * as qrepo from '../queue';

/** How many agendas are examined before the patient goes to the queue (the window is at most 180 days). */
const MAX_AGENDAS = 300;

const minutes = (t: string) => (t.startsWith('24:') ? 24 * 60 : toMinutes(t));

/** The windows that apply on one agenda (a window bound to another date or agenda does not). */
function windowsFor(
  windows: readonly TimeWindow[],
  agenda: { id: number; date: string },
): MinuteWindow[] | null {
  if (windows.length === 0) return [];
  const fit = windows
    .filter(
      (w) => (!w.date || w.date === agenda.date) && (!w.availability_id || w.availability_id === agenda.id),
    )
    .map((w) => ({ start: minutes(w.start_time), end: minutes(w.end_time) }));
  return fit.length > 0 ? fit : null;
}

/**
 * POST /auto-assignment/smart-assign (spec §3, §5): the earliest free time, weekdays only, from now to
 * `search_days_ahead` days ahead, in an Activa agenda of the specialty with slots left, at the preferred
 * location and doctor when given, inside a preferred time window when given. It is booked Confirmada in the
 * same transaction (the agenda's row is locked while its free time is computed). Otherwise the patient joins
 * the specialty's waiting queue with the preferences and the urgency as priority.
 */
export async function smartAssign(
  deps: AppDeps,
  actor: Actor,
  body: SmartAssignBody,
  now: Date = new Date(),
): Promise<SmartAssignResult> {
  const tz = deps.config.orgTimezone;
  return deps.db.transaction(async (tx) => {
    const patient = await brepo.findPatient(tx, body.patient_id);
    if (!patient) throw new AppError('NOT_FOUND', 'Paciente no encontrado');
    if (patient.status !== 'Activo')
      throw new AppError('CONFLICT', 'El paciente está inactivo; reactívelo antes de agendar');
    const [specialty] = await tx
      .select({ id: specialties.id, name: specialties.name })
      .from(specialties)
      .where(eq(specialties.id, body.specialty_id));
    if (!specialty) throw new AppError('NOT_FOUND', 'Especialidad no encontrada');

    const booked = await findAndBook(tx, deps, actor, body, now);
    // A time chosen in the picker that cannot be had any more is said so; the queue is for "any time".
    if (!booked) await assertPickedSlotsOpen(tx, deps, body, now);
    if (booked) {
      const dto = toAppointmentDto((await brepo.findWithNames(tx, booked))!, tz);
      return {
        success: true as const,
        assignment_type: 'appointment' as const,
        appointment: {
          ...dto,
          doctor: dto.doctor_name,
          location: dto.location_name,
          specialty: dto.specialty_name,
        },
        queue_entry: null,
        message: M.assigned,
      };
    }

    const { entry, created } = await qrepo.enqueue(tx, {
      patientId: body.patient_id,
      specialtyId: body.specialty_id,
      locationId: body.location_id ?? null,
      preferredDoctorId: body.preferred_doctor_id ?? null,
      priorityLevel: body.urgency_level,
      callType: 'normal',
      source: 'smart_assign',
      reason: body.reason ?? null,
      notes: body.notes ?? null,
      appointmentType: body.appointment_type,
      durationMinutes: body.duration_minutes ?? null,
      insuranceType: body.insurance_type ?? null,
      preferredTimeSlots: body.preferred_time_slots ?? null,
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
    return {
      success: true as const,
      assignment_type: 'queue' as const,
      appointment: null,
      queue_entry: await qrepo.toDto(tx, entry),
      message: created ? M.queued : M.alreadyQueued,
    };
  });
}

/** Candidate agendas whose busy times are read together: a first batch of 10 (usually one of them has a time). */
const FIRST_BATCH = 10;

/** What the search reads from a request: smart assignment's own body, or the voice agent's free-times question. */
type SearchBody = Pick<
  SmartAssignBody,
  | 'specialty_id'
  | 'location_id'
  | 'preferred_doctor_id'
  | 'search_days_ahead'
  | 'preferred_time_slots'
  | 'duration_minutes'
>;

/**
 * The agendas the search goes through, in its order (earliest first), each with the minutes a time may take,
 * and the function that says the first fitting time given the busy intervals. Agendas where nothing fits even
 * when nothing is booked (hours outside every preferred window, or past for today) are left out.
 */
async function searchPlan(tx: Executor, deps: AppDeps, body: SearchBody, now: Date) {
  const tz = deps.config.orgTimezone;
  const today = orgToday(deps, now);
  const nowText = localDateTime(now, tz);
  const agendas = await agendaRepo.list(
    tx,
    {
      specialtyId: body.specialty_id,
      locationId: body.location_id ?? undefined,
      doctorId: body.preferred_doctor_id ?? undefined,
      status: 'Activa',
      startDate: today,
      endDate: addDays(today, body.search_days_ahead),
      withFreeSlots: true,
    },
    MAX_AGENDAS,
  );
  const windows = body.preferred_time_slots ?? [];
  const candidates = agendas.flatMap((row) => {
    const agenda = row.a;
    if (isoWeekday(agenda.date) > 5) return [];
    const fit = windowsFor(windows, agenda);
    if (fit === null) return [];
    return [
      {
        agenda,
        names: { doctor: row.doctorName, location: row.locationName },
        fit,
        duration: body.duration_minutes ?? agenda.durationMinutes,
        from: startOfLocalDay(agenda.date, tz),
        to: startOfLocalDay(addDays(agenda.date, 1), tz),
        notBefore: agenda.date === today ? toMinutes(nowText.slice(11, 16)) + 1 : undefined,
      },
    ];
  });
  type Candidate = (typeof candidates)[number];
  const fittingTime = (c: Candidate, busy: brepo.BusyInterval[]) => {
    const time = firstFittingTime(
      c.agenda.startTime,
      c.agenda.endTime,
      c.duration,
      busyMinutes(c.agenda.date, tz, busy),
      c.fit,
      c.notBefore,
    );
    return time && parseLocalDateTime(`${c.agenda.date} ${time}`, tz) ? time : null;
  };
  return { open: candidates.filter((c) => fittingTime(c, []) !== null), fittingTime };
}
type Plan = Awaited<ReturnType<typeof searchPlan>>;
type Candidate = Plan['open'][number];

/**
 * The candidates in batches with their busy intervals read without locks: a first batch of FIRST_BATCH, then
 * twice as many each time (one query per batch), so that a search through 300 full agendas takes 5 reads.
 */
async function* batchesWithBusy(tx: Executor, plan: Plan, patientId: number) {
  for (let i = 0, size = FIRST_BATCH; i < plan.open.length; i += size, size *= 2) {
    const batch = plan.open.slice(i, i + size);
    const busy = await brepo.busyOnAgendaDays(
      tx,
      batch.map((c) => ({ agendaId: c.agenda.id, doctorId: c.agenda.doctorId, from: c.from, to: c.to })),
      patientId,
    );
    yield batch.map((c): [Candidate, brepo.BusyInterval[]] => [c, busy.get(c.agenda.id) ?? []]);
  }
}

export interface FreeTime {
  availabilityId: number;
  date: string;
  /** HH:MM, the organisation's local time. */
  time: string;
  durationMinutes: number;
  doctor: string;
  location: string;
}

/**
 * The earliest free time of each agenda smart assignment would book, in the order it would try them, at most
 * `limit` (one per agenda): what it would book now, read without locks and without booking. The voice agent
 * reads these aloud before booking.
 */
export async function earliestFreeTimes(
  deps: AppDeps,
  body: SearchBody,
  limit: number,
  now: Date = new Date(),
): Promise<FreeTime[]> {
  const plan = await searchPlan(deps.db, deps, body, now);
  const out: FreeTime[] = [];
  for await (const batch of batchesWithBusy(deps.db, plan, 0)) {
    for (const [c, busy] of batch) {
      const time = plan.fittingTime(c, busy);
      if (!time) continue;
      out.push({
        availabilityId: c.agenda.id,
        date: c.agenda.date,
        time,
        durationMinutes: c.duration,
        doctor: c.names.doctor,
        location: c.names.location,
      });
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/**
 * Books the first fitting time; returns the appointment id, or null when nothing fits. The candidates' busy
 * times are read a growing batch at a time without locks (one query per batch, not two round trips per
 * agenda); the first agenda where a time fits is then locked and read again, since a booking may have taken
 * that time meanwhile, and booked at the time that fits under the lock (or skipped when none does any more).
 * Only the agenda that is booked is locked, so the search holds up no one else's bookings (decision 018).
 */
async function findAndBook(tx: Executor, deps: AppDeps, actor: Actor, body: SmartAssignBody, now: Date) {
  const plan = await searchPlan(tx, deps, body, now);
  for await (const batch of batchesWithBusy(tx, plan, body.patient_id)) {
    for (const [c, busy] of batch) {
      if (!plan.fittingTime(c, busy)) continue;
      // Locked, then read again: a concurrent booking of this agenda waits for us, or we for it.
      await brepo.lockAgenda(tx, c.agenda.id);
      const fresh = await brepo.busyIntervals(tx, {
        doctorId: c.agenda.doctorId,
        patientId: body.patient_id,
        from: c.from,
        to: c.to,
      });
      const time = plan.fittingTime(c, fresh);
      if (!time) continue;
      try {
        const row = await bookInTransaction(
          tx,
          deps,
          actor,
          {
            patient_id: body.patient_id,
            availability_id: c.agenda.id,
            scheduled_at: `${c.agenda.date} ${time}:00`,
            duration_minutes: c.duration,
            appointment_type: body.appointment_type,
            status: 'Confirmada',
            reason: body.reason ?? null,
            notes: body.notes ?? null,
            insurance_type: body.insurance_type ?? null,
            manual: false,
            desired_date: body.desired_date ?? null,
          },
          null,
          now,
        );
        return row.id;
      } catch (err) {
        // Full since the list was read (takeSlot's zero-row update, no SQL error): try the next agenda.
        if (err instanceof AppError && err.message === NO_SLOTS_MESSAGE) continue;
        throw err;
      }
    }
  }
  return null;
}

/**
 * When the request names agendas (the slot picker sends the chosen agenda and date) and none of them could be
 * booked, answers 409 with the reason (the block has passed, the agenda is no longer Activa, or no time is
 * free) instead of putting the patient in the queue they did not ask for.
 */
async function assertPickedSlotsOpen(tx: Executor, deps: AppDeps, body: SmartAssignBody, now: Date) {
  const picked = (body.preferred_time_slots ?? []).filter((w) => w.availability_id !== undefined);
  if (picked.length === 0) return;
  const { today, nowMinutes } = orgClock(deps.config.orgTimezone, now);
  const first = picked[0]!;
  const agenda = await agendaRepo.findWithNames(tx, first.availability_id!);
  if (!agenda || agenda.a.status !== 'Activa') throw new AppError('CONFLICT', M.slotInactive);
  const date = first.date ?? agenda.a.date;
  if (!canStartAfter({ ...agenda.a, date }, today, nowMinutes))
    throw new AppError(
      'CONFLICT',
      M.slotPast(formatDate(date), agenda.a.startTime.slice(0, 5), agenda.a.endTime.slice(0, 5)),
    );
  throw new AppError('CONFLICT', M.slotTaken);
}
