import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PatientListFilter } from '@ips/shared/schemas/patients-query';
import type { Executor } from '../../db/client';
import { patientCounts, patients } from '../../db/schema/patients';
import { countsFilterCondition, filterCondition, orderBy, searchCondition, searchHalves } from './search';
import { findDetailsByIds, statusCounts } from './repo';
import { halvesPage, type HalvesQuery } from './repo-halves';

/*
 * The directory and quick search at 10⁶ patients (docs/decisions/005-patient-directory-at-scale.md). Each answer
 * is three cheap steps instead of one wide query: the counts (from patient_counts when there is no search), the
 * ids of the page (patients alone, index-only where possible), then the display rows of those ids (one prepared
 * statement whose ten joins are planned once per connection, not on every request).
 */

type Sort = Pick<PatientListFilter, 'sortBy' | 'sortOrder'>;

/** Active and inactive for the filters: summed counters without a search, else counted on patients. */
async function countFor(db: Executor, f: PatientListFilter) {
  if (f.search) {
    const [row] = await db.select(statusCounts).from(patients).where(filterCondition(f));
    return { active: row?.active ?? 0, inactive: row?.inactive ?? 0 };
  }
  const [row] = await db
    .select({
      active: sql<number>`coalesce(sum(${patientCounts.n}) filter (where ${patientCounts.status} = 'Activo'), 0)::int`,
      inactive: sql<number>`coalesce(sum(${patientCounts.n}) filter (where ${patientCounts.status} = 'Inactivo'), 0)::int`,
    })
    .from(patientCounts)
    .where(countsFilterCondition(f));
  return { active: row?.active ?? 0, inactive: row?.inactive ?? 0 };
}

/** Beyond this many rows (offset + limit) a search page is read with one query: deep pages of a search are rare. */
const HALVES_MAX = 1_000;

/**
 * Ids of rows [offset, offset + limit) of the matches in the given order. Sorted by name with a text search,
 * the match is read in two halves (repo-halves); otherwise one query whose ORDER BY an index provides.
 */
async function pageIds(
  db: Executor,
  where: SQL | undefined,
  sort: Sort,
  offset: number,
  limit: number,
  opts: { halves?: Omit<HalvesQuery, 'desc'>; first?: SQL[]; reversed?: boolean } = {},
): Promise<number[]> {
  if (opts.halves && sort.sortBy === 'name' && offset + limit <= HALVES_MAX) {
    const desc = (sort.sortOrder === 'desc') !== Boolean(opts.reversed);
    return halvesPage(db, { ...opts.halves, desc }, offset, limit);
  }
  const rows = await db
    .select({ id: patients.id })
    .from(patients)
    .where(where)
    .orderBy(...(opts.first ?? []), ...orderBy(sort.sortBy, sort.sortOrder, opts.reversed))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

/**
 * One page and its counts. The counts give the total, so a page past the end is never read, and a page in the
 * second half of the list is read backwards from the end: the database then skips at most half of the rows.
 */
export async function listPage(db: Executor, f: PatientListFilter) {
  const counts = await countFor(db, f);
  const total =
    f.status === 'Activo'
      ? counts.active
      : f.status === 'Inactivo'
        ? counts.inactive
        : counts.active + counts.inactive;
  const offset = (f.page - 1) * f.limit;
  if (offset >= total) return { rows: [], total, counts };
  const status = f.status ? eq(patients.status, f.status) : undefined;
  const where = and(filterCondition(f), status);
  const split = searchHalves(f.search);
  const base = filterCondition({ ...f, search: undefined });
  const halves = split && { base, status: f.status, filtered: base !== undefined, split };
  const size = Math.min(f.limit, total - offset);
  const fromEnd = total - offset - size;
  const ids =
    fromEnd < offset
      ? (await pageIds(db, where, f, fromEnd, size, { halves, reversed: true })).reverse()
      : await pageIds(db, where, f, offset, size, { halves });
  return { rows: await findDetailsByIds(db, ids), total, counts };
}

/** Quick search: by name; a number also puts the patient with exactly that document first. */
export async function search(db: Executor, text: string, limit: number) {
  const where = searchCondition(text);
  if (!where) return [];
  const digits = text.replace(/[\s.()+-]/g, '');
  // Only for numbers: an extra sort key would make a broad name search sort every match instead of walking
  // the name index and stopping at the limit.
  const first = /^\d+$/.test(digits) ? [sql`${patients.document} = ${digits} desc`] : [];
  const sort: Sort = { sortBy: 'name', sortOrder: 'asc' };
  const split = searchHalves(text);
  const halves = split && { base: undefined, filtered: false, split };
  const ids = await pageIds(db, where, sort, 0, limit, { first, halves });
  return findDetailsByIds(db, ids);
}
