import { z } from 'zod';
import {
  NO_CHANGES,
  clearableText,
  flag,
  hasChanges,
  price,
  queryFlag,
  requiredText,
  searchText,
} from './resources-common';

export const SERVICE_CURRENCIES = ['COP', 'USD'] as const;
export const SERVICE_CATEGORIES = ['consulta', 'laboratorio', 'imagen', 'procedimiento', 'otro'] as const;

const name = requiredText('Ingresa el nombre del servicio', 150, 'El nombre no puede exceder 150 caracteres');
const currency = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(SERVICE_CURRENCIES, { error: 'Moneda inválida: use COP o USD' }),
);
const category = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(SERVICE_CATEGORIES, {
    error: 'Categoría inválida: use consulta, laboratorio, imagen, procedimiento u otro',
  }),
);
const description = clearableText(1000, 'La descripción no puede exceder 1000 caracteres');

/** Spec part 2 §5: name required, price 0 by default, new services active, currency COP or USD. */
export const createServiceBody = z.object({
  name,
  description,
  base_price: price().default(0),
  currency: currency.default('COP'),
  category: category.default('consulta'),
  active: flag().default(true),
});
export type CreateServiceBody = z.infer<typeof createServiceBody>;

export const updateServiceBody = z
  .object({
    name: name.optional(),
    description,
    base_price: price().optional(),
    currency: currency.optional(),
    category: category.optional(),
    active: flag().optional(),
  })
  .refine(hasChanges, NO_CHANGES);
export type UpdateServiceBody = z.infer<typeof updateServiceBody>;

export const listServicesQuery = z.object({
  q: searchText,
  active: queryFlag,
  category: category.optional(),
});

export const serviceDto = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  base_price: z.number(),
  currency: z.enum(SERVICE_CURRENCIES),
  category: z.enum(SERVICE_CATEGORIES),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ServiceDto = z.infer<typeof serviceDto>;
