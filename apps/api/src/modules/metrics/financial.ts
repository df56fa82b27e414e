import { localDate } from '@ips/shared/format';
import {
  METRIC_PERIOD_DAYS,
  type FinancialMetrics,
  type MetricPeriod,
} from '@ips/shared/schemas/metrics-financial';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import type { AppDeps } from '../../lib/context';
import { metrics, revenueByStatus, summarize } from '../billing';

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * GET /metrics/financial (issue 19; spec part 2 §7 "Metrics"): the billing records of the last N local days
 * (today included), read through the billing module's own queries, so these figures and the Facturación
 * screen's never disagree. Income is the final price; cancelled records are not income (decision 031).
 */
export async function financialMetrics(
  deps: AppDeps,
  period: MetricPeriod,
  now = new Date(),
): Promise<FinancialMetrics> {
  const to = localDate(now, deps.config.orgTimezone);
  const from = addDays(to, 1 - METRIC_PERIOD_DAYS[period]);
  const range = { from, to };
  const [byStatus, m, days] = await Promise.all([
    revenueByStatus(deps, range),
    metrics(deps, range),
    summarize(deps, { ...range, group: 'day' }),
  ]);
  const total = (s: string) => byStatus.find((x) => x.status === s)?.total ?? 0;
  const perDay = new Map(days.map((d) => [d.label, d]));
  const byDay: FinancialMetrics['by_day'] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const row = perDay.get(d);
    byDay.push({ date: d, count: row?.count_bills ?? 0, total: row?.total_final ?? 0 });
  }
  return {
    period,
    from,
    to,
    revenue: {
      total: m.total_final,
      paid: total('paid'),
      outstanding: cents(total('pending') + total('billed')),
      cancelled: total('cancelled'),
    },
    by_status: byStatus,
    total_count: m.total_count,
    avg_ticket: m.avg_ticket,
    top_services: m.top_services,
    by_day: byDay,
  };
}
