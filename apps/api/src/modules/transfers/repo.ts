import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TransferDto } from '@ips/shared/schemas/transfers';
import type { Executor } from '../../db/client';
import { transfers } from '../../db/schema/call-center';
import { patients } from '../../db/schema/patients';
import { specialties } from '../../db/schema/resources';
import { users } from '../../db/schema/users';

export type TransferRow = typeof transfers.$inferSelect;
export type NewTransfer = typeof transfers.$inferInsert;

const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');
const acceptor = alias(users, 'acceptor');

function selectWithNames(db: Executor) {
  return db
    .select({
      t: transfers,
      patientName: patients.name,
      patientPhone: patients.phone,
      specialtyName: specialties.name,
      fromName: fromUser.name,
      toName: toUser.name,
      acceptorName: acceptor.name,
    })
    .from(transfers)
    .leftJoin(patients, eq(patients.id, transfers.patientId))
    .leftJoin(specialties, eq(specialties.id, transfers.specialtyId))
    .leftJoin(fromUser, eq(fromUser.id, transfers.fromUserId))
    .leftJoin(toUser, eq(toUser.id, transfers.toUserId))
    .leftJoin(acceptor, eq(acceptor.id, transfers.acceptedBy));
}

/** What an agent sees: what they sent, what is addressed to them or open to all, what they accepted. */
export function visibleTo(userId: number): SQL {
  return or(
    eq(transfers.fromUserId, userId),
    eq(transfers.toUserId, userId),
    isNull(transfers.toUserId),
    eq(transfers.acceptedBy, userId),
  )!;
}

export async function list(db: Executor, f: { status?: string; visibleTo?: number }, limit: number) {
  const where = and(
    f.status ? eq(transfers.status, f.status) : undefined,
    f.visibleTo ? visibleTo(f.visibleTo) : undefined,
  );
  const rows = await selectWithNames(db)
    .where(where)
    .orderBy(desc(transfers.createdAt), desc(transfers.id))
    .limit(limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transfers)
    .where(where);
  return { rows: rows.map(toDto), total: count?.n ?? 0 };
}

export async function findDto(db: Executor, id: number) {
  const [row] = await selectWithNames(db).where(eq(transfers.id, id));
  return row ? toDto(row) : null;
}

export async function findByIdForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(transfers).where(eq(transfers.id, id)).for('update');
  return row ?? null;
}

export async function insert(db: Executor, values: NewTransfer) {
  const [row] = await db.insert(transfers).values(values).returning();
  return row!;
}

export async function update(db: Executor, id: number, values: Partial<NewTransfer>) {
  const [row] = await db
    .update(transfers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(transfers.id, id))
    .returning();
  return row!;
}

export function auditView(t: TransferRow) {
  return {
    id: t.id,
    status: t.status,
    patient_id: t.patientId,
    queue_id: t.queueId,
    from_user_id: t.fromUserId,
    to_user_id: t.toUserId,
    accepted_by: t.acceptedBy,
    rejection_reason: t.rejectionReason,
  };
}

type WithNames = Awaited<ReturnType<ReturnType<typeof selectWithNames>['execute']>>[number];
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toDto(r: WithNames): TransferDto {
  const t = r.t;
  return {
    id: t.id,
    status: t.status as TransferDto['status'],
    patient_id: t.patientId,
    patient_name: r.patientName,
    patient_phone: r.patientPhone,
    queue_id: t.queueId,
    call_log_id: t.callLogId,
    specialty_id: t.specialtyId,
    specialty_name: r.specialtyName,
    priority: t.priority,
    from_user_id: t.fromUserId,
    from_user_name: r.fromName,
    to_user_id: t.toUserId,
    to_user_name: r.toName,
    accepted_by: t.acceptedBy,
    accepted_by_name: r.acceptorName,
    reason: t.reason,
    notes: t.notes,
    rejection_reason: t.rejectionReason,
    created_at: t.createdAt.toISOString(),
    accepted_at: iso(t.acceptedAt),
    rejected_at: iso(t.rejectedAt),
    completed_at: iso(t.completedAt),
    updated_at: t.updatedAt.toISOString(),
  };
}
