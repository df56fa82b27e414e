import { parseLocalDateTime } from '@ips/shared/format';
import type { PatientAppointment } from '@/features/patients/api/get-patient-appointments';

export interface DatedAppointment extends PatientAppointment {
  at: Date | null;
}

/** Reads 'YYYY-MM-DD HH:MM:00' (or with 'T', or an ISO instant) as the organisation's wall-clock time. */
export function appointmentInstant(scheduledAt: string, tz: string): Date | null {
  const local = parseLocalDateTime(scheduledAt.replace(/\.\d+$/, '').slice(0, 19), tz);
  if (local && !/[zZ]|[+-]\d{2}:?\d{2}$/.test(scheduledAt)) return local;
  const d = new Date(scheduledAt);
  return Number.isNaN(d.getTime()) ? local : d;
}

/**
 * Spec §2 "Citas": upcoming are those at now or later, ascending; history the earlier ones, descending.
 */
export function splitAppointments(
  list: readonly PatientAppointment[],
  tz: string,
  now: Date = new Date(),
): { upcoming: DatedAppointment[]; history: DatedAppointment[] } {
  const dated = list.map((a) => ({ ...a, at: appointmentInstant(a.scheduled_at, tz) }));
  const time = (a: DatedAppointment) => a.at?.getTime() ?? 0;
  return {
    upcoming: dated.filter((a) => time(a) >= now.getTime()).sort((a, b) => time(a) - time(b)),
    history: dated.filter((a) => time(a) < now.getTime()).sort((a, b) => time(b) - time(a)),
  };
}
