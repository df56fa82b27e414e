import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  bloodGroups,
  disabilityTypes,
  documentTypes,
  educationLevels,
  eps,
  maritalStatuses,
  municipalities,
  populationGroups,
  zones,
} from '../../db/schema/catalogs';
import { patients, pregnancies, prenatalControls } from '../../db/schema/patients';
import { patientDocuments } from '../../db/schema/documents';
import { auditLog } from '../../db/schema/system';

export type PatientRow = typeof patients.$inferSelect;
export type PatientValues = typeof patients.$inferInsert;

/**
 * The display name of a lookup, as a scalar subquery: each is planned on its own in microseconds, where ten
 * joins made the planner weigh join orders for longer (10–30 ms on PostgreSQL, more on PGlite) than running them.
 */
const lookup = <T = string | null>(column: AnyPgColumn, id: AnyPgColumn, fk: AnyPgColumn) =>
  sql<T>`(select ${column} from ${id.table} where ${id} = ${fk})`;

/** A patient with the display names of its lookups. */
const detailColumns = {
  patient: patients,
  documentTypeCode: lookup<string>(documentTypes.code, documentTypes.id, patients.documentTypeId),
  documentTypeName: lookup<string>(documentTypes.name, documentTypes.id, patients.documentTypeId),
  municipalityName: lookup(municipalities.name, municipalities.id, patients.municipalityId),
  department: lookup(municipalities.department, municipalities.id, patients.municipalityId),
  zoneName: lookup(zones.name, zones.id, patients.zoneId),
  bloodGroupName: lookup(bloodGroups.name, bloodGroups.id, patients.bloodGroupId),
  disabilityTypeName: lookup(disabilityTypes.name, disabilityTypes.id, patients.disabilityTypeId),
  epsName: lookup(eps.name, eps.id, patients.insuranceEpsId),
  educationLevelName: lookup(educationLevels.name, educationLevels.id, patients.educationLevelId),
  maritalStatusName: lookup(maritalStatuses.name, maritalStatuses.id, patients.maritalStatusId),
  populationGroupName: lookup(populationGroups.name, populationGroups.id, patients.populationGroupId),
};

function selectDetail(db: Executor) {
  return db.select(detailColumns).from(patients);
}
export type PatientDetailRow = Awaited<ReturnType<ReturnType<typeof selectDetail>['execute']>>[number];

/**
 * The display rows of the given ids, in that order. A prepared statement: PostgreSQL plans it once per
 * connection (a generic plan of primary-key lookups) instead of on every request.
 */
export async function findDetailsByIds(db: Executor, ids: readonly number[]): Promise<PatientDetailRow[]> {
  if (!ids.length) return [];
  const rows = await selectDetail(db)
    .where(sql`${patients.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('patients_detail_by_ids')
    .execute({ ids });
  const byId = new Map(rows.map((r) => [r.patient.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findDetailById(db: Executor, id: number): Promise<PatientDetailRow | null> {
  const [row] = await findDetailsByIds(db, [id]);
  return row ?? null;
}

export async function findByIdForUpdate(db: Executor, id: number): Promise<PatientRow | null> {
  const [row] = await db.select().from(patients).where(eq(patients.id, id)).for('update');
  return row ?? null;
}

/** The patient holding a document within a document type, other than `exceptId`. */
export async function findIdByDocument(
  db: Executor,
  documentTypeId: number,
  document: string,
  exceptId?: number,
) {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        eq(patients.documentTypeId, documentTypeId),
        eq(patients.document, document),
        exceptId ? ne(patients.id, exceptId) : undefined,
      ),
    );
  return row?.id ?? null;
}

export async function insert(db: Executor, values: PatientValues): Promise<PatientRow> {
  const [row] = await db.insert(patients).values(values).returning();
  return row!;
}

export async function update(
  db: Executor,
  id: number,
  values: Partial<PatientValues>,
): Promise<PatientRow | null> {
  const [row] = await db
    .update(patients)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(patients.id, id))
    .returning();
  return row ?? null;
}

/** Deletes the patient; ON DELETE CASCADE removes every dependent row in the same statement. */
export async function remove(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(patients).where(eq(patients.id, id)).returning({ id: patients.id });
  return rows.length > 0;
}

/** Ids of the rows a permanent deletion takes with it, by table (for the audit and its redaction). */
export async function dependentIds(db: Executor, patientId: number) {
  const preg = await db
    .select({ id: pregnancies.id })
    .from(pregnancies)
    .where(eq(pregnancies.patientId, patientId));
  const pregnancyIds = preg.map((r) => r.id);
  const controls = pregnancyIds.length
    ? await db
        .select({ id: prenatalControls.id })
        .from(prenatalControls)
        .where(inArray(prenatalControls.pregnancyId, pregnancyIds))
    : [];
  const documents = await db
    .select({ id: patientDocuments.id })
    .from(patientDocuments)
    .where(eq(patientDocuments.patientId, patientId));
  return {
    pregnancies: pregnancyIds,
    prenatal_controls: controls.map((r) => r.id),
    patient_documents: documents.map((r) => r.id),
  };
}

/**
 * Empties the values of earlier audit rows of deleted records: who did what and when stays, the personal data
 * a permanent deletion is meant to remove does not survive in the log.
 */
export async function redactAudit(db: Executor, records: Record<string, number[]>): Promise<void> {
  for (const [table, ids] of Object.entries(records)) {
    if (!ids.length) continue;
    await db
      .update(auditLog)
      .set({
        oldValues: sql`case when ${auditLog.oldValues} is null then null else '{"redactado":true}'::jsonb end`,
        newValues: sql`case when ${auditLog.newValues} is null then null else '{"redactado":true}'::jsonb end`,
      })
      .where(and(eq(auditLog.tableName, table), inArray(auditLog.recordId, ids.map(String))));
  }
}

export interface ReferenceIds {
  document_type_id?: number | null;
  municipality_id?: number | null;
  zone_id?: number | null;
  blood_group_id?: number | null;
  disability_type_id?: number | null;
  insurance_eps_id?: number | null;
  education_level_id?: number | null;
  marital_status_id?: number | null;
  population_group_id?: number | null;
}

const REFERENCE_TABLES = {
  document_type_id: documentTypes,
  zone_id: zones,
  blood_group_id: bloodGroups,
  disability_type_id: disabilityTypes,
  insurance_eps_id: eps,
  education_level_id: educationLevels,
  marital_status_id: maritalStatuses,
  population_group_id: populationGroups,
} as const;

/** The given lookup ids that do not exist, and the zone of the municipality (null if it has none). */
export async function checkReferences(db: Executor, refs: ReferenceIds) {
  const missing: (keyof ReferenceIds)[] = [];
  const checks: Promise<void>[] = [];
  for (const [field, table] of Object.entries(REFERENCE_TABLES) as [
    keyof typeof REFERENCE_TABLES,
    (typeof REFERENCE_TABLES)[keyof typeof REFERENCE_TABLES],
  ][]) {
    const id = refs[field];
    if (id == null) continue;
    checks.push(
      db
        .select({ id: table.id })
        .from(table)
        .where(eq(table.id, id))
        .then((r) => void (r.length === 0 && missing.push(field))),
    );
  }
  let municipalityZoneId: number | null | undefined;
  if (refs.municipality_id != null) {
    checks.push(
      db
        .select({ zoneId: municipalities.zoneId })
        .from(municipalities)
        .where(eq(municipalities.id, refs.municipality_id))
        .then(([m]) => {
          if (!m) missing.push('municipality_id');
          else municipalityZoneId = m.zoneId;
        }),
    );
  }
  await Promise.all(checks);
  return { missing, municipalityZoneId };
}
