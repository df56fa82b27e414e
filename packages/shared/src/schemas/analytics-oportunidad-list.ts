import { z } from 'zod';
import { OPORTUNIDAD_INDICATORS, OPORTUNIDAD_MESSAGES as O, oportunidadQuery } from './analytics';
import { limitQuery, pageQuery } from './common';

/*
 * The oportunidad report's per-appointment list (GET /analytics/oportunidad/appointments): the appointments of the
 * mapped specialties requested in the period (not cancelled, not recorded after the fact), first visits and
 * controls alike, so that an administrator can correct one; paged on the server.
 */

export const OPORTUNIDAD_LIST_PAGE_SIZE = 20;
export const OPORTUNIDAD_LIST_MAX_PAGE_SIZE = 100;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const s = oportunidadQuery.shape;

export const oportunidadAppointmentsQuery = z
  .object({
    year: s.year,
    month: s.month,
    semester: s.semester,
    location_id: s.location_id,
    eps_id: s.eps_id,
    indicator: z.preprocess(blank, z.enum(OPORTUNIDAD_INDICATORS, { error: O.indicator }).optional()),
    page: pageQuery,
    limit: limitQuery(OPORTUNIDAD_LIST_PAGE_SIZE, OPORTUNIDAD_LIST_MAX_PAGE_SIZE),
  })
  .refine((q) => !(q.month && q.semester), { message: O.periodBoth, path: ['semester'] });
export type OportunidadAppointmentsQuery = z.infer<typeof oportunidadAppointmentsQuery>;

export const oportunidadAppointmentRow = z.object({
  id: z.number(),
  indicator: z.enum(OPORTUNIDAD_INDICATORS),
  patient_name: z.string(),
  patient_document: z.string(),
  specialty_name: z.string(),
  /** Local day the appointment was requested (booked). */
  requested_on: z.string(),
  /** 'Fecha deseada por el paciente', when given. */
  desired_date: z.string().nullable(),
  /** Local day the appointment was given for. */
  assigned_on: z.string(),
  /** Calendar days from the request to the assigned day. */
  days: z.number(),
  first_visit: z.boolean(),
  /** True when an administrator set first visit / control by hand (else the default rule decides). */
  corrected: z.boolean(),
});
export type OportunidadAppointmentRow = z.infer<typeof oportunidadAppointmentRow>;

export const oportunidadAppointmentsResponse = z.object({
  data: z.array(oportunidadAppointmentRow),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type OportunidadAppointmentsResponse = z.infer<typeof oportunidadAppointmentsResponse>;
