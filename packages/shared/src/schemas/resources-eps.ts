import { z } from 'zod';
import {
  NO_CHANGES,
  activeInactive,
  clearableDate,
  clearableText,
  flag,
  hasChanges,
  requiredText,
  searchText,
} from './resources-common';

export const EPS_AFFILIATION_TYPES = ['Contributivo', 'Subsidiado', 'Ambos'] as const;

const name = requiredText('Ingresa el nombre de la EPS', 150, 'El nombre no puede exceder 150 caracteres');
/** SISPRO codes (EPS037, ESS024, EPSI01, CCF055…): stored upper case. */
const code = z
  .string({ error: 'Ingresa el código de la EPS' })
  .trim()
  .min(1, 'Ingresa el código de la EPS')
  .max(20, 'El código no puede exceder 20 caracteres')
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9-]+$/, 'El código solo admite letras, números y guiones'));
const affiliationType = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.enum(EPS_AFFILIATION_TYPES, { error: 'Tipo de afiliación inválido' }).nullable().optional(),
);

const fields = {
  affiliation_type: affiliationType,
  notes: clearableText(1000, 'Las notas no pueden exceder 1000 caracteres'),
  agreement_date: clearableDate('Fecha de convenio inválida (AAAA-MM-DD)'),
};

export const createEpsBody = z.object({
  name,
  code,
  status: activeInactive.default('active'),
  has_agreement: flag().default(false),
  ...fields,
});
export type CreateEpsBody = z.infer<typeof createEpsBody>;

export const updateEpsBody = z
  .object({
    name: name.optional(),
    code: code.optional(),
    status: activeInactive.optional(),
    has_agreement: flag().optional(),
    ...fields,
  })
  .refine(hasChanges, NO_CHANGES);
export type UpdateEpsBody = z.infer<typeof updateEpsBody>;

export const listEpsQuery = z.object({ q: searchText, status: activeInactive.optional() });

export const epsDto = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  affiliation_type: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  has_agreement: z.boolean(),
  agreement_date: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EpsDto = z.infer<typeof epsDto>;
