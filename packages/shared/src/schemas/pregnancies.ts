import { z } from 'zod';
import { booleanField, isCalendarDate, MAX_ID, optionalText } from './patients';

/**
 * Prenatal follow-up (spec part 1 §3 "Pregnancy", §5 "Pregnancy"). Dates are calendar dates 'YYYY-MM-DD';
 * "today" and "not in the future" are judged by the server in the organisation's timezone.
 */
export const PREGNANCY_STATUSES = ['Activa', 'Completada', 'Interrumpida'] as const;
export type PregnancyStatus = (typeof PREGNANCY_STATUSES)[number];
/** Naegele's rule: FPP = FUM + 280 days. */
export const PREGNANCY_DAYS = 280;
/** A FUM older than 44 weeks cannot start an ongoing pregnancy (post-term ends by 42). */
export const MAX_GESTATION_DAYS = 44 * 7;

/** 'YYYY-MM-DD' plus n days, independent of any timezone. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
/** Whole days from a to b ('YYYY-MM-DD'); negative when b is earlier. */
export function daysBetween(a: string, b: string): number {
  const t = (s: string) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((t(b) - t(a)) / 86_400_000);
}
/** The FPP the form shows while the user types the FUM; the server computes the stored one the same way. */
export const expectedDueDate = (startDate: string) => addDays(startDate, PREGNANCY_DAYS);

const INVALID_DATE = 'Fecha inválida (formato YYYY-MM-DD)';
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const requiredDate = (required: string) =>
  z.preprocess(blankToUndefined, z.string({ error: required }).refine(isCalendarDate, INVALID_DATE));
const optionalDate = z.preprocess(
  blankToUndefined,
  z.string().refine(isCalendarDate, INVALID_DATE).optional(),
);
const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

export function normalisePregnancyStatus(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const key = v.trim().toLowerCase();
  if (key === 'activa' || key === 'active') return 'Activa';
  if (key === 'completada' || key === 'completado' || key === 'completed') return 'Completada';
  if (key === 'interrumpida' || key === 'interrupted' || key === 'lost') return 'Interrumpida';
  return v;
}

/** POST /pregnancies. expected_due_date is accepted for old clients and ignored: the server computes it. */
export const createPregnancyBody = z.object({
  patient_id: positiveId('Debe seleccionar un paciente válido'),
  start_date: requiredDate('La fecha de inicio (FUM) es obligatoria'),
  expected_due_date: z.unknown().optional(),
  high_risk: booleanField('Debe indicar si el embarazo es de alto riesgo'),
  risk_factors: optionalText(500, 'Los factores de riesgo no pueden exceder 500 caracteres'),
  notes: optionalText(1000, 'Las notas no pueden exceder 1000 caracteres'),
});
export type CreatePregnancyBody = z.output<typeof createPregnancyBody>;

/**
 * PUT /pregnancies/{id}: close it ('Completada' with delivery_date, default today; 'Interrumpida' for a loss),
 * or edit risk and notes; start_date corrects the FUM (and so the FPP) of an open pregnancy.
 */
export const updatePregnancyBody = z
  .object({
    status: z.preprocess(
      normalisePregnancyStatus,
      z.enum(PREGNANCY_STATUSES, { error: 'Estado de embarazo no válido' }).optional(),
    ),
    delivery_date: optionalDate,
    start_date: optionalDate,
    high_risk: booleanField('Debe indicar si el embarazo es de alto riesgo'),
    risk_factors: optionalText(500, 'Los factores de riesgo no pueden exceder 500 caracteres'),
    notes: optionalText(1000, 'Las notas no pueden exceder 1000 caracteres'),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'No hay cambios para guardar');
export type UpdatePregnancyBody = z.output<typeof updatePregnancyBody>;

const numberInput = (v: unknown) =>
  typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.replace(',', '.'))) : v;

/** POST /pregnancies/controls: one prenatal control visit. */
export const createPrenatalControlBody = z
  .object({
    pregnancy_id: positiveId('Debe seleccionar un embarazo válido'),
    control_date: requiredDate('La fecha del control es obligatoria'),
    gestational_weeks: z.preprocess(
      numberInput,
      z
        .number({ error: 'Las semanas de gestación deben ser un número entero' })
        .int('Las semanas de gestación deben ser un número entero')
        .min(0, 'Las semanas de gestación deben estar entre 0 y 45')
        .max(45, 'Las semanas de gestación deben estar entre 0 y 45')
        .optional(),
    ),
    weight_kg: z.preprocess(
      numberInput,
      z
        .number({ error: 'El peso es obligatorio' })
        .min(20, 'El peso debe estar entre 20 y 300 kg')
        .max(300, 'El peso debe estar entre 20 y 300 kg')
        .transform((n) => Math.round(n * 100) / 100),
    ),
    blood_pressure: z.preprocess(
      (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v),
      z
        .string({ error: 'La presión arterial es obligatoria' })
        .regex(/^\d{2,3}\/\d{2,3}$/, 'La presión arterial debe tener el formato 120/80'),
    ),
    fetal_heart_rate: z.preprocess(
      numberInput,
      z
        .number({ error: 'La frecuencia cardiaca fetal debe ser un número entero' })
        .int('La frecuencia cardiaca fetal debe ser un número entero')
        .min(50, 'La frecuencia cardiaca fetal debe estar entre 50 y 250 lpm')
        .max(250, 'La frecuencia cardiaca fetal debe estar entre 50 y 250 lpm')
        .nullable()
        .optional(),
    ),
    notes: optionalText(1000, 'Las notas no pueden exceder 1000 caracteres'),
  })
  .superRefine((v, ctx) => {
    const [sys, dia] = v.blood_pressure.split('/').map(Number) as [number, number];
    if (sys <= dia || sys < 50 || sys > 260 || dia < 30 || dia > 160) {
      ctx.addIssue({
        code: 'custom',
        path: ['blood_pressure'],
        message: 'La presión arterial no es válida (sistólica/diastólica)',
      });
    }
  });
export type CreatePrenatalControlBody = z.output<typeof createPrenatalControlBody>;

/* ---------- Responses ---------- */

export const pregnancyDto = z.object({
  id: z.number(),
  patient_id: z.number(),
  start_date: z.string().describe('FUM, YYYY-MM-DD'),
  expected_due_date: z.string().describe('FPP = FUM + 280 días'),
  high_risk: z.boolean(),
  risk_factors: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(PREGNANCY_STATUSES),
  delivery_date: z.string().nullable(),
  current_weeks: z.number().describe('Edad gestacional hoy (o al cierre): semanas completas'),
  current_days: z.number().describe('y días (0-6)'),
  days_until_due: z
    .number()
    .nullable()
    .describe('Días hasta la FPP; negativo si pasó. Nulo si el embarazo está cerrado'),
  is_overdue: z.boolean(),
  prenatal_controls_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PregnancyDto = z.infer<typeof pregnancyDto>;

export const prenatalControlDto = z.object({
  id: z.number(),
  pregnancy_id: z.number(),
  control_date: z.string(),
  gestational_weeks: z.number(),
  weight_kg: z.number().nullable(),
  blood_pressure: z.string().nullable(),
  fetal_heart_rate: z.number().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
});
export type PrenatalControlDto = z.infer<typeof prenatalControlDto>;

export const activePregnancyResponse = z.object({
  success: z.literal(true),
  has_active_pregnancy: z.boolean(),
  data: pregnancyDto.nullable(),
});
