import { sql, type SQL } from 'drizzle-orm';
import { localDateTime } from '@ips/shared/format';
import { QUEUE_MINUTES_PER_POSITION } from '@ips/shared/schemas/queue-entry';
import type { QueueItemDto } from '@ips/shared/schemas/queue';
import { containsPattern } from '@ips/shared/schemas/resources-common';
import type { Executor } from '../../db/client';
import { OPEN_OFFER_STILL_FREE } from './offers-repo';

/*
 * The queue as the screens read it: entries with the patient, specialty, CUPS, agents, the high-risk-pregnancy
 * flag, the open freed-slot offer and the position among the entries waiting for the same specialty
 * (priority_rank, created_at, id — the order /queue/next serves).
 */

export interface ItemFilter {
  ids?: number[];
  /** 'active' = waiting or assigned. */
  status?: 'waiting' | 'assigned' | 'scheduled' | 'cancelled' | 'active' | 'all';
  specialtyId?: number;
  priorityLevel?: string;
  callType?: string;
  q?: string;
  assignedUserId?: number;
}

type ItemRow = {
  id: number;
  patient_id: number;
  patient_name: string;
  patient_document: string;
  patient_phone: string | null;
  specialty_id: number;
  specialty_name: string;
  location_id: number | null;
  preferred_doctor_id: number | null;
  priority_level: string;
  status: string;
  call_type: string;
  reason: string | null;
  notes: string | null;
  source: string;
  outcome: string | null;
  appointment_id: number | null;
  cups_id: number | null;
  cups_code: string | null;
  cups_name: string | null;
  assigned_user_id: number | null;
  assigned_user_name: string | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  position: number | null;
  high_risk_pregnancy: boolean;
  offer_id: number | null;
  offer_availability_id: number | null;
  offer_scheduled_at: string | Date | null;
  offer_duration: number | null;
  offer_doctor_name: string | null;
  offer_location_name: string | null;
  offer_freed_id: number | null;
  offer_mode: string | null;
  offer_status: string | null;
  offer_reason: string | null;
  offer_created_at: string | Date | null;
};

function where(f: ItemFilter): SQL {
  const parts: SQL[] = [];
  if (f.ids)
    parts.push(
      f.ids.length
        ? sql`q.id in (${sql.join(
            f.ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (f.status === 'active') parts.push(sql`q.status in ('waiting', 'assigned')`);
  else if (f.status && f.status !== 'all') parts.push(sql`q.status = ${f.status}`);
  if (f.specialtyId) parts.push(sql`q.specialty_id = ${f.specialtyId}`);
  if (f.priorityLevel) parts.push(sql`q.priority_level = ${f.priorityLevel}`);
  if (f.callType) parts.push(sql`q.call_type = ${f.callType}`);
  if (f.assignedUserId) parts.push(sql`q.assigned_user_id = ${f.assignedUserId}`);
  if (f.q) {
    const like = containsPattern(f.q);
    parts.push(sql`(p.name ilike ${like} or p.document like ${like})`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

const SELECT = sql`
  select q.id, q.patient_id, p.name as patient_name, p.document as patient_document, p.phone as patient_phone,
    q.specialty_id, s.name as specialty_name, q.location_id, q.preferred_doctor_id, q.priority_level, q.status,
    q.call_type, q.reason, q.notes, q.source, q.outcome, q.appointment_id, q.cups_id, c.code as cups_code,
    c.name as cups_name, q.assigned_user_id, au.name as assigned_user_name, q.created_by,
    cu.name as created_by_name, q.created_at, q.updated_at, w.position,
    exists (select 1 from pregnancies pr where pr.patient_id = q.patient_id and pr.status = 'Activa'
      and pr.high_risk) as high_risk_pregnancy,
    o.id as offer_id, o.availability_id as offer_availability_id, o.scheduled_at as offer_scheduled_at,
    o.duration_minutes as offer_duration, o.doctor_name as offer_doctor_name,
    o.location_name as offer_location_name, o.freed_appointment_id as offer_freed_id, o.mode as offer_mode,
    o.status as offer_status, o.reason as offer_reason, o.created_at as offer_created_at
  from queue_entries q
  join patients p on p.id = q.patient_id
  join specialties s on s.id = q.specialty_id
  left join cups c on c.id = q.cups_id
  left join users au on au.id = q.assigned_user_id
  left join users cu on cu.id = q.created_by
  left join (
    select id, (row_number() over (partition by specialty_id order by priority_rank, created_at, id))::int as position
    from queue_entries where status = 'waiting'
  ) w on w.id = q.id
  left join lateral (
    select so.*, d.name as doctor_name, l.name as location_name
    from queue_slot_offers so
    join availabilities a on a.id = so.availability_id
    join doctors d on d.id = a.doctor_id
    join locations l on l.id = a.location_id
    where so.queue_entry_id = q.id and q.status in ('waiting', 'assigned')
      and ${sql.raw(OPEN_OFFER_STILL_FREE)}
    order by so.created_at desc limit 1
  ) o on true`;

/** Entries matching the filter in queue order (specialty name, then the serving order); `total` ignores paging. */
export async function listItems(
  db: Executor,
  f: ItemFilter,
  tz: string,
  page?: { limit: number; offset: number },
  now: Date = new Date(),
): Promise<{ items: QueueItemDto[]; total: number }> {
  const cond = where(f);
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const res = await db.execute<ItemRow>(sql`${SELECT}
    where ${cond}
    order by s.name, q.specialty_id, (q.status <> 'assigned'), q.priority_rank, q.created_at, q.id
    ${paging}`);
  let total = res.rows.length;
  if (page && (page.offset > 0 || total === page.limit)) {
    const count = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from queue_entries q join patients p on p.id = q.patient_id where ${cond}`);
    total = count.rows[0]?.n ?? 0;
  }
  return { items: res.rows.map((r) => toItem(r, tz, now)), total };
}

export async function findItem(db: Executor, id: number, tz: string): Promise<QueueItemDto | null> {
  const { items } = await listItems(db, { ids: [id], status: 'all' }, tz);
  return items[0] ?? null;
}

const iso = (v: string | Date) => new Date(v).toISOString();

function toItem(r: ItemRow, tz: string, now: Date): QueueItemDto {
  const created = new Date(r.created_at);
  const waitMinutes = Math.max(0, Math.floor((now.getTime() - created.getTime()) / 60_000));
  const position = r.position ?? null;
  return {
    id: r.id,
    patient_id: r.patient_id,
    patient_name: r.patient_name,
    patient_document: r.patient_document,
    patient_phone: r.patient_phone,
    specialty_id: r.specialty_id,
    specialty_name: r.specialty_name,
    location_id: r.location_id,
    preferred_doctor_id: r.preferred_doctor_id,
    priority_level: r.priority_level as QueueItemDto['priority_level'],
    status: r.status as QueueItemDto['status'],
    call_type: r.call_type as QueueItemDto['call_type'],
    reason: r.reason,
    position,
    queue_position: position,
    estimated_wait_minutes: position === null ? null : position * QUEUE_MINUTES_PER_POSITION,
    appointment_id: r.appointment_id,
    created_at: iso(r.created_at),
    high_risk_pregnancy: Boolean(r.high_risk_pregnancy),
    cups_id: r.cups_id,
    cups_code: r.cups_code,
    cups_name: r.cups_name,
    notes: r.notes,
    source: r.source,
    outcome: r.outcome,
    assigned_user_id: r.assigned_user_id,
    assigned_user_name: r.assigned_user_name,
    created_by: r.created_by,
    created_by_name: r.created_by_name,
    days_waiting: Math.floor(waitMinutes / (24 * 60)),
    wait_minutes: waitMinutes,
    updated_at: iso(r.updated_at),
    slot_offer:
      r.offer_id === null
        ? null
        : {
            id: r.offer_id,
            availability_id: r.offer_availability_id!,
            scheduled_at: localDateTime(new Date(r.offer_scheduled_at!), tz),
            duration_minutes: r.offer_duration!,
            doctor_name: r.offer_doctor_name ?? '',
            location_name: r.offer_location_name ?? '',
            freed_appointment_id: r.offer_freed_id,
            mode: r.offer_mode as 'auto_assign' | 'notify',
            status: r.offer_status as 'offered' | 'accepted' | 'expired',
            reason: r.offer_reason ?? '',
            created_at: iso(r.offer_created_at!),
          },
  };
}

/** Counts for /queue/overview. `dayStart` is the organisation's midnight. */
export async function overviewCounts(db: Executor, dayStart: Date, now: Date = new Date()) {
  const res = await db.execute<{
    waiting: number;
    assigned: number;
    urgente: number;
    alta: number;
    normal: number;
    baja: number;
    high_risk: number;
    oldest: string | Date | null;
    avg_minutes: number | null;
    scheduled_today: number;
    cancelled_today: number;
    pending_calls: number;
  }>(sql`
    select
      count(*) filter (where q.status = 'waiting')::int as waiting,
      count(*) filter (where q.status = 'assigned')::int as assigned,
      count(*) filter (where q.status in ('waiting','assigned') and q.priority_level = 'Urgente')::int as urgente,
      count(*) filter (where q.status in ('waiting','assigned') and q.priority_level = 'Alta')::int as alta,
      count(*) filter (where q.status in ('waiting','assigned') and q.priority_level = 'Normal')::int as normal,
      count(*) filter (where q.status in ('waiting','assigned') and q.priority_level = 'Baja')::int as baja,
      count(*) filter (where q.status in ('waiting','assigned') and exists (select 1 from pregnancies pr
        where pr.patient_id = q.patient_id and pr.status = 'Activa' and pr.high_risk))::int as high_risk,
      min(q.created_at) filter (where q.status in ('waiting','assigned')) as oldest,
      (avg(extract(epoch from (${now.toISOString()}::timestamptz - q.created_at)) / 60)
        filter (where q.status in ('waiting','assigned')))::float8 as avg_minutes,
      count(*) filter (where q.status = 'scheduled' and q.resolved_at >= ${dayStart.toISOString()}::timestamptz)::int as scheduled_today,
      count(*) filter (where q.status = 'cancelled' and q.resolved_at >= ${dayStart.toISOString()}::timestamptz)::int as cancelled_today,
      (select count(*)::int from call_logs cl where cl.status = 'pending' and cl.direction = 'outbound')
        as pending_calls
    from queue_entries q
    where q.status in ('waiting','assigned') or q.resolved_at >= ${dayStart.toISOString()}::timestamptz`);
  const bySpecialty = await db.execute<{
    specialty_id: number;
    specialty_name: string;
    waiting: number;
    assigned: number;
    oldest: string | Date | null;
  }>(sql`
    select q.specialty_id, s.name as specialty_name,
      count(*) filter (where q.status = 'waiting')::int as waiting,
      count(*) filter (where q.status = 'assigned')::int as assigned,
      min(q.created_at) as oldest
    from queue_entries q join specialties s on s.id = q.specialty_id
    where q.status in ('waiting','assigned')
    group by q.specialty_id, s.name
    order by s.name`);
  return { totals: res.rows[0]!, bySpecialty: bySpecialty.rows };
}
