import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CallLogDto } from '@ips/shared/schemas/call-logs';
import { containsPattern } from '@ips/shared/schemas/resources-common';
import type { Executor } from '../../db/client';
import { callLogs } from '../../db/schema/call-center';
import { callStatuses } from '../../db/schema/calls';
import { patients } from '../../db/schema/patients';
import { specialties } from '../../db/schema/resources';
import { users } from '../../db/schema/users';

export type CallLogRow = typeof callLogs.$inferSelect;
export type NewCallLog = typeof callLogs.$inferInsert;

export interface CallLogFilter {
  patientId?: number;
  queueId?: number;
  status?: string;
  channel?: string;
  direction?: string;
  statusId?: number;
  from?: Date;
  to?: Date;
  q?: string;
}

const agent = alias(users, 'agent');

function conditions(f: CallLogFilter): SQL | undefined {
  const like = f.q ? containsPattern(f.q) : null;
  return and(
    f.patientId ? eq(callLogs.patientId, f.patientId) : undefined,
    f.queueId ? eq(callLogs.queueId, f.queueId) : undefined,
    f.status ? eq(callLogs.status, f.status) : undefined,
    f.channel ? eq(callLogs.channel, f.channel) : undefined,
    f.direction ? eq(callLogs.direction, f.direction) : undefined,
    f.statusId ? eq(callLogs.statusId, f.statusId) : undefined,
    f.from ? gte(callLogs.createdAt, f.from) : undefined,
    f.to ? lt(callLogs.createdAt, f.to) : undefined,
    like
      ? or(
          sql`${patients.name} ilike ${like}`,
          sql`${patients.document} like ${like}`,
          sql`${callLogs.notes} ilike ${like}`,
          sql`${callLogs.outcome} ilike ${like}`,
        )
      : undefined,
  );
}

function selectWithNames(db: Executor) {
  return db
    .select({
      c: callLogs,
      patientName: patients.name,
      patientPhone: patients.phone,
      specialtyName: specialties.name,
      userName: agent.name,
      statusName: callStatuses.name,
      statusColor: callStatuses.color,
    })
    .from(callLogs)
    .innerJoin(patients, eq(patients.id, callLogs.patientId))
    .leftJoin(specialties, eq(specialties.id, callLogs.specialtyId))
    .leftJoin(agent, eq(agent.id, callLogs.userId))
    .leftJoin(callStatuses, eq(callStatuses.id, callLogs.statusId));
}

export async function list(db: Executor, f: CallLogFilter, limit: number, offset: number) {
  const where = conditions(f);
  const rows = await selectWithNames(db)
    .where(where)
    .orderBy(desc(callLogs.createdAt), desc(callLogs.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(callLogs)
    .innerJoin(patients, eq(patients.id, callLogs.patientId))
    .where(where);
  return { rows: rows.map(toDto), total: count?.n ?? 0 };
}

export async function findDto(db: Executor, id: number) {
  const [row] = await selectWithNames(db).where(eq(callLogs.id, id));
  return row ? toDto(row) : null;
}

export async function findByIdForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(callLogs).where(eq(callLogs.id, id)).for('update');
  return row ?? null;
}

export async function update(db: Executor, id: number, values: Partial<NewCallLog>) {
  const [row] = await db
    .update(callLogs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(callLogs.id, id))
    .returning();
  return row!;
}

export async function insert(db: Executor, values: NewCallLog) {
  const [row] = await db.insert(callLogs).values(values).returning();
  return row!;
}

/** Whether an automated outbound call is already pending for the patient (not dialled yet). */
export async function hasPendingAutomated(db: Executor, patientId: number) {
  const [row] = await db
    .select({ id: callLogs.id })
    .from(callLogs)
    .where(
      and(
        eq(callLogs.patientId, patientId),
        eq(callLogs.status, 'pending'),
        eq(callLogs.direction, 'outbound'),
        eq(callLogs.callType, 'automated_outreach'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export function auditView(c: CallLogRow) {
  return {
    id: c.id,
    patient_id: c.patientId,
    queue_id: c.queueId,
    appointment_id: c.appointmentId,
    direction: c.direction,
    channel: c.channel,
    call_type: c.callType,
    status: c.status,
    outcome: c.outcome,
    status_id: c.statusId,
  };
}

type WithNames = Awaited<ReturnType<ReturnType<typeof selectWithNames>['execute']>>[number];
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toDto(r: WithNames): CallLogDto {
  const c = r.c;
  return {
    id: c.id,
    patient_id: c.patientId,
    patient_name: r.patientName,
    patient_phone: r.patientPhone,
    specialty_id: c.specialtyId,
    specialty_name: r.specialtyName,
    queue_id: c.queueId,
    appointment_id: c.appointmentId,
    user_id: c.userId,
    user_name: r.userName,
    direction: c.direction as CallLogDto['direction'],
    channel: c.channel as CallLogDto['channel'],
    call_type: c.callType as CallLogDto['call_type'],
    status: c.status as CallLogDto['status'],
    outcome: c.outcome,
    notes: c.notes,
    explanation: c.explanation,
    status_id: c.statusId,
    status_name: r.statusName,
    status_color: r.statusColor,
    created_at: c.createdAt.toISOString(),
    started_at: iso(c.startedAt),
    ended_at: iso(c.endedAt),
    updated_at: c.updatedAt.toISOString(),
  };
}
