import { z } from 'zod';
import { limitQuery, pageQuery } from './common';
import { parseDay, toMinutes } from '../scheduling/calendar-days';
import { clearableRefId, clearableText, flag, noNul, NO_NUL_MESSAGE, refId } from './resources-common';

/**
 * Agenda templates (spec part 2 §3 "Agenda template", §5 "Agenda template" and "Generation", §9 "Templates"),
 * with their Spanish messages; the API and the dialog use the same schema (decision 035).
 */
export const TEMPLATE_MESSAGES = {
  nameShort: 'Nombre muy corto',
  nameLong: 'El nombre no puede exceder 100 caracteres',
  description: 'La descripción no puede exceder 500 caracteres',
  doctor: 'Doctor inválido',
  specialty: 'Especialidad inválida',
  location: 'Ubicación inválida',
  days: 'Seleccione al menos un día',
  day: 'Día inválido: use 1 (lunes) a 7 (domingo)',
  time: 'Formato HH:MM',
  slots: 'Debe agregar al menos un horario',
  tooManySlots: 'Máximo 24 horarios',
  capacity: 'La capacidad debe estar entre 1 y 50',
  slotOrder: 'La hora de inicio debe ser anterior a la hora de fin',
  slotOverlap: 'Los horarios no pueden cruzarse',
  duration: 'La duración debe estar entre 15 y 240 minutos, en pasos de 5',
  breakRange: 'La pausa debe estar entre 0 y 60 minutos',
  saveFirst: 'Primero guarde la plantilla',
  range: 'Defina rango',
  date: 'YYYY-MM-DD',
  rangeOrder: 'La fecha final no puede ser anterior a la inicial',
  rangeLength: 'El rango no puede superar 366 días',
  templates: 'Seleccione al menos una plantilla',
  tooManyTemplates: 'Máximo 500 plantillas por generación',
  confirmDelete: '¿Eliminar plantilla?',
} as const;
const M = TEMPLATE_MESSAGES;

export const TEMPLATE_LIMITS = {
  capacity: { min: 1, max: 50, default: 1, added: 4 },
  duration: { min: 15, max: 240, step: 5, default: 30 },
  break: { min: 0, max: 60, default: 0 },
  slots: 24,
  rangeDays: 366,
  bulkTemplates: 500,
} as const;

/** A new template (spec §9): Monday to Friday, one slot 08:00–12:00 of capacity 1. */
export const NEW_TEMPLATE_DAYS = [1, 2, 3, 4, 5] as const;
export const NEW_TEMPLATE_SLOT = { start: '08:00', end: '12:00', capacity: 1 } as const;
/** A slot added in the editor (spec §9): 14:00–18:00 of capacity 4. */
export const ADDED_SLOT = { start: '14:00', end: '18:00', capacity: 4 } as const;

export const WEEKDAY_LABELS: Record<number, string> = {
  1: 'Lunes',
  2: 'Martes',
  3: 'Miércoles',
  4: 'Jueves',
  5: 'Viernes',
  6: 'Sábado',
  7: 'Domingo',
};

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The spec sends days_of_week and time_slots as JSON text; arrays are accepted too. */
const jsonText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};
const numberText = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v);

const name = z
  .string({ error: M.nameShort })
  .trim()
  .min(2, M.nameShort)
  .max(100, M.nameLong)
  .refine(noNul, NO_NUL_MESSAGE);

const day = z.preprocess(numberText, z.number({ error: M.day }).int(M.day).min(1, M.day).max(7, M.day));
const daysOfWeek = z.preprocess(
  jsonText,
  z
    .array(day, { error: M.days })
    .min(1, M.days)
    .max(7, M.day)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
);

const time = z.string({ error: M.time }).trim().regex(HHMM, M.time);
const capacity = z.preprocess(
  numberText,
  z
    .number({ error: M.capacity })
    .int(M.capacity)
    .min(TEMPLATE_LIMITS.capacity.min, M.capacity)
    .max(TEMPLATE_LIMITS.capacity.max, M.capacity),
);
const slot = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const o = v as Record<string, unknown>;
    return { start: o.start ?? o.start_time, end: o.end ?? o.end_time, capacity: o.capacity };
  },
  z
    .object({
      start: time,
      end: time,
      capacity: capacity.default(TEMPLATE_LIMITS.capacity.default),
    })
    .superRefine((s, ctx) => {
      if (HHMM.test(s.start) && HHMM.test(s.end) && s.start >= s.end)
        ctx.addIssue({ code: 'custom', message: M.slotOrder, path: ['end'] });
    }),
);
export type TemplateSlotInput = z.infer<typeof slot>;

const timeSlots = z.preprocess(
  jsonText,
  z
    .array(slot, { error: M.slots })
    .min(1, M.slots)
    .max(TEMPLATE_LIMITS.slots, M.tooManySlots)
    .transform((slots) => [...slots].sort((a, b) => a.start.localeCompare(b.start))),
);

const duration = z.preprocess(
  numberText,
  z
    .number({ error: M.duration })
    .int(M.duration)
    .min(TEMPLATE_LIMITS.duration.min, M.duration)
    .max(TEMPLATE_LIMITS.duration.max, M.duration)
    .multipleOf(TEMPLATE_LIMITS.duration.step, M.duration),
);
const pause = z.preprocess(
  numberText,
  z
    .number({ error: M.breakRange })
    .int(M.breakRange)
    .min(TEMPLATE_LIMITS.break.min, M.breakRange)
    .max(TEMPLATE_LIMITS.break.max, M.breakRange),
);

interface SlotsAndTimes {
  time_slots?: { start: string; end: string }[];
  duration_minutes?: number;
  break_between_slots?: number;
}

/**
 * Rules across fields: each slot holds at least one appointment, and consecutive slots (sorted by start) neither
 * cross nor come closer than the pause between slots (decision 035: the pause is the rest between two slots).
 */
export function checkSlots(v: SlotsAndTimes, ctx: z.RefinementCtx) {
  const slots = v.time_slots;
  if (!Array.isArray(slots)) return;
  const valid = slots.every(
    (s) => s && typeof s === 'object' && HHMM.test(s.start) && HHMM.test(s.end) && s.start < s.end,
  );
  if (!valid) return;
  const duration = v.duration_minutes ?? TEMPLATE_LIMITS.duration.default;
  const pauseMinutes = v.break_between_slots ?? 0;
  slots.forEach((s, i) => {
    if (toMinutes(s.end) - toMinutes(s.start) < duration)
      ctx.addIssue({
        code: 'custom',
        message: `Cada horario debe durar al menos una cita (${duration} minutos)`,
        path: ['time_slots', i, 'end'],
      });
    const prev = slots[i - 1];
    if (!prev) return;
    if (toMinutes(s.start) < toMinutes(prev.end))
      ctx.addIssue({ code: 'custom', message: M.slotOverlap, path: ['time_slots', i, 'start'] });
    else if (toMinutes(s.start) < toMinutes(prev.end) + pauseMinutes)
      ctx.addIssue({
        code: 'custom',
        message: `Deje al menos ${pauseMinutes} minutos entre horarios`,
        path: ['time_slots', i, 'start'],
      });
  });
}

const templateFields = {
  name,
  description: clearableText(500, M.description),
  doctor_id: clearableRefId(M.doctor),
  specialty_id: clearableRefId(M.specialty),
  location_id: clearableRefId(M.location),
  days_of_week: daysOfWeek,
  time_slots: timeSlots,
  duration_minutes: duration,
  break_between_slots: pause,
  active: flag(),
};

export const createTemplateBody = z
  .object({
    ...templateFields,
    days_of_week: daysOfWeek.default([...NEW_TEMPLATE_DAYS]),
    duration_minutes: duration.default(TEMPLATE_LIMITS.duration.default),
    break_between_slots: pause.default(TEMPLATE_LIMITS.break.default),
    active: flag().default(true),
  })
  .superRefine(checkSlots);
export type CreateTemplateBody = z.infer<typeof createTemplateBody>;

/** PUT: any of the fields; the service merges them with the stored template and checks the whole again. */
export const updateTemplateBody = z
  .object({
    name: name.optional(),
    description: templateFields.description,
    doctor_id: templateFields.doctor_id,
    specialty_id: templateFields.specialty_id,
    location_id: templateFields.location_id,
    days_of_week: daysOfWeek.optional(),
    time_slots: timeSlots.optional(),
    duration_minutes: duration.optional(),
    break_between_slots: pause.optional(),
    active: flag().optional(),
  })
  .superRefine((v, ctx) => {
    if (Object.values(v).every((x) => x === undefined))
      ctx.addIssue({ code: 'custom', message: 'No hay cambios para guardar' });
  });
export type UpdateTemplateBody = z.infer<typeof updateTemplateBody>;

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
const rangeDay = z.preprocess(blankToUndefined, z.string({ error: M.range }).trim().refine(isDay, M.date));

const DAY_MS = 86_400_000;
function checkRange(v: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) {
  if (!v.start_date || !v.end_date || !isDay(v.start_date) || !isDay(v.end_date)) return;
  if (v.end_date < v.start_date) ctx.addIssue({ code: 'custom', message: M.rangeOrder, path: ['end_date'] });
  else if ((parseDay(v.end_date) - parseDay(v.start_date)) / DAY_MS + 1 > TEMPLATE_LIMITS.rangeDays)
    ctx.addIssue({ code: 'custom', message: M.rangeLength, path: ['end_date'] });
}

const generationOptions = {
  start_date: rangeDay,
  end_date: rangeDay,
  exclude_holidays: flag().default(true),
  skip_existing: flag().default(true),
  /** The preview: the same answer, nothing written. */
  dry_run: flag().default(false),
};

/** Spec §3 "Generation request". */
export const generateScheduleBody = z
  .object({ template_id: z.preprocess(blankToUndefined, refId(M.saveFirst)), ...generationOptions })
  .superRefine(checkRange);
export type GenerateScheduleBody = z.infer<typeof generateScheduleBody>;

/** Many templates (one per doctor, typically) over one range, all or nothing. */
export const generateBulkBody = z
  .object({
    template_ids: z
      .array(refId(M.templates), { error: M.templates })
      .min(1, M.templates)
      .max(TEMPLATE_LIMITS.bulkTemplates, M.tooManyTemplates)
      .transform((ids) => [...new Set(ids)]),
    ...generationOptions,
  })
  .superRefine(checkRange);
export type GenerateBulkBody = z.infer<typeof generateBulkBody>;

export const templateSlotDto = z.object({ start: z.string(), end: z.string(), capacity: z.number() });

export const templateDto = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  doctor_id: z.number().nullable(),
  specialty_id: z.number().nullable(),
  location_id: z.number().nullable(),
  doctor_name: z.string().nullable(),
  specialty_name: z.string().nullable(),
  location_name: z.string().nullable(),
  days_of_week: z.array(z.number()),
  time_slots: z.array(templateSlotDto),
  duration_minutes: z.number(),
  break_between_slots: z.number(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TemplateDto = z.infer<typeof templateDto>;

export const SKIP_KINDS = ['holiday', 'existing', 'past'] as const;
export const skippedConflictDto = z.object({
  template_id: z.number(),
  date: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  kind: z.enum(SKIP_KINDS),
  reason: z.string(),
});
export type SkippedConflictDto = z.infer<typeof skippedConflictDto>;

export const plannedAgendaDto = z.object({
  template_id: z.number(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  capacity: z.number(),
});
export type PlannedAgendaDto = z.infer<typeof plannedAgendaDto>;

/** Spec §3: "The response data holds generated_count and skipped_conflicts". */
export const generationResultDto = z.object({
  generated_count: z.number(),
  skipped_conflicts: z.array(skippedConflictDto),
  dry_run: z.boolean(),
  /** The agendas generated (or, in a preview, that would be): one template's only, never a bulk run's. */
  agendas: z.array(plannedAgendaDto).optional(),
  /** Per template, in a bulk run. */
  templates: z
    .array(z.object({ template_id: z.number(), generated_count: z.number(), skipped_count: z.number() }))
    .optional(),
});
export type GenerationResultDto = z.infer<typeof generationResultDto>;

export const TEMPLATE_PAGE = { default: 24, max: 100 } as const;

export const listTemplatesQuery = z.object({
  page: pageQuery,
  limit: limitQuery(TEMPLATE_PAGE.default, TEMPLATE_PAGE.max),
  search: z.preprocess(
    blankToUndefined,
    z.string().trim().max(100, 'Búsqueda muy larga').refine(noNul, NO_NUL_MESSAGE).optional(),
  ),
  doctor_id: z.preprocess(blankToUndefined, refId(M.doctor).optional()),
  active: z
    .enum(['true', 'false', '1', '0'], { error: 'Use true o false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export type ListTemplatesQuery = z.infer<typeof listTemplatesQuery>;

export const templateAnalyticsQuery = z
  .object({
    page: pageQuery,
    limit: limitQuery(TEMPLATE_PAGE.default, TEMPLATE_PAGE.max),
    template_id: z.preprocess(blankToUndefined, refId('Plantilla inválida').optional()),
    start_date: z.preprocess(blankToUndefined, z.string().trim().refine(isDay, M.date).optional()),
    end_date: z.preprocess(blankToUndefined, z.string().trim().refine(isDay, M.date).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.start_date && v.end_date && v.end_date < v.start_date)
      ctx.addIssue({ code: 'custom', message: M.rangeOrder, path: ['end_date'] });
  });
export type TemplateAnalyticsQuery = z.infer<typeof templateAnalyticsQuery>;

export const templateAnalyticsDto = z.object({
  template_id: z.number(),
  name: z.string(),
  doctor_name: z.string().nullable(),
  agendas_generated: z.number(),
  active_agendas: z.number(),
  capacity_total: z.number(),
  booked_total: z.number(),
  /** booked / capacity of the non-cancelled generated agendas, in percent with one decimal. */
  occupancy_pct: z.number(),
  appointments_total: z.number(),
  appointments_by_status: z.record(z.string(), z.number()),
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
});
export type TemplateAnalyticsDto = z.infer<typeof templateAnalyticsDto>;
