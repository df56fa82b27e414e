import { AppError } from '@ips/shared/errors';
import { localDate, localDateTime, parseLocalDateTime } from '@ips/shared/format';
import { toMinutes } from '@ips/shared/scheduling/calendar-days';
import type { BusyRange } from '@ips/shared/scheduling/time-layout';
import { agendaHoursError } from '@ips/shared/schemas/appointment-booking';

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
  if (text.slice(0, 10) !== agenda.date)
    throw new AppError('VALIDATION', `La fecha de la cita debe ser la de la agenda (${agenda.date})`, {
      scheduled_at: [`La fecha de la cita debe ser la de la agenda (${agenda.date})`],
    });
  const outside = agendaHoursError(
    text.slice(11, 16),
    durationMinutes,
    hhmm(agenda.startTime),
    hhmm(agenda.endTime),
  );
  if (outside) throw new AppError('VALIDATION', outside, { scheduled_at: [outside] });
  return start;
}

/**
 * Where the search for the agenda's next free time runs (spec §5 suggested time, as suggestNextTime): from the
 * agenda's start, or from the first step after now when the agenda is today, up to its end; in minutes after
 * the agenda's local midnight. The search itself runs under the agenda's lock, in booking_slot (migration 0013).
 */
export function searchWindow(
  agenda: AgendaHours,
  durationMinutes: number,
  tz: string,
  now: Date = new Date(),
): { firstMinute: number; endMinute: number } {
  const start = toMinutes(agenda.startTime);
  const notBefore =
    agenda.date === localDate(now, tz) ? toMinutes(localDateTime(now, tz).slice(11, 16)) + 1 : undefined;
  const firstMinute =
    notBefore !== undefined && notBefore > start
      ? start + Math.ceil((notBefore - start) / durationMinutes) * durationMinutes
      : start;
  return { firstMinute, endMinute: toMinutes(agenda.endTime) };
}
