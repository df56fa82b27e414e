import type { TemplateAnalyticsDto, TemplateAnalyticsQuery } from '@ips/shared/schemas/agenda-templates';
import type { AppDeps } from '../../lib/context';
import * as repo from './repo';

/** Per template (one page): agendas generated, their occupancy and their appointments by status. */
export async function templateAnalytics(deps: AppDeps, q: TemplateAnalyticsQuery) {
  const { rows, total } = await repo.analyticsPage(
    deps.db,
    { templateId: q.template_id, start: q.start_date, end: q.end_date },
    q.limit,
    (q.page - 1) * q.limit,
  );
  const data: TemplateAnalyticsDto[] = rows.map((r) => ({
    ...r,
    occupancy_pct: r.capacity_total > 0 ? Math.round((r.booked_total / r.capacity_total) * 1000) / 10 : 0,
  }));
  return { data, total, page: q.page, limit: q.limit };
}
