import { z } from 'zod';
import { daysBetween } from '../scheduling/calendar-days';
import { filterId, filterOf, optionalDay, requiredDay } from './availabilities';

/**
 * Quota distribution of agendas over days (spec part 1 §3 "Distribution entry", "Time slot", "Available date";
 * part 2 §3 "Distribution item", §5 "Assigned slots") and the distribution calendar.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const MAX_RANGE_DAYS = 366;
const RANGE_TOO_LONG = `El rango no puede superar ${MAX_RANGE_DAYS} días`;
const RANGE_ORDER = 'La fecha de fin no puede ser anterior a la de inicio';

const rangeCheck = (v: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) => {
  // Zod 4 runs this even when a date failed its own check; only two valid dates are compared.
  if (!v.start_date || !v.end_date || !DAY.test(v.start_date) || !DAY.test(v.end_date)) return;
  try {
    daysBetween(v.start_date, v.end_date);
  } catch {
    return;
  }
  if (v.end_date < v.start_date) ctx.addIssue({ code: 'custom', message: RANGE_ORDER, path: ['end_date'] });
  else if (daysBetween(v.start_date, v.end_date).length > MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', message: RANGE_TOO_LONG, path: ['end_date'] });
};

const agendaFilters = {
  doctor_id: filterId('Doctor inválido'),
  specialty_id: filterId('Especialidad inválida'),
  location_id: filterId('Ubicación inválida'),
  start_date: filterOf(optionalDay),
  end_date: filterOf(optionalDay),
};

export const distributionsQuery = z
  .object({
    ...agendaFilters,
    availability_id: filterId('Agenda inválida'),
    only_available: z
      .enum(['true', 'false', '1', '0'], { error: 'Use true o false' })
      .transform((v) => v === 'true' || v === '1')
      .optional(),
  })
  .superRefine(rangeCheck);
export type DistributionsQuery = z.infer<typeof distributionsQuery>;

export const distributionRangeQuery = z
  .object({
    ...agendaFilters,
    start_date: requiredDay('Debe indicar la fecha de inicio'),
    end_date: requiredDay('Debe indicar la fecha de fin'),
  })
  .superRefine(rangeCheck);

export const calendarQuery = z.object(agendaFilters).superRefine(rangeCheck);
export type CalendarQuery = z.infer<typeof calendarQuery>;

export const ASSIGNED_MESSAGES = {
  integer: 'Los cupos asignados deben ser un número entero',
  negative: 'Los cupos asignados no pueden ser negativos',
  overQuota: (quota: number) => `Los cupos asignados no pueden superar la cuota del día (${quota})`,
} as const;
export const assignedBody = z.object({
  assigned: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: ASSIGNED_MESSAGES.integer })
      .int(ASSIGNED_MESSAGES.integer)
      .min(0, ASSIGNED_MESSAGES.negative)
      .max(100_000, ASSIGNED_MESSAGES.integer),
  ),
});

export const distributionEntryDto = z.object({
  id: z.number(),
  distribution_id: z.number(),
  availability_id: z.number(),
  day_date: z.string(),
  quota: z.number(),
  assigned: z.number(),
  remaining: z.number(),
  doctor_id: z.number(),
  doctor_name: z.string(),
  specialty_id: z.number(),
  specialty_name: z.string(),
  location_id: z.number(),
  location_name: z.string(),
  availability_date: z.string(),
  availability_status: z.string(),
  start_time: z.string(),
  end_time: z.string(),
});
export type DistributionEntryDto = z.infer<typeof distributionEntryDto>;

/** Quota utilisation bands of part 2 §4: 90% or more, 80%, 60%, below. */
export const distributionStatsDto = z.object({
  agendas: z.number(),
  days: z.number(),
  total_quota: z.number(),
  total_assigned: z.number(),
  total_remaining: z.number(),
  utilization_percent: z.number(),
  bands: z.object({ critical: z.number(), high: z.number(), medium: z.number(), low: z.number() }),
});

export const timeSlotDto = z.object({
  /** Null for an agenda without auto distribution: its whole capacity is offered on its own date. */
  distribution_id: z.number().nullable(),
  availability_id: z.number(),
  start_time: z.string(),
  end_time: z.string(),
  quota: z.number(),
  assigned: z.number(),
  available_slots: z.number(),
  doctor_id: z.number(),
  doctor_name: z.string(),
  specialty_id: z.number(),
  specialty_name: z.string(),
  location_id: z.number(),
  location_name: z.string(),
});
export type TimeSlotDto = z.infer<typeof timeSlotDto>;

export const availableDateDto = z.object({
  date: z.string(),
  day_name: z.string(),
  total_available_slots: z.number(),
  time_slots: z.array(timeSlotDto),
});
export type AvailableDateDto = z.infer<typeof availableDateDto>;

export const calendarDto = z.object({
  start_date: z.string(),
  end_date: z.string(),
  available_dates: z.array(availableDateDto),
});

export const dropdownOptionDto = timeSlotDto.extend({
  date: z.string(),
  day_name: z.string(),
  label: z.string(),
});

/** Spanish weekday names, Monday first (ISO 1–7). */
export const DAY_NAMES_ES = [
  'lunes',
  'martes',
  'miércoles',
  'jueves',
  'viernes',
  'sábado',
  'domingo',
] as const;
