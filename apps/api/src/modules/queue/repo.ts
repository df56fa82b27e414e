import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { DEFAULT_QUEUE_OUTCOME, QUEUE_MINUTES_PER_POSITION } from '@ips/shared/schemas/queue-entry';
import type { QueueEntryDto } from '@ips/shared/schemas/queue-entry';
import type { Executor } from '../../db/client';
import { patients } from '../../db/schema/patients';
import { queueEntries } from '../../db/schema/queue';
import { specialties } from '../../db/schema/resources';

/*
 * The waiting queue's storage, as far as booking needs it: put a patient in, find who is next for a
 * specialty, tell an entry's position, and mark an entry scheduled. The queue screens and their routes
 * build on the same table (order: priority_rank, created_at, id; one active entry per patient and specialty).
 */

export type QueueEntryRow = typeof queueEntries.$inferSelect;
export type NewQueueEntry = typeof queueEntries.$inferInsert;

/**
 * Puts the patient in the queue for the specialty, or finds the entry already there (a patient waits once per
 * specialty): the partial unique index decides, so two concurrent requests still leave one entry.
 */
export async function enqueue(
  db: Executor,
  values: NewQueueEntry,
): Promise<{ entry: QueueEntryRow; created: boolean }> {
  const [row] = await db
    .insert(queueEntries)
    .values(values)
    .onConflictDoNothing({
      target: [queueEntries.patientId, queueEntries.specialtyId],
      where: sql`status in ('waiting', 'assigned')`,
    })
    .returning();
  if (row) return { entry: row, created: true };
  const [existing] = await db
    .select()
    .from(queueEntries)
    .where(
      and(
        eq(queueEntries.patientId, values.patientId),
        eq(queueEntries.specialtyId, values.specialtyId),
        sql`${queueEntries.status} in ('waiting', 'assigned')`,
      ),
    );
  return { entry: existing!, created: false };
}

/**
 * The entries waiting for a specialty in queue order, locked; rows another transaction holds are skipped so
 * that two freed slots go to two different patients instead of waiting on each other.
 */
export function nextWaiting(db: Executor, specialtyId: number, limit: number, excludePatientId?: number) {
  return db
    .select()
    .from(queueEntries)
    .where(
      and(
        eq(queueEntries.specialtyId, specialtyId),
        eq(queueEntries.status, 'waiting'),
        excludePatientId ? ne(queueEntries.patientId, excludePatientId) : undefined,
      ),
    )
    .orderBy(asc(queueEntries.priorityRank), asc(queueEntries.createdAt), asc(queueEntries.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * 1-based place among the entries waiting for the same specialty, or null when the entry is not waiting.
 * The entry's own key is read in SQL: created_at has microseconds that a JavaScript Date would round off.
 */
export async function positionOf(db: Executor, entry: QueueEntryRow): Promise<number | null> {
  if (entry.status !== 'waiting') return null;
  const res = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from queue_entries q
    where q.specialty_id = ${entry.specialtyId} and q.status = 'waiting'
      and (q.priority_rank, q.created_at, q.id) <
        (select e.priority_rank, e.created_at, e.id from queue_entries e where e.id = ${entry.id})`);
  return (res.rows[0]?.n ?? 0) + 1;
}

/** Takes the entry out of the queue with the appointment that scheduled it. */
export async function markScheduled(
  db: Executor,
  id: number,
  appointmentId: number,
  outcome: string = DEFAULT_QUEUE_OUTCOME,
) {
  const [row] = await db
    .update(queueEntries)
    .set({ status: 'scheduled', appointmentId, outcome, resolvedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(queueEntries.id, id))
    .returning();
  return row ?? null;
}

export async function findById(db: Executor, id: number) {
  const [row] = await db.select().from(queueEntries).where(eq(queueEntries.id, id));
  return row ?? null;
}

/** The API shape of an entry, with its current position. */
export async function toDto(db: Executor, entry: QueueEntryRow): Promise<QueueEntryDto> {
  const [names] = await db
    .select({ patientName: patients.name, specialtyName: specialties.name })
    .from(patients)
    .innerJoin(specialties, eq(specialties.id, entry.specialtyId))
    .where(eq(patients.id, entry.patientId));
  const position = await positionOf(db, entry);
  return {
    id: entry.id,
    patient_id: entry.patientId,
    patient_name: names?.patientName ?? '',
    specialty_id: entry.specialtyId,
    specialty_name: names?.specialtyName ?? '',
    location_id: entry.locationId,
    preferred_doctor_id: entry.preferredDoctorId,
    priority_level: entry.priorityLevel as QueueEntryDto['priority_level'],
    status: entry.status as QueueEntryDto['status'],
    call_type: entry.callType as QueueEntryDto['call_type'],
    reason: entry.reason,
    position,
    estimated_wait_minutes: position === null ? null : position * QUEUE_MINUTES_PER_POSITION,
    appointment_id: entry.appointmentId,
    created_at: entry.createdAt.toISOString(),
  };
}

/** What the audit keeps of an entry. */
export function auditView(e: QueueEntryRow) {
  return {
    id: e.id,
    patient_id: e.patientId,
    specialty_id: e.specialtyId,
    priority_level: e.priorityLevel,
    status: e.status,
    call_type: e.callType,
    source: e.source,
    appointment_id: e.appointmentId,
    origin_appointment_id: e.originAppointmentId,
  };
}

/**
 * Takes out of the queue the entry that cancelling this appointment put there (the appointment was restored,
 * so the patient no longer waits).
 */
export async function cancelWaitingFromAppointment(
  db: Executor,
  originAppointmentId: number,
  outcome: string,
) {
  return db
    .update(queueEntries)
    .set({ status: 'cancelled', outcome, resolvedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(queueEntries.originAppointmentId, originAppointmentId),
        sql`${queueEntries.status} in ('waiting', 'assigned')`,
      ),
    )
    .returning();
}

/** The entry locked for the rest of the transaction (every queue mutation starts here). */
export async function findByIdForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(queueEntries).where(eq(queueEntries.id, id)).for('update');
  return row ?? null;
}

/**
 * The next waiting entry (of the specialty, or of any by priority then arrival), locked; entries other
 * transactions hold are skipped, so concurrent agents each get a different one (or none).
 */
export async function claimNextWaiting(db: Executor, specialtyId?: number | null) {
  const [row] = await db
    .select()
    .from(queueEntries)
    .where(
      and(
        eq(queueEntries.status, 'waiting'),
        specialtyId ? eq(queueEntries.specialtyId, specialtyId) : undefined,
      ),
    )
    .orderBy(asc(queueEntries.priorityRank), asc(queueEntries.createdAt), asc(queueEntries.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function update(db: Executor, id: number, values: Partial<NewQueueEntry>) {
  const [row] = await db
    .update(queueEntries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(queueEntries.id, id))
    .returning();
  return row!;
}

/** Takes the entry out of the queue: scheduled (with or without an appointment) or cancelled. */
export function close(
  db: Executor,
  id: number,
  to: { status: 'scheduled' | 'cancelled'; outcome: string; appointmentId?: number | null },
) {
  return update(db, id, {
    status: to.status,
    outcome: to.outcome,
    appointmentId: to.appointmentId ?? null,
    resolvedAt: new Date(),
  });
}

export const isActive = (e: QueueEntryRow) => e.status === 'waiting' || e.status === 'assigned';
