import { toMinutes } from '@ips/shared/scheduling/calendar-days';
import { AppError } from '@ips/shared/errors';
import { localDate, localDateTime } from '@ips/shared/format';
import type { Executor } from '../../db/client';
import * as repo from './repo';

/** Live-update channel of agendas; payloads carry ids only. */
export const AGENDAS_CHANNEL = 'agendas';
export const AGENDA_NOT_FOUND = 'Agenda no encontrada';
export const OVERLAP_MESSAGE = 'El doctor ya tiene una agenda que se cruza con ese horario';

/** Today's date in the organisation's timezone: "past" is the clinic's past, not the server's. */
export const todayIn = (tz: string) => localDate(new Date(), tz);

/**
 * The organisation's date and minute of the day at `now`: what has ended is judged on the clinic's clock, not
 * the server's.
 */
export function orgClock(tz: string, now: Date = new Date()): { today: string; nowMinutes: number } {
  const text = localDateTime(now, tz);
  return { today: text.slice(0, 10), nowMinutes: toMinutes(text.slice(11, 16)) };
}

/** Whether an appointment could still start in the agenda: any later day, or today before its last start. */
export function canStartAfter(
  a: { date: string; endTime: string; durationMinutes: number },
  today: string,
  nowMinutes: number,
): boolean {
  if (a.date !== today) return a.date > today;
  return toMinutes(a.endTime.slice(0, 5)) - a.durationMinutes >= nowMinutes;
}

function invalid(errors: Record<string, string[]>): AppError {
  return new AppError('VALIDATION', [...new Set(Object.values(errors).flat())].join('. '), errors);
}

/** The doctor, specialty and location exist and are active, and the doctor practises that specialty there. */
export async function assertPractice(
  tx: Executor,
  doctorId: number,
  specialtyId: number,
  locationId: number,
) {
  const p = await repo.practice(tx, doctorId, specialtyId, locationId);
  const errors: Record<string, string[]> = {};
  if (p.location_status === null) errors.location_id = ['La ubicación seleccionada no existe'];
  else if (p.location_status !== 'Activa') errors.location_id = ['La ubicación seleccionada está inactiva'];
  if (p.specialty_active === null) errors.specialty_id = ['La especialidad seleccionada no existe'];
  else if (!p.specialty_active) errors.specialty_id = ['La especialidad seleccionada está inactiva'];
  if (p.doctor_active === null) errors.doctor_id = ['El doctor seleccionado no existe'];
  else if (!p.doctor_active) errors.doctor_id = ['El doctor seleccionado está inactivo'];
  if (Object.keys(errors).length) throw invalid(errors);
  if (!p.offered) errors.specialty_id = ['La ubicación no ofrece la especialidad seleccionada'];
  if (!p.has_specialty) errors.doctor_id = ['El doctor no atiende la especialidad seleccionada'];
  else if (!p.at_location) errors.doctor_id = ['El doctor no atiende en la ubicación seleccionada'];
  if (Object.keys(errors).length) throw invalid(errors);
}

/**
 * Whether two blocks of one doctor on one day cross: the half-open ranges of the exclusion constraint
 * (availabilities_doctor_overlap), so one may start exactly when the other ends. Times 'HH:mm' or 'HH:mm:ss'.
 */
export function blocksOverlap(a: { start: string; end: string }, b: { start: string; end: string }): boolean {
  return (
    toMinutes(a.start.slice(0, 5)) < toMinutes(b.end.slice(0, 5)) &&
    toMinutes(b.start.slice(0, 5)) < toMinutes(a.end.slice(0, 5))
  );
}

/** The friendly overlap check; the exclusion constraint stands behind it for concurrent requests. */
export async function assertNoOverlap(
  tx: Executor,
  doctorId: number,
  date: string,
  start: string,
  end: string,
  excludeId?: number,
) {
  const clash = await repo.findOverlap(tx, doctorId, date, start, end, excludeId);
  if (clash)
    throw new AppError(
      'CONFLICT',
      `${OVERLAP_MESSAGE} (${date} ${clash.startTime.slice(0, 5)}–${clash.endTime.slice(0, 5)})`,
    );
}
