import { startOfLocalDay } from '@ips/shared/format';
import type { ListQueueQuery, QueueOverviewDto } from '@ips/shared/schemas/queue';
import type { AppDeps } from '../../lib/context';
import { orgToday } from '../../lib/org-time';
import { listItems, overviewCounts } from './items-repo';
import { groupBySpecialty } from './waiting-list';

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** GET /queue/overview: the cards and the sidebar badge (total_waiting). */
export async function queueOverview(deps: AppDeps, now: Date = new Date()): Promise<QueueOverviewDto> {
  const dayStart = startOfLocalDay(orgToday(deps, now), deps.config.orgTimezone);
  const { totals: t, bySpecialty } = await overviewCounts(deps.db, dayStart, now);
  const oldest = t.oldest === null ? null : new Date(t.oldest);
  return {
    total_waiting: t.waiting,
    total_assigned: t.assigned,
    by_priority: { Urgente: t.urgente, Alta: t.alta, Normal: t.normal, Baja: t.baja },
    high_risk_pregnancies: t.high_risk,
    longest_wait_minutes: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 60_000)) : 0,
    average_wait_minutes: Math.round(t.avg_minutes ?? 0),
    scheduled_today: t.scheduled_today,
    cancelled_today: t.cancelled_today,
    pending_outbound_calls: t.pending_calls,
    by_specialty: bySpecialty.map((s) => ({
      specialty_id: s.specialty_id,
      specialty_name: s.specialty_name,
      waiting: s.waiting,
      assigned: s.assigned,
      oldest_created_at: iso(s.oldest),
    })),
  };
}

/** GET /queue. */
export async function listQueue(deps: AppDeps, userId: number, q: ListQueueQuery) {
  const { items, total } = await listItems(
    deps.db,
    {
      status: q.status,
      specialtyId: q.specialty_id,
      priorityLevel: q.priority_level,
      callType: q.call_type,
      q: q.q,
      assignedUserId: q.mine ? userId : undefined,
    },
    deps.config.orgTimezone,
    { limit: q.limit, offset: (q.page - 1) * q.limit },
  );
  return { data: items, total, page: q.page, limit: q.limit };
}

/** GET /queue/grouped: the active entries by specialty. */
export async function groupedQueue(
  deps: AppDeps,
  q: Pick<ListQueueQuery, 'specialty_id' | 'priority_level' | 'q'>,
) {
  const { items } = await listItems(
    deps.db,
    { status: 'active', specialtyId: q.specialty_id, priorityLevel: q.priority_level, q: q.q },
    deps.config.orgTimezone,
  );
  return groupBySpecialty(items);
}
