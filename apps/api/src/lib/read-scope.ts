import { and, eq, sql } from 'drizzle-orm';
import { canRole, OWN_SCOPE_ROLES } from '@ips/shared/catalogs/roles';
import type { Executor } from '../db/client';
import { appointments } from '../db/schema/appointments';
import { doctors } from '../db/schema/resources';
import type { AppDeps, AuthUser } from './context';

/*
 * Least privilege for reads (decision 020): a doctor reads the patients and appointments of their own agendas,
 * and a patient booked with them; every other role reads the whole clinic. "Own" is the doctor record linked
 * to the user (doctors.user_id). A doctor user without a linked record sees nothing rather than everything.
 */
export type ReadScope = { kind: 'clinic' } | { kind: 'doctor'; doctorId: number | null };

export const CLINIC: ReadScope = { kind: 'clinic' };

export async function readScopeOf(deps: AppDeps, user: AuthUser | null): Promise<ReadScope> {
  if (!user || !canRole(OWN_SCOPE_ROLES, user.role)) return CLINIC;
  const [row] = await deps.db.select({ id: doctors.id }).from(doctors).where(eq(doctors.userId, user.id));
  return { kind: 'doctor', doctorId: row?.id ?? null };
}

/**
 * The doctor filter of a read under a scope: the requested one for the clinic; for a doctor, their own, and
 * `null` (nothing to show) when they ask for another doctor or have no linked record.
 */
export function doctorFilter(scope: ReadScope, requested?: number): number | undefined | null {
  if (scope.kind === 'clinic') return requested;
  if (scope.doctorId === null || (requested !== undefined && requested !== scope.doctorId)) return null;
  return scope.doctorId;
}

/** SQL condition on patients.id (or any patient id column): the patient has an appointment with the doctor. */
export const bookedWithDoctor = (patientId: unknown, doctorId: number) =>
  sql`exists (select 1 from ${appointments} where ${appointments.patientId} = ${patientId} and ${appointments.doctorId} = ${doctorId})`;

/** Whether the scope may read this patient: always for the clinic; for a doctor, if booked with them. */
export async function patientVisible(db: Executor, scope: ReadScope, patientId: number): Promise<boolean> {
  if (scope.kind === 'clinic') return true;
  if (scope.doctorId === null) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(appointments)
    .where(and(eq(appointments.patientId, patientId), eq(appointments.doctorId, scope.doctorId)))
    .limit(1);
  return Boolean(row);
}
