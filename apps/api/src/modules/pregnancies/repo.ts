import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { patients, pregnancies, prenatalControls } from '../../db/schema/patients';

export type PregnancyRow = typeof pregnancies.$inferSelect;
export type ControlRow = typeof prenatalControls.$inferSelect;

// $count qualifies the columns of its correlated subquery; a plain sql`` in a one-table select would not.
const withCount = (db: Executor) => ({
  pregnancy: pregnancies,
  controls: db.$count(prenatalControls, eq(prenatalControls.pregnancyId, pregnancies.id)),
});
export type PregnancyWithCount = { pregnancy: PregnancyRow; controls: number };

/** The patient fields the pregnancy rules need. */
export async function findPatient(db: Executor, id: number) {
  const [row] = await db
    .select({ id: patients.id, gender: patients.gender })
    .from(patients)
    .where(eq(patients.id, id));
  return row ?? null;
}

export async function findActiveByPatient(
  db: Executor,
  patientId: number,
): Promise<PregnancyWithCount | null> {
  const [row] = await db
    .select(withCount(db))
    .from(pregnancies)
    .where(and(eq(pregnancies.patientId, patientId), eq(pregnancies.status, 'Activa')));
  return row ?? null;
}

export async function listByPatient(db: Executor, patientId: number): Promise<PregnancyWithCount[]> {
  return db
    .select(withCount(db))
    .from(pregnancies)
    .where(eq(pregnancies.patientId, patientId))
    .orderBy(desc(pregnancies.startDate), desc(pregnancies.id));
}

export async function findWithCount(db: Executor, id: number): Promise<PregnancyWithCount | null> {
  const [row] = await db.select(withCount(db)).from(pregnancies).where(eq(pregnancies.id, id));
  return row ?? null;
}

export async function findByIdForUpdate(db: Executor, id: number): Promise<PregnancyRow | null> {
  const [row] = await db.select().from(pregnancies).where(eq(pregnancies.id, id)).for('update');
  return row ?? null;
}

export async function insert(db: Executor, values: typeof pregnancies.$inferInsert): Promise<PregnancyRow> {
  const [row] = await db.insert(pregnancies).values(values).returning();
  return row!;
}

export async function update(
  db: Executor,
  id: number,
  values: Partial<typeof pregnancies.$inferInsert>,
): Promise<PregnancyRow> {
  const [row] = await db
    .update(pregnancies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(pregnancies.id, id))
    .returning();
  return row!;
}

export async function earliestControlDate(db: Executor, pregnancyId: number): Promise<string | null> {
  const [row] = await db
    .select({ d: sql<string | null>`min(${prenatalControls.controlDate})::text` })
    .from(prenatalControls)
    .where(eq(prenatalControls.pregnancyId, pregnancyId));
  return row?.d ?? null;
}

export async function latestControlDate(db: Executor, pregnancyId: number): Promise<string | null> {
  const [row] = await db
    .select({ d: sql<string | null>`max(${prenatalControls.controlDate})::text` })
    .from(prenatalControls)
    .where(eq(prenatalControls.pregnancyId, pregnancyId));
  return row?.d ?? null;
}

export async function listControls(db: Executor, pregnancyId: number): Promise<ControlRow[]> {
  return db
    .select()
    .from(prenatalControls)
    .where(eq(prenatalControls.pregnancyId, pregnancyId))
    .orderBy(asc(prenatalControls.controlDate), asc(prenatalControls.id));
}

export async function insertControl(
  db: Executor,
  values: typeof prenatalControls.$inferInsert,
): Promise<ControlRow> {
  const [row] = await db.insert(prenatalControls).values(values).returning();
  return row!;
}
