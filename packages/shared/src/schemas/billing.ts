import { z } from 'zod';
import { ok } from './common';
import { filterId, filterOf, optionalDay } from './availabilities';
import { NO_NUL_MESSAGE, noNul, price, refId } from './resources-common';

/*
 * Billing (spec part 2 §2 "Billing", §3 billing record, summary item, metrics, audit event; §4; §7 "Billing";
 * §9). A record is born when an appointment becomes Completada (decision 031). Statuses use the spec's English
 * values; the screen shows them in Spanish.
 */

export const BILLING_STATUSES = ['pending', 'billed', 'paid', 'cancelled'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];
export const BILLING_STATUS_LABELS: Record<BillingStatus, string> = {
  pending: 'Pendiente',
  billed: 'Facturado',
  paid: 'Pagado',
  cancelled: 'Cancelado',
};

// The role groups live with the others (catalogs/roles.ts), so the shell's menu reads them without zod.
export { BILLING_MANAGE_ROLES, BILLING_READ_ROLES } from '../catalogs/roles';

/** Spec §9. */
export const BILLING_LIMITS = {
  pageSize: 50,
  maxPageSize: 500,
  defaultRangeDays: 7,
  cacheMs: 30_000,
  pollMs: 15_000,
  failuresBeforePolling: 3,
  reconnectMaxMs: 30_000,
  summaryBars: 15,
  topServices: 5,
} as const;

export const BILLING_EVENTS = {
  created: 'billing_created',
  statusUpdated: 'billing_status_updated',
} as const;

export const BILLING_MESSAGES = {
  notFound: 'Registro de facturación no encontrado',
  status: 'Estado inválido (pending, billed, paid o cancelled)',
  /** The status asked for is the one the record has. */
  sameStatus: (label: string) => `El registro ya está en estado ${label}`,
  updated: 'Estado actualizado',
  range: 'La fecha Desde no puede ser posterior a Hasta',
  sort: 'Orden inválido (created_at, service_name, doctor_name, base_price, doctor_price, final_price o status)',
  dir: 'Dirección inválida (asc o desc)',
  group: 'Agrupación inválida (day, doctor o service)',
  search: 'Búsqueda demasiado larga',
  service: 'Servicio inválido',
  serviceNotFound: 'Servicio no encontrado',
  doctorNotFound: 'Doctor no encontrado',
  price: 'Precio inválido',
  duplicateService: 'Un servicio aparece más de una vez',
  pricesSaved: 'Tarifas guardadas',
  loadError: 'load error',
  summaryError: 'summary error',
  noService: 'Sin servicio',
} as const;
const M = BILLING_MESSAGES;

export const billingStatus = z.enum(BILLING_STATUSES, { error: M.status });

/** Sortable columns of the detail table (spec §2: Fecha, Servicio, Doctor, Base, Override, Final, Estado). */
export const BILLING_SORTS = [
  'created_at',
  'service_name',
  'doctor_name',
  'base_price',
  'doctor_price',
  'final_price',
  'status',
] as const;
export type BillingSort = (typeof BILLING_SORTS)[number];
export const BILLING_GROUPS = ['day', 'doctor', 'service'] as const;
export type BillingGroup = (typeof BILLING_GROUPS)[number];

const searchText = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().max(100, M.search).refine(noNul, NO_NUL_MESSAGE).optional(),
);

/** The filters every billing read shares; `from`/`to` are local days (organisation timezone), both included. */
const filters = z.object({
  from: optionalDay,
  to: optionalDay,
  status: filterOf(billingStatus),
  doctor_id: filterId('Doctor inválido'),
  service_id: filterId(M.service),
  q: searchText,
});
const rangeOk = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
const rangeIssue = { message: M.range, path: ['from'] };

const sortFields = {
  sort: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(BILLING_SORTS, { error: M.sort }).default('created_at'),
  ),
  dir: z.preprocess(
    (v) => (typeof v === 'string' ? v.toLowerCase() : v === '' ? undefined : v),
    z.enum(['asc', 'desc'], { error: M.dir }).default('desc'),
  ),
};

export const listBillingQuery = filters
  .extend({
    limit: z.coerce
      .number({ error: 'El límite debe ser un número' })
      .int('El límite debe ser un número entero')
      .min(1, 'El límite debe ser 1 o mayor')
      .default(BILLING_LIMITS.pageSize)
      .transform((n) => Math.min(n, BILLING_LIMITS.maxPageSize)),
    offset: z.coerce
      .number({ error: 'El desplazamiento debe ser un número' })
      .int('El desplazamiento debe ser un número entero')
      .min(0, 'El desplazamiento debe ser 0 o mayor')
      .max(10_000_000, 'Desplazamiento fuera de rango')
      .default(0),
    ...sortFields,
  })
  .refine(rangeOk, rangeIssue);
export type ListBillingQuery = z.infer<typeof listBillingQuery>;
export type BillingFilters = z.infer<typeof filters>;

export const summaryBillingQuery = filters
  .extend({
    group: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(BILLING_GROUPS, { error: M.group }).default('day'),
    ),
  })
  .refine(rangeOk, rangeIssue);
export type SummaryBillingQuery = z.infer<typeof summaryBillingQuery>;

export const metricsBillingQuery = filters.refine(rangeOk, rangeIssue);

/** The export is every record of the filters, oldest first (keyset order: the detail's sort does not apply). */
export const exportBillingQuery = filters
  .extend({ token: z.string().optional() })
  .refine(rangeOk, rangeIssue);
export type ExportBillingQuery = z.infer<typeof exportBillingQuery>;

export const updateBillingStatusBody = z.object({ status: billingStatus });

export const billingRecordDto = z.object({
  id: z.number(),
  appointment_id: z.number().nullable(),
  created_at: z.string(),
  service_id: z.number().nullable(),
  service_name: z.string().nullable(),
  doctor_id: z.number().nullable(),
  doctor_name: z.string(),
  base_price: z.number(),
  doctor_price: z.number().nullable(),
  final_price: z.number(),
  currency: z.string(),
  status: z.enum(BILLING_STATUSES),
});
export type BillingRecord = z.infer<typeof billingRecordDto>;
export const billingListResponse = ok(z.array(billingRecordDto)).extend({
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});

export const billingSummaryItem = z.object({
  label: z.string(),
  doctor_name: z.string().nullable(),
  service_name: z.string().nullable(),
  count_bills: z.number(),
  total_final: z.number(),
  total_base: z.number(),
  total_doctor_override: z.number(),
});
export type BillingSummaryItem = z.infer<typeof billingSummaryItem>;
export const billingSummaryResponse = z.object({
  success: z.literal(true),
  items: z.array(billingSummaryItem),
  group: z.enum(BILLING_GROUPS),
});

export const billingMetrics = z.object({
  avg_ticket: z.number(),
  total_count: z.number(),
  total_final: z.number(),
  total_base: z.number(),
  top_services: z.array(
    z.object({
      service_id: z.number().nullable(),
      service_name: z.string(),
      count: z.number(),
      total: z.number(),
    }),
  ),
});
export type BillingMetrics = z.infer<typeof billingMetrics>;
export const billingMetricsResponse = ok(billingMetrics).extend(billingMetrics.shape);

export const billingAuditEvent = z.object({
  id: z.number(),
  created_at: z.string(),
  old_status: z.string(),
  new_status: z.string(),
  changed_by_user_id: z.number().nullable(),
  changed_by_name: z.string().nullable(),
});
export type BillingAuditEvent = z.infer<typeof billingAuditEvent>;
export const billingAuditResponse = ok(z.array(billingAuditEvent));

/** Event payloads (ids and the status, nothing personal). */
export interface BillingEventPayload {
  id: number;
  appointment_id: number | null;
  status: BillingStatus;
  old_status?: BillingStatus;
}

/** A doctor's price for each service (Gestión de Recursos → doctor → Tarifas). */
export const doctorPriceDto = z.object({
  service_id: z.number(),
  service_name: z.string(),
  currency: z.string(),
  base_price: z.number(),
  /** The doctor's own price; null: the service's base price applies. */
  price: z.number().nullable(),
  active: z.boolean(),
});
export type DoctorPrice = z.infer<typeof doctorPriceDto>;
export const doctorPricesResponse = ok(z.array(doctorPriceDto));

/** PUT /doctors/{id}/prices: the doctor's whole price list (services left out, or with price null, have none). */
export const putDoctorPricesBody = z.object({
  prices: z
    .array(
      z.object({
        service_id: refId(M.service),
        price: z.preprocess((v) => (v === '' ? null : v), price(M.price).nullable()),
      }),
      { error: 'Lista de tarifas inválida' },
    )
    .max(1000, 'Demasiadas tarifas')
    .refine((l) => new Set(l.map((p) => p.service_id)).size === l.length, M.duplicateService),
});
export type PutDoctorPricesBody = z.infer<typeof putDoctorPricesBody>;
