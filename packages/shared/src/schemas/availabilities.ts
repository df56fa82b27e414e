import { z } from 'zod';
import { limitQuery, pageQuery } from './common';
import { parseDay, toMinutes } from '../scheduling/calendar-days';
import { clearableText, flag, refId, status } from './resources-common';

/**
 * Agenda (availability) forms of spec part 1 §5 "Create agenda", "Edit agenda", "Transfer agenda",
 * "Simple reschedule" and "Cancel agenda", with their Spanish messages. Checks that need the clock in the
 * organisation's timezone (a past date) or the database (the doctor's specialties and sites, overlaps) are
 * the server's; the messages for them live here too so that the screens can reuse them.
 */
export const AGENDA_MESSAGES = {
  location: 'Debe seleccionar una ubicación',
  specialty: 'Debe seleccionar una especialidad',
  doctor: 'Debe seleccionar un doctor',
  date: 'Debe seleccionar una fecha',
  startTime: 'Debe especificar hora de inicio',
  endTime: 'Debe especificar hora de fin',
  pastDate: 'No puede crear una agenda en una fecha pasada',
  order: 'La hora de inicio debe ser anterior a la hora de fin',
  capacityMin: 'La capacidad mínima es 1',
  capacityMax: 'La capacidad máxima es 100',
  capacityInteger: 'La capacidad debe ser un número entero',
  duration: 'Los minutos por cita deben estar entre 15 y 240, en pasos de 5',
  allRequired: 'Todos los campos son obligatorios',
  distributionDates: 'Debe indicar la fecha de inicio y de fin de la distribución',
  distributionOrder: 'La fecha de fin de la distribución no puede ser anterior a la de inicio',
  transferDate: 'Por favor selecciona una nueva fecha',
  transferPast: 'No puedes transferir a una fecha pasada',
  transferSame: 'La nueva fecha debe ser diferente a la actual',
  reschedulePast: 'No puede reagendar a una fecha pasada',
  cancelMessage: 'Debe escribir un mensaje para los pacientes',
  invalidDate: 'Fecha inválida (AAAA-MM-DD)',
  invalidTime: 'Hora inválida (HH:mm)',
  status: 'Estado de agenda inválido',
} as const;
const M = AGENDA_MESSAGES;

export const AGENDA_CAPACITY_MAX = 100;
export const AGENDA_DURATION = { min: 15, max: 240, step: 5, default: 30 } as const;

export const AGENDA_STATUSES = ['Activa', 'Completa', 'Cancelada'] as const;
export type AgendaStatus = (typeof AGENDA_STATUSES)[number];
/** The screens send English values in places (the edit form starts at 'active'); stored in Spanish. */
export const agendaStatus = status(
  AGENDA_STATUSES,
  {
    active: 'Activa',
    activo: 'Activa',
    completed: 'Completa',
    complete: 'Completa',
    completada: 'Completa',
    cancelled: 'Cancelada',
    canceled: 'Cancelada',
    cancelado: 'Cancelada',
  },
  M.status,
);

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

function isDay(s: string): boolean {
  try {
    parseDay(s);
    return s >= '2000-01-01' && s <= '2100-12-31';
  } catch {
    return false;
  }
}

/** A required calendar date: missing or blank gives `missing`; a malformed one, 'Fecha inválida'. */
/** YYYY-MM-DD, spaces around it allowed: the pattern the OpenAPI document shows (issue 34 item 16). */
const DAY_PATTERN = /^\s*\d{4}-\d{2}-\d{2}\s*$/;
export const requiredDay = (missing: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: missing })
      .regex(DAY_PATTERN, { message: M.invalidDate, abort: true })
      .trim()
      .refine(isDay, M.invalidDate),
  );
export const optionalDay = z.preprocess(
  blankToUndefined,
  z.string().trim().refine(isDay, M.invalidDate).optional(),
);
const clearableDay = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string().trim().refine(isDay, M.invalidDate).nullable().optional(),
);

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
/** 'HH:mm' or 'HH:mm:ss' (seconds dropped: agendas are planned to the minute), stored as 'HH:mm'. */
export const requiredTime = (missing: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: missing })
      .trim()
      .regex(TIME, M.invalidTime)
      .transform((s) => s.slice(0, 5)),
  );

const capacity = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: M.capacityMin })
    .int(M.capacityInteger)
    .min(1, M.capacityMin)
    .max(AGENDA_CAPACITY_MAX, M.capacityMax),
);
const duration = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: M.duration })
    .int(M.duration)
    .min(AGENDA_DURATION.min, M.duration)
    .max(AGENDA_DURATION.max, M.duration)
    .multipleOf(AGENDA_DURATION.step, M.duration),
);
const notes = clearableText(500, 'Las notas no pueden exceder 500 caracteres');

/** The creation form's camelCase names (spec §3 "Agenda creation form") and other spellings seen → API names. */
const ALIASES: Record<string, string> = {
  locationId: 'location_id',
  location: 'location_id',
  specialtyId: 'specialty_id',
  specialty: 'specialty_id',
  doctorId: 'doctor_id',
  doctor: 'doctor_id',
  startTime: 'start_time',
  time_start: 'start_time',
  endTime: 'end_time',
  time_end: 'end_time',
  durationMinutes: 'duration_minutes',
  autoPreallocate: 'auto_preallocate',
  preallocationPublishDate: 'preallocation_publish_date',
  autoDistribute: 'auto_distribute',
  distributionStartDate: 'distribution_start_date',
  distributionEndDate: 'distribution_end_date',
  excludeWeekends: 'exclude_weekends',
};
export function normaliseAgendaKeys(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const o: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const [alias, key] of Object.entries(ALIASES)) {
    if (!(alias in o)) continue;
    if (o[key] === undefined) o[key] = o[alias];
    delete o[alias];
  }
  return o;
}

const minutesOf = (t: string) => toMinutes(t.slice(0, 5));
// Zod 4 runs object refinements even when a field failed a format check, so they look at valid values only.
const validTime = (t: unknown): t is string => typeof t === 'string' && TIME.test(t);
const validDay = (d: unknown): d is string => typeof d === 'string' && isDay(d);

interface TimesAndDistribution {
  start_time?: string;
  end_time?: string;
  auto_distribute?: boolean;
  distribution_start_date?: string | null;
  distribution_end_date?: string | null;
}
export function checkTimesAndDistribution(v: TimesAndDistribution, ctx: z.RefinementCtx) {
  if (validTime(v.start_time) && validTime(v.end_time) && minutesOf(v.start_time) >= minutesOf(v.end_time))
    ctx.addIssue({ code: 'custom', message: M.order, path: ['end_time'] });
  if (v.auto_distribute) {
    if (!v.distribution_start_date || !v.distribution_end_date)
      ctx.addIssue({ code: 'custom', message: M.distributionDates, path: ['distribution_start_date'] });
    else if (
      validDay(v.distribution_start_date) &&
      validDay(v.distribution_end_date) &&
      v.distribution_end_date < v.distribution_start_date
    )
      ctx.addIssue({ code: 'custom', message: M.distributionOrder, path: ['distribution_end_date'] });
  }
}

const distributionFields = {
  auto_preallocate: flag(),
  preallocation_publish_date: clearableDay,
  auto_distribute: flag(),
  distribution_start_date: clearableDay,
  distribution_end_date: clearableDay,
  exclude_weekends: flag(),
};

export const createAvailabilityBody = z.preprocess(
  normaliseAgendaKeys,
  z
    .object({
      location_id: refId(M.location),
      specialty_id: refId(M.specialty),
      doctor_id: refId(M.doctor),
      date: requiredDay(M.date),
      start_time: requiredTime(M.startTime),
      end_time: requiredTime(M.endTime),
      capacity: capacity.default(1),
      duration_minutes: duration.default(AGENDA_DURATION.default),
      /** One client flow sends a status; a new agenda is always Activa, so only that value is accepted. */
      status: z.preprocess(blankToUndefined, agendaStatus.optional()),
      notes,
      ...distributionFields,
      auto_preallocate: distributionFields.auto_preallocate.default(false),
      auto_distribute: distributionFields.auto_distribute.default(false),
      exclude_weekends: distributionFields.exclude_weekends.default(true),
    })
    .superRefine((v, ctx) => {
      checkTimesAndDistribution(v, ctx);
      if (v.status && v.status !== 'Activa')
        ctx.addIssue({ code: 'custom', message: 'Una agenda nueva se crea Activa', path: ['status'] });
    }),
);
export type CreateAvailabilityBody = z.infer<typeof createAvailabilityBody>;

/** The fields the edit form requires together (spec §5 "Edit agenda"). */
export const AGENDA_EDIT_FIELDS = [
  'doctor_id',
  'specialty_id',
  'location_id',
  'date',
  'start_time',
  'end_time',
  'capacity',
] as const;

/**
 * PUT /availabilities/{id} serves three clients: the edit form (all of AGENDA_EDIT_FIELDS), the transfer
 * dialog (only date and status) and the status-only update. Sending any field of the edit form other than
 * date and status makes it an edit, and then all of them are required.
 */
export const updateAvailabilityBody = z.preprocess(
  normaliseAgendaKeys,
  z
    .object({
      location_id: z.preprocess(blankToUndefined, refId(M.allRequired).optional()),
      specialty_id: z.preprocess(blankToUndefined, refId(M.allRequired).optional()),
      doctor_id: z.preprocess(blankToUndefined, refId(M.allRequired).optional()),
      date: optionalDay,
      start_time: z.preprocess(blankToUndefined, requiredTime(M.allRequired).optional()),
      end_time: z.preprocess(blankToUndefined, requiredTime(M.allRequired).optional()),
      capacity: z.preprocess(blankToUndefined, capacity.optional()),
      duration_minutes: z.preprocess(blankToUndefined, duration.optional()),
      status: z.preprocess(blankToUndefined, agendaStatus.optional()),
      notes,
      ...distributionFields,
      auto_preallocate: distributionFields.auto_preallocate.optional(),
      auto_distribute: distributionFields.auto_distribute.optional(),
      exclude_weekends: distributionFields.exclude_weekends.optional(),
    })
    .superRefine((v, ctx) => {
      const present = Object.entries(v).filter(([, x]) => x !== undefined);
      if (present.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'No hay cambios para guardar' });
        return;
      }
      if (isFullEdit(v) && AGENDA_EDIT_FIELDS.some((k) => v[k] === undefined))
        ctx.addIssue({ code: 'custom', message: M.allRequired });
      checkTimesAndDistribution(v, ctx);
    }),
);
export type UpdateAvailabilityBody = z.infer<typeof updateAvailabilityBody>;

/** True when the body carries edit-form fields beyond a transfer's date and status (and notes). */
export function isFullEdit(v: Record<string, unknown>): boolean {
  return Object.entries(v).some(
    ([k, x]) => x !== undefined && !['date', 'status', 'notes', 'mode'].includes(k),
  );
}

const ALL = new Set(['', 'all', 'todos', 'todas']);
/** 'all', 'Todos' and '' mean no filter. */
export const filterOf = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && ALL.has(v.trim().toLowerCase()) ? undefined : v),
    schema.optional(),
  );
export const filterId = (message: string) => filterOf(refId(message));

/**
 * GET /availabilities answers at most this many agendas a page (also the default page size); the envelope's
 * `total` counts every match, so a client sees when there are more pages (as GET /appointments does).
 */
export const AGENDA_LIST_MAX = 2000;

export const listAvailabilitiesQuery = z.object({
  date: filterOf(optionalDay),
  start_date: filterOf(optionalDay),
  end_date: filterOf(optionalDay),
  specialty_id: filterId('Especialidad inválida'),
  doctor_id: filterId('Doctor inválido'),
  location_id: filterId('Ubicación inválida'),
  status: filterOf(agendaStatus),
  /** true: only agendas where an appointment can still start (a block that has ended is not offered). */
  upcoming: z
    .enum(['true', 'false', '1', '0'], { error: 'Use true o false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  /**
   * true: only agendas that can take one more appointment of their own length now: Activa, a slot left, and a
   * free time on their grid after the current minute that no appointment of the doctor takes (what 'Próximas
   * disponibilidades' offers; an agenda listed so books without a time).
   */
  bookable: z
    .enum(['true', 'false', '1', '0'], { error: 'Use true o false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  page: pageQuery,
  // The default is the cap, so a client that sends no paging gets what it always got; `total` says the rest.
  limit: limitQuery(AGENDA_LIST_MAX, AGENDA_LIST_MAX),
});
export type ListAvailabilitiesQuery = z.infer<typeof listAvailabilitiesQuery>;

export const activeAvailabilitiesQuery = z.object({
  specialty_id: filterId('Especialidad inválida'),
  doctor_id: filterId('Doctor inválido'),
  location_id: filterId('Ubicación inválida'),
  with_slots: z
    .enum(['true', 'false', '1', '0'], { error: 'Use true o false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
