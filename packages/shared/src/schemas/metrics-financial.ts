import { z } from 'zod';
import { BILLING_STATUSES, billingMetrics } from './billing';
import { ok } from './common';

/** GET /metrics/financial: the periods offered (spec part 2 §7 "Metrics"; 30 days by default). */
export const METRIC_PERIODS = ['7d', '30d', '90d', '365d'] as const;
export type MetricPeriod = (typeof METRIC_PERIODS)[number];
export const METRIC_PERIOD_DAYS: Record<MetricPeriod, number> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '365d': 365,
};

export const financialMetricsQuery = z.object({
  period: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(METRIC_PERIODS, { error: 'El periodo debe ser 7d, 30d, 90d o 365d' }).default('30d'),
  ),
});

export const financialMetrics = z.object({
  period: z.enum(METRIC_PERIODS),
  /** Local days of the organisation, both included: the last N days, today the last. */
  from: z.string(),
  to: z.string(),
  /** Billable income (every status but cancelled), what has been paid, and what is still to collect. */
  revenue: z.object({ total: z.number(), paid: z.number(), outstanding: z.number(), cancelled: z.number() }),
  /** Every status, with 0 where there is none. */
  by_status: z.array(
    z.object({ status: z.enum(BILLING_STATUSES), label: z.string(), count: z.number(), total: z.number() }),
  ),
  /** Billable records (cancelled left out), their average final price and the services most billed. */
  total_count: billingMetrics.shape.total_count,
  avg_ticket: billingMetrics.shape.avg_ticket,
  top_services: billingMetrics.shape.top_services,
  /** Every day of the period, billable records and income (0 on a day without any). */
  by_day: z.array(z.object({ date: z.string(), count: z.number(), total: z.number() })),
});
export type FinancialMetrics = z.infer<typeof financialMetrics>;
export const financialMetricsResponse = ok(financialMetrics);
