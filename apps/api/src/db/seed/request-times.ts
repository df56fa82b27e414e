import { localDate, parseLocalDateTime } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';

/*
 * When each demo appointment was requested (created_at) and, if cancelled, when it was cancelled. Análisis reads
 * "días hasta la cita" as the scheduled day minus the request day and "anticipación de las cancelaciones" as the
 * scheduled instant minus the cancellation, and Oportunidad tells first visits from controls by the patient's
 * earlier appointments; an appointment written at seed time with created_at = now would be requested after it
 * happened (negative days) and cancelled at its own start (0 h). So, in time order:
 * - a first visit of the year in the specialty is requested a few days ahead (primary care 0–4 days, specialists
 *   3–20), as the Res. 256 waits of a small IPS;
 * - a control is requested at or after the previous visit, 10–40 days ahead;
 * - nobody asks later than now, nor later than half an hour before the appointment;
 * - a cancellation comes between the request and the appointment, and not after now.
 * Deterministic: its own seeded draw, so the plan's other draws do not move.
 */

export interface Timed {
  patientId: number;
  specialtyId: number;
  scheduledAt: Date;
  status?: string | undefined;
  createdAt?: Date | undefined;
  cancelledAt?: Date | null | undefined;
}

const HOUR = 3_600_000;

export function assignRequestTimes(
  rows: Timed[],
  opts: { now: Date; tz: string; primaryCare: ReadonlySet<number>; random: () => number },
): void {
  const { now, tz, primaryCare, random } = opts;
  const seen = new Set<string>();
  const byTime = [...rows].sort((a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime());
  for (const a of byTime) {
    const day = localDate(a.scheduledAt, tz);
    const key = `${a.patientId}|${a.specialtyId}|${day.slice(0, 4)}`;
    const control = seen.has(key);
    if (a.status !== 'Cancelada') seen.add(key);
    const lead = control
      ? 10 + Math.floor(random() * 31)
      : primaryCare.has(a.specialtyId)
        ? Math.floor(random() * 5)
        : 3 + Math.floor(random() * 18);
    const minute = 7 * 60 + Math.floor(random() * 600);
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    let created = parseLocalDateTime(`${addDays(day, -lead)} ${time}`, tz)!;
    const latest = Math.min(
      now.getTime() - Math.floor(random() * 36 * HOUR),
      a.scheduledAt.getTime() - HOUR / 2,
    );
    if (created.getTime() > latest) created = new Date(latest);
    a.createdAt = created;
    if (a.status === 'Cancelada') {
      const span = a.scheduledAt.getTime() - created.getTime();
      const at = created.getTime() + Math.floor(span * (0.2 + random() * 0.75));
      a.cancelledAt = new Date(Math.max(created.getTime(), Math.min(at, now.getTime() - 60_000)));
    }
  }
}
