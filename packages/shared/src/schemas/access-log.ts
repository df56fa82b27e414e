import { z } from 'zod';
import { filterId, filterOf, optionalDay } from './availabilities';
import { limitQuery, ok, pageQuery } from './common';

/*
 * The patient access log (Ley 1581 de 2012, decision 020): who read which patient's record. The administrator
 * filters by patient, user and a period of local days (from, to inclusive), newest first, paged on the server.
 */
export const accessLogQuery = z
  .object({
    patient_id: filterId('Paciente inválido'),
    user_id: filterId('Usuario inválido'),
    from: filterOf(optionalDay),
    to: filterOf(optionalDay),
    page: pageQuery,
    limit: limitQuery(50, 200),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'La fecha inicial no puede ser posterior a la final',
    path: ['from'],
  });
export type AccessLogQuery = z.infer<typeof accessLogQuery>;

export const accessLogEntryDto = z.object({
  id: z.number(),
  patient_id: z.number(),
  patient_name: z.string().nullable(),
  patient_document: z.string().nullable(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  user_role: z.string().nullable(),
  /** The route read, e.g. 'GET /api/patients/:id'. */
  action: z.string(),
  ip: z.string().nullable(),
  request_id: z.string().nullable(),
  /** 'YYYY-MM-DD HH:mm:ss' in the organisation's timezone. */
  at: z.string(),
});
export type AccessLogEntryDto = z.infer<typeof accessLogEntryDto>;

export const accessLogResponse = ok(z.array(accessLogEntryDto)).extend({
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
