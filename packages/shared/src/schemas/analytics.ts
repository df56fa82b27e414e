import { z } from 'zod';
import { parseDay } from '../scheduling/calendar-days';

/*
 * Análisis, métricas and the Res. 256 de 2016 "oportunidad" indicators (spec part 2 §2 "Analytics", §3, §7
 * "Analytics" and "Metrics"; decision 032). Every figure is defined once in apps/api/src/modules/analytics/ and
 * in the README ("Análisis: definiciones"); the texts below are the tooltips that show those definitions.
 */

export { ANALYTICS_MANAGE_ROLES, ANALYTICS_READ_ROLES } from './analytics-roles';

export const ANALYTICS_MESSAGES = {
  range: 'Rango inválido (7d, 30d, 90d o 365d)',
  period: 'Periodo inválido (7d, 30d, 90d o 365d)',
  zone: 'Zona inválida',
  municipality: 'Municipio inválido',
  months: 'Meses inválidos (1 a 12)',
  desiredDate: 'Fecha deseada inválida',
  loadError: 'No se pudieron cargar los datos',
} as const;
const M = ANALYTICS_MESSAGES;

function isDay(s: string): boolean {
  try {
    parseDay(s);
    return s >= '2000-01-01' && s <= '2100-12-31';
  } catch {
    return false;
  }
}

/** 'Fecha deseada por el paciente' (Res. 256): optional 'YYYY-MM-DD'; blank or null is none. */
export const desiredDateField = z.preprocess(
  (v) => (v === '' || (typeof v === 'string' && v.trim() === '') ? null : v),
  z.string({ error: M.desiredDate }).trim().refine(isDay, M.desiredDate).nullable().optional(),
);

export const ANALYTICS_RANGES = ['7d', '30d', '90d', '365d'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const RANGE_DAYS: Record<AnalyticsRange, number> = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 };
/** The filter's labels (spec §2). */
export const RANGE_LABELS: Record<AnalyticsRange, string> = {
  '7d': '7 días',
  '30d': '30 días',
  '90d': '3 meses',
  '365d': '1 año',
};

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const range = z.preprocess(blank, z.enum(ANALYTICS_RANGES, { error: M.range }).default('30d'));
const optionalId = (message: string) =>
  z.preprocess(
    blank,
    z.coerce.number({ error: message }).int(message).positive(message).max(2147483647, message).optional(),
  );

export const analyticsQuery = z.object({
  range,
  zone_id: optionalId(M.zone),
  municipality_id: optionalId(M.municipality),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

export const locationsQuery = analyticsQuery.extend({
  months: z.preprocess(
    blank,
    z.coerce.number({ error: M.months }).int(M.months).min(1, M.months).max(12, M.months).default(4),
  ),
});
export type LocationsQuery = z.infer<typeof locationsQuery>;

export const overviewResponse = z.object({
  range: z.enum(ANALYTICS_RANGES),
  from: z.string(),
  to: z.string(),
  totals: z.object({
    total_consultations: z.number(),
    unique_patients: z.number(),
    avg_duration_minutes: z.number().nullable(),
    completion_rate: z.number().nullable(),
  }),
  by_day: z.array(z.object({ date: z.string(), consultations: z.number() })),
  by_weekday: z.array(z.object({ weekday: z.number(), name: z.string(), consultations: z.number() })),
  by_hour: z.array(z.object({ hour: z.number(), consultations: z.number() })),
});
export type OverviewResponse = z.infer<typeof overviewResponse>;

export const locationsResponse = z.object({
  by_zone: z.array(z.object({ name: z.string(), value: z.number() })),
  top_municipalities: z.array(z.object({ name: z.string(), consultations: z.number(), zone: z.string() })),
  trend_by_zone: z.array(z.object({ month: z.string(), zone: z.string(), consultations: z.number() })),
});
export type LocationsResponse = z.infer<typeof locationsResponse>;

export const specialtiesResponse = z.object({
  by_specialty: z.array(z.object({ name: z.string(), consultations: z.number() })),
});
export type SpecialtiesResponse = z.infer<typeof specialtiesResponse>;

const nullableNumber = z.number().nullable();
export const performanceResponse = z.object({
  appointments: z.object({
    scheduled: z.number(),
    past: z.number(),
    no_shows: z.number(),
    no_show_rate: nullableNumber,
    cancelled: z.number(),
    cancellation_rate: nullableNumber,
    cancellation_lead_hours: nullableNumber,
    avg_days_to_appointment: nullableNumber,
  }),
  agendas: z.object({ capacity: z.number(), booked: z.number(), occupancy: nullableNumber }),
  calls: z
    .object({
      offered: z.number(),
      threshold_seconds: z.number(),
      service_level: nullableNumber,
      average_speed_of_answer: nullableNumber,
      abandonment_rate: nullableNumber,
    })
    .nullable(),
});
export type PerformanceResponse = z.infer<typeof performanceResponse>;

/** The definitions each card and measure shows (README "Análisis: definiciones"). */
export const ANALYTICS_DEFINITIONS = {
  total_consultations:
    'Citas no canceladas cuya fecha asignada cae en el rango (en la zona o municipio del paciente, si se filtra).',
  unique_patients: 'Pacientes distintos con al menos una de esas citas.',
  avg_duration_minutes:
    'Duración promedio, en minutos, de las citas Completadas del rango (duración agendada).',
  completion_rate: 'Citas Completadas sobre las citas no canceladas del rango cuya hora ya pasó.',
  no_show_rate:
    'Inasistencia: citas no canceladas cuya hora ya pasó y que no quedaron Completadas, sobre todas las no canceladas ya pasadas.',
  cancellation_rate: 'Citas Canceladas sobre todas las citas con fecha asignada en el rango.',
  cancellation_lead_hours: 'Horas promedio entre la cancelación y la hora que tenía la cita.',
  occupancy: 'Cupos ocupados sobre cupos ofrecidos en las agendas activas del rango.',
  avg_days_to_appointment:
    'Días calendario promedio entre la solicitud (cuando se agendó) y la fecha asignada, en las citas no canceladas del rango.',
  service_level:
    'Nivel de servicio: llamadas atendidas dentro del umbral sobre atendidas más abandonadas (abandonos de menos de 5 s excluidos).',
  average_speed_of_answer:
    'Velocidad de respuesta: segundos promedio de espera antes de que un agente atienda.',
  abandonment_rate:
    'Abandono: llamadas colgadas sin atender (5 s o más de espera) sobre atendidas más abandonadas.',
} as const;

/* ---- Oportunidad (Res. 256 de 2016; Res. 1552 de 2013) ---- */

export const OPORTUNIDAD_INDICATORS = [
  'P.3.1',
  'P.3.2',
  'P.3.3',
  'P.3.4',
  'P.3.5',
  'P.3.6',
  'P.3.7',
] as const;
export type OportunidadIndicator = (typeof OPORTUNIDAD_INDICATORS)[number];
export const OPORTUNIDAD_NAMES: Record<OportunidadIndicator, string> = {
  'P.3.1': 'Medicina general',
  'P.3.2': 'Odontología general',
  'P.3.3': 'Medicina interna',
  'P.3.4': 'Pediatría',
  'P.3.5': 'Ginecología',
  'P.3.6': 'Obstetricia',
  'P.3.7': 'Cirugía general',
};
/** Res. 1552 de 2013: general medicine and dentistry within 3 working days. */
export const OPORTUNIDAD_TARGETS: Partial<Record<OportunidadIndicator, number>> = { 'P.3.1': 3, 'P.3.2': 3 };

export const OPORTUNIDAD_MESSAGES = {
  year: 'Año inválido',
  month: 'Mes inválido (1 a 12)',
  semester: 'Semestre inválido (1 o 2)',
  periodBoth: 'Indique el mes o el semestre, no ambos',
  indicator: 'Indicador inválido (P.3.1 a P.3.7)',
  specialty: 'Especialidad no encontrada',
  appointment: 'Cita no encontrada',
  location: 'Sede inválida',
  eps: 'EPS inválida',
  saved: 'Indicador actualizado',
  visitSaved: 'Tipo de consulta actualizado',
} as const;
const O = OPORTUNIDAD_MESSAGES;

export const oportunidadQuery = z
  .object({
    year: z.preprocess(
      blank,
      z.coerce.number({ error: O.year }).int(O.year).min(2000, O.year).max(2100, O.year),
    ),
    month: z.preprocess(
      blank,
      z.coerce.number({ error: O.month }).int(O.month).min(1, O.month).max(12, O.month).optional(),
    ),
    semester: z.preprocess(
      blank,
      z.coerce.number({ error: O.semester }).int(O.semester).min(1, O.semester).max(2, O.semester).optional(),
    ),
    location_id: optionalId(O.location),
    eps_id: optionalId(O.eps),
  })
  .refine((q) => !(q.month && q.semester), { message: O.periodBoth, path: ['semester'] });
export type OportunidadQuery = z.infer<typeof oportunidadQuery>;

const fraction = z.object({ numerator: z.number(), denominator: z.number(), value: z.number().nullable() });
export const oportunidadResponse = z.object({
  from: z.string(),
  to: z.string(),
  indicators: z.array(
    z.object({
      indicator: z.enum(OPORTUNIDAD_INDICATORS),
      name: z.string(),
      specialties: z.array(z.string()),
      from_request: fraction,
      from_desired: fraction,
      working_days: z.number().nullable(),
      target_working_days: z.number().nullable(),
      exceeded: z.boolean(),
    }),
  ),
  trend: z.array(
    z.object({ month: z.string(), indicator: z.enum(OPORTUNIDAD_INDICATORS), value: z.number().nullable() }),
  ),
});
export type OportunidadResponse = z.infer<typeof oportunidadResponse>;

export const specialtyIndicatorsResponse = z.object({
  data: z.array(
    z.object({
      specialty_id: z.number(),
      specialty_name: z.string(),
      indicator: z.enum(OPORTUNIDAD_INDICATORS).nullable(),
    }),
  ),
});
export const setSpecialtyIndicatorBody = z.object({
  specialty_id: z.coerce
    .number({ error: O.specialty })
    .int(O.specialty)
    .positive(O.specialty)
    .max(2147483647, O.specialty),
  indicator: z.enum(OPORTUNIDAD_INDICATORS, { error: O.indicator }).nullable(),
});
export const setFirstVisitBody = z.object({
  first_visit: z.boolean({ error: 'Indique si es primera vez (true) o control (false)' }),
});

/* ---- Métricas (spec §7 "Metrics": period default 30d) ---- */

export const metricsQuery = z.object({
  period: z.preprocess(blank, z.enum(ANALYTICS_RANGES, { error: M.period }).default('30d')),
});
export type MetricsQuery = z.infer<typeof metricsQuery>;
export const metricsDoctorsQuery = metricsQuery.extend({
  limit: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'Límite inválido' })
      .int()
      .min(1, 'Límite inválido')
      .max(200, 'Límite inválido')
      .default(50),
  ),
  offset: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'Desplazamiento inválido' })
      .int()
      .min(0, 'Desplazamiento inválido')
      .max(1_000_000)
      .default(0),
  ),
});
export const METRICS_KINDS = ['dashboard', 'patients', 'appointments', 'doctors', 'system'] as const;
export const METRICS_FORMATS = ['csv', 'xlsx'] as const;
export const metricsExportParams = z.object({
  kind: z.enum(METRICS_KINDS, {
    error: 'Tipo de exportación inválido (dashboard, patients, appointments, doctors o system)',
  }),
});
export const metricsExportQuery = metricsQuery.extend({
  format: z.preprocess(
    blank,
    z.enum(METRICS_FORMATS, { error: 'Formato inválido (csv o xlsx)' }).default('csv'),
  ),
  token: z.string().optional(),
});

const count = z.number();
export const metricsDashboardResponse = z.object({
  period: z.enum(ANALYTICS_RANGES),
  from: z.string(),
  to: z.string(),
  totals: overviewResponse.shape.totals,
  performance: performanceResponse,
});
export const metricsPatientsResponse = z.object({
  period: z.enum(ANALYTICS_RANGES),
  total: count,
  active: count,
  new_in_period: count,
  attended_in_period: count,
});
export const metricsAppointmentsResponse = z.object({
  period: z.enum(ANALYTICS_RANGES),
  total: count,
  by_status: z.array(z.object({ status: z.string(), count })),
  by_specialty: z.array(z.object({ name: z.string(), consultations: count })),
});
export const metricsDoctorRow = z.object({
  doctor_id: count,
  doctor_name: z.string(),
  appointments: count,
  completed: count,
  cancelled: count,
  completion_rate: z.number().nullable(),
});
export const metricsDoctorsResponse = z.object({
  period: z.enum(ANALYTICS_RANGES),
  total: count,
  data: z.array(metricsDoctorRow),
});
export const metricsSystemResponse = z.object({
  period: z.enum(ANALYTICS_RANGES),
  users_total: count,
  users_active: count,
  sessions_active: count,
  audit_events: count,
  uptime_seconds: count,
});

export const OPORTUNIDAD_EXPORT_KINDS = ['indicators', 'detail'] as const;
export const oportunidadExportQuery = z
  .object({
    year: oportunidadQuery.shape.year,
    month: oportunidadQuery.shape.month,
    semester: oportunidadQuery.shape.semester,
    location_id: optionalId(O.location),
    eps_id: optionalId(O.eps),
    kind: z.preprocess(
      blank,
      z
        .enum(OPORTUNIDAD_EXPORT_KINDS, { error: 'Archivo inválido (indicators o detail)' })
        .default('indicators'),
    ),
    format: z.preprocess(
      blank,
      z.enum(METRICS_FORMATS, { error: 'Formato inválido (csv o xlsx)' }).default('xlsx'),
    ),
    token: z.string().optional(),
  })
  .refine((q) => !(q.month && q.semester), { message: O.periodBoth, path: ['semester'] });
export type OportunidadExportQuery = z.infer<typeof oportunidadExportQuery>;
