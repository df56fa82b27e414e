import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '@ips/shared/schemas/resources-common';
import type { Executor } from '../../db/client';
import { agendaTemplates } from '../../db/schema/agenda-templates';
import { doctors, locations, specialties } from '../../db/schema/resources';

export type TemplateRow = typeof agendaTemplates.$inferSelect;
export type TemplateValues = typeof agendaTemplates.$inferInsert;

const withNames = {
  t: agendaTemplates,
  doctorName: doctors.name,
  specialtyName: specialties.name,
  locationName: locations.name,
};

function selectWithNames(db: Executor) {
  return db
    .select(withNames)
    .from(agendaTemplates)
    .leftJoin(doctors, eq(doctors.id, agendaTemplates.doctorId))
    .leftJoin(specialties, eq(specialties.id, agendaTemplates.specialtyId))
    .leftJoin(locations, eq(locations.id, agendaTemplates.locationId));
}
export type TemplateWithNames = Awaited<ReturnType<ReturnType<typeof selectWithNames>['execute']>>[number];

export interface TemplateFilter {
  search?: string;
  doctorId?: number;
  active?: boolean;
}

function where(f: TemplateFilter): SQL | undefined {
  return and(
    f.search
      ? sql`immutable_unaccent(${agendaTemplates.name}) ilike immutable_unaccent(${containsPattern(f.search)})`
      : undefined,
    f.doctorId ? eq(agendaTemplates.doctorId, f.doctorId) : undefined,
    f.active === undefined ? undefined : eq(agendaTemplates.active, f.active),
  );
}

const order = [asc(sql`lower(${agendaTemplates.name})`), asc(agendaTemplates.id)];

export async function listPage(db: Executor, f: TemplateFilter, limit: number, offset: number) {
  const rows = await selectWithNames(db)
    .where(where(f))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  if (rows.length < limit && (rows.length > 0 || offset === 0)) return { rows, total: offset + rows.length };
  const [total] = await db.select({ n: count() }).from(agendaTemplates).where(where(f));
  return { rows, total: total?.n ?? 0 };
}

export async function findWithNames(db: Executor, id: number) {
  const [row] = await selectWithNames(db).where(eq(agendaTemplates.id, id));
  return row ?? null;
}

export async function findManyForUpdate(db: Executor, ids: number[]) {
  return db
    .select()
    .from(agendaTemplates)
    .where(inArray(agendaTemplates.id, ids.length ? ids : [0]))
    .orderBy(asc(agendaTemplates.id))
    .for('share');
}

export async function findByIdForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(agendaTemplates).where(eq(agendaTemplates.id, id)).for('update');
  return row ?? null;
}

export async function insert(db: Executor, values: TemplateValues) {
  const [row] = await db.insert(agendaTemplates).values(values).returning();
  return row!;
}

export async function update(db: Executor, id: number, values: Partial<TemplateValues>) {
  const [row] = await db
    .update(agendaTemplates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(agendaTemplates.id, id))
    .returning();
  return row ?? null;
}

export async function remove(db: Executor, id: number) {
  await db.delete(agendaTemplates).where(eq(agendaTemplates.id, id));
}

export type AnalyticsRow = {
  template_id: number;
  name: string;
  doctor_name: string | null;
  agendas_generated: number;
  active_agendas: number;
  capacity_total: number;
  booked_total: number;
  appointments_total: number;
  appointments_by_status: Record<string, number>;
  first_date: string | null;
  last_date: string | null;
};

/**
 * Per template: its generated agendas (availabilities.template_id, optionally within dates), their capacity and
 * booked slots (cancelled agendas counted apart) and their appointments by status. One page of templates.
 */
export async function analyticsPage(
  db: Executor,
  f: { templateId?: number; start?: string; end?: string },
  limit: number,
  offset: number,
) {
  const dates = sql.join(
    [f.start ? sql` and a.date >= ${f.start}` : sql``, f.end ? sql` and a.date <= ${f.end}` : sql``],
    sql``,
  );
  const only = f.templateId ? sql`where t.id = ${f.templateId}` : sql``;
  const res = await db.execute<AnalyticsRow>(sql`
    select t.id as template_id, t.name, d.name as doctor_name,
      ag.n as agendas_generated, ag.active as active_agendas, ag.cap as capacity_total,
      ag.booked as booked_total, ag.first_date, ag.last_date,
      coalesce(ap.total, 0)::int as appointments_total,
      coalesce(ap.by_status, '{}'::jsonb) as appointments_by_status
    from agenda_templates t
    left join doctors d on d.id = t.doctor_id
    cross join lateral (
      select count(*)::int as n,
        (count(*) filter (where a.status <> 'Cancelada'))::int as active,
        coalesce(sum(a.capacity) filter (where a.status <> 'Cancelada'), 0)::int as cap,
        coalesce(sum(a.booked_slots) filter (where a.status <> 'Cancelada'), 0)::int as booked,
        min(a.date)::text as first_date, max(a.date)::text as last_date
      from availabilities a where a.template_id = t.id${dates}
    ) ag
    left join lateral (
      select sum(s.n)::int as total, jsonb_object_agg(s.status, s.n) as by_status
      from (
        select p.status, count(*)::int as n
        from appointments p join availabilities a on a.id = p.availability_id
        where a.template_id = t.id${dates}
        group by p.status
      ) s
    ) ap on true
    ${only}
    order by lower(t.name), t.id
    limit ${limit} offset ${offset}`);
  const [total] = await db
    .select({ n: count() })
    .from(agendaTemplates)
    .where(f.templateId ? eq(agendaTemplates.id, f.templateId) : undefined);
  return { rows: res.rows, total: total?.n ?? 0 };
}
