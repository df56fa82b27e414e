import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PatientListFilter } from '@ips/shared/schemas/patients-query';
import type { Executor } from '../../db/client';
import { patients } from '../../db/schema/patients';
import { bookedWithDoctor } from '../../lib/read-scope';
import { findDetailsByIds } from './repo';
import { filterCondition, orderBy, searchCondition } from './search';
import type { DirectoryCounts } from './repo-directory';

/*
 * The directory and quick search of one doctor (decision 020): only the patients booked with them. That set is
 * a doctor's patients, hundreds, not the clinic's million, so the plain query is the fast one: no counters, no
 * caps, no anchors (repo-directory's machinery is for the whole directory).
 */

/** The doctor's patients, or nobody for a doctor without a linked record (`null`). */
const mine = (doctorId: number | null): SQL =>
  doctorId === null ? sql`false` : bookedWithDoctor(patients.id, doctorId);

export async function listScopedPage(db: Executor, f: PatientListFilter, doctorId: number | null) {
  const where = and(mine(doctorId), filterCondition(f));
  const [c] = await db
    .select({
      active: sql<number>`count(*) filter (where ${patients.status} = 'Activo')::int`,
      inactive: sql<number>`count(*) filter (where ${patients.status} = 'Inactivo')::int`,
    })
    .from(patients)
    .where(where);
  const counts: DirectoryCounts = {
    active: c?.active ?? 0,
    inactive: c?.inactive ?? 0,
    exact: { active: true, inactive: true },
  };
  const total =
    f.status === 'Activo'
      ? counts.active
      : f.status === 'Inactivo'
        ? counts.inactive
        : counts.active + counts.inactive;
  const offset = (f.page - 1) * f.limit;
  if (offset >= total) return { rows: [], total, exactTotal: true, counts, anchor: null };
  const ids = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(where, f.status ? eq(patients.status, f.status) : undefined))
    .orderBy(...orderBy(f.sortBy, f.sortOrder))
    .limit(f.limit)
    .offset(offset);
  const rows = await findDetailsByIds(
    db,
    ids.map((r) => r.id),
  );
  return { rows, total, exactTotal: true, counts, anchor: null };
}

export async function searchScoped(db: Executor, text: string, limit: number, doctorId: number | null) {
  const where = searchCondition(text);
  if (!where) return [];
  const ids = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(mine(doctorId), where))
    .orderBy(...orderBy('name', 'asc'))
    .limit(limit);
  return findDetailsByIds(
    db,
    ids.map((r) => r.id),
  );
}
