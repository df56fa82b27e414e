import { AppError } from '@ips/shared/errors';
import { localDate, localDateTime, parseLocalDateTime, startOfLocalDay } from '@ips/shared/format';
import { addDays, toMinutes } from '@ips/shared/scheduling/calendar-days';
import { suggestNextTime, type BusyRange } from '@ips/shared/scheduling/time-layout';
import { BOOKING_MESSAGES as M } from '@ips/shared/schemas/appointment-booking';
import type { Executor } from '../../db/client';
import { busyIntervals } from './booking-repo';

/** Where an appointment goes in an agenda: the asked time checked against its date and hours, or the next free one. */

export interface AgendaHours {
  date: string;
  startTime: string;
  endTime: string;
  doctorId: number;
}

/** Minutes after the local midnight of `day` (clamped to the day) for each busy interval. */
export function busyMinutes(
  day: string,
  tz: string,
  rows: { scheduledAt: Date; endsAt: Date }[],
): BusyRange[] {
  const local = (d: Date) => {
    const text = localDateTime(d, tz);
    if (text.slice(0, 10) < day) return 0;
    if (text.slice(0, 10) > day) return 24 * 60;
    return toMinutes(text.slice(11, 16));
  };
  return rows.map((r) => ({ start: local(r.scheduledAt), end: local(r.endsAt) }));
}

const hhmm = (t: string) => t.slice(0, 5);

/**
 * Checks that `scheduledAt` ('YYYY-MM-DD HH:mm[:ss]', organisation time) lies on the agenda's date and that
 * the whole appointment fits within its hours; returns the instant.
 */
export function checkWithinAgenda(
  agenda: AgendaHours,
  scheduledAt: string,
  durationMinutes: number,
  tz: string,
) {
  const start = parseLocalDateTime(scheduledAt, tz);
  if (!start) throw new AppError('VALIDATION', 'Fecha y hora inválidas (AAAA-MM-DD HH:mm:ss)');
  const text = localDateTime(start, tz);
  const range = M.outOfRange(hhmm(agenda.startTime), hhmm(agenda.endTime));
  if (text.slice(0, 10) !== agenda.date)
    throw new AppError('VALIDATION', `La fecha de la cita debe ser la de la agenda (${agenda.date})`, {
      scheduled_at: [`La fecha de la cita debe ser la de la agenda (${agenda.date})`],
    });
  const minute = toMinutes(text.slice(11, 16));
  if (minute < toMinutes(agenda.startTime) || minute + durationMinutes > toMinutes(agenda.endTime))
    throw new AppError('VALIDATION', range, { scheduled_at: [range] });
  return start;
}

/**
 * The first time in the agenda, in steps of the duration from its start (from now when the agenda is today),
 * free for the doctor, the patient and the room. Call it after the agenda's row is locked (takeSlot does), so
 * that two bookings of one agenda cannot pick the same time.
 */
export async function nextFreeStart(
  tx: Executor,
  tz: string,
  agenda: AgendaHours,
  who: { patientId: number; roomId?: number | null; excludeId?: number | null },
  durationMinutes: number,
  now: Date = new Date(),
): Promise<Date> {
  const from = startOfLocalDay(agenda.date, tz);
  const to = startOfLocalDay(addDays(agenda.date, 1), tz);
  const rows = await busyIntervals(tx, {
    doctorId: agenda.doctorId,
    patientId: who.patientId,
    roomId: who.roomId,
    from,
    to,
    excludeId: who.excludeId,
  });
  const notBefore =
    agenda.date === localDate(now, tz) ? toMinutes(localDateTime(now, tz).slice(11, 16)) + 1 : undefined;
  const time = suggestNextTime(
    agenda.startTime,
    agenda.endTime,
    durationMinutes,
    busyMinutes(agenda.date, tz, rows),
    notBefore,
  );
  if (!time) throw new AppError('CONFLICT', M.noFreeTime);
  return parseLocalDateTime(`${agenda.date} ${time}`, tz)!;
}
