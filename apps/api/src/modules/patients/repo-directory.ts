import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PatientListFilter } from '@ips/shared/schemas/patients-query';
import type { Executor } from '../../db/client';
import { patientCounts, patients } from '../../db/schema/patients';
import { countsFilterCondition, filterCondition, orderBy, searchCondition, searchHalves } from './search';
import { findDetailsByIds } from './repo';
import { ANCHOR_MAX_PAGES, anchoredPageIds, anchorToken } from './repo-anchor';
import { halvesPage, rankedIds, type HalvesQuery } from './repo-halves';

/*
 * The directory and quick search at 10⁶ patients (docs/decisions/005-patient-directory-at-scale.md). Each answer
 * is three cheap steps instead of one wide query: the counts (from patient_counts when there is no search), the
 * ids of the page (patients alone, index-only where possible), then the display rows of those ids (one prepared
 * statement whose ten joins are planned once per connection, not on every request).
 */

type Sort = Pick<PatientListFilter, 'sortBy' | 'sortOrder'>;

/**
 * A search counts its matches up to this many per status. Counting every match of a common surname (2 % of a
 * 10⁶ directory) visits tens of thousands of table pages; nobody pages through them, so past the cap the answer
 * says "more than" (docs/decisions/011-search-counts.md) and stays a few milliseconds.
 */
export const SEARCH_COUNT_CAP = 1_000;

export interface DirectoryCounts {
  active: number;
  inactive: number;
  /** False for a tab whose search matches passed SEARCH_COUNT_CAP: its number then means "more than". */
  exact: { active: boolean; inactive: boolean };
}

/**
 * Matches of one status, up to cap + 1. Under a LIMIT the planner prefers walking the table or a sorted index
 * and filtering (it believes matches are everywhere), which reads far more rows than the trigram bitmap does, so
 * this transaction leaves it only bitmap scans: the rows come straight from the search indexes (the small
 * inactive-only ones for the Inactivos tab).
 */
async function cappedCount(db: Executor, where: SQL | undefined, status: 'Activo' | 'Inactivo') {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
                 set_config('enable_indexonlyscan', 'off', true)`,
    );
    const matches = tx
      .select({ one: sql`1` })
      .from(patients)
      .where(and(where, eq(patients.status, status)))
      .limit(SEARCH_COUNT_CAP + 1)
      .as('matches');
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(matches);
    return row?.n ?? 0;
  });
}

/** Active and inactive for the filters: summed counters without a search, else counted on patients (capped). */
async function countFor(db: Executor, f: PatientListFilter): Promise<DirectoryCounts> {
  if (f.search) {
    const where = filterCondition(f);
    const [active, inactive] = await Promise.all([
      cappedCount(db, where, 'Activo'),
      cappedCount(db, where, 'Inactivo'),
    ]);
    const cap = (n: number) => Math.min(n, SEARCH_COUNT_CAP);
    return {
      active: cap(active),
      inactive: cap(inactive),
      exact: { active: active <= SEARCH_COUNT_CAP, inactive: inactive <= SEARCH_COUNT_CAP },
    };
  }
  const [row] = await db
    .select({
      active: sql<number>`coalesce(sum(${patientCounts.n}) filter (where ${patientCounts.status} = 'Activo'), 0)::int`,
      inactive: sql<number>`coalesce(sum(${patientCounts.n}) filter (where ${patientCounts.status} = 'Inactivo'), 0)::int`,
    })
    .from(patientCounts)
    .where(countsFilterCondition(f));
  return { active: row?.active ?? 0, inactive: row?.inactive ?? 0, exact: { active: true, inactive: true } };
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
  const tabs =
    f.status === 'Activo'
      ? ['active' as const]
      : f.status === 'Inactivo'
        ? ['inactive' as const]
        : (['active', 'inactive'] as const);
  const total = tabs.reduce((n, k) => n + counts[k], 0);
  // A capped total is a lower bound: the end of the list is unknown, so pages are read from the start.
  const exactTotal = tabs.every((k) => counts.exact[k]);
  const offset = (f.page - 1) * f.limit;
  if (offset >= total) return { rows: [], total, exactTotal, counts, anchor: null };
  const status = f.status ? eq(patients.status, f.status) : undefined;
  const where = and(filterCondition(f), status);
  const split = searchHalves(f.search);
  const base = filterCondition({ ...f, search: undefined });
  const halves = split && { base, status: f.status, filtered: base !== undefined, split };
  const size = Math.min(f.limit, total - offset);
  const fromEnd = total - offset - size;
  const distance = f.anchor ? Math.abs(f.page - f.anchor.page) : Infinity;
  const anchored =
    f.anchor && f.sortBy === 'name' && !f.search && distance <= ANCHOR_MAX_PAGES
      ? distance * f.limit < Math.min(offset, exactTotal ? fromEnd : Infinity)
      : false;
  const ids = anchored
    ? await anchoredPageIds(db, where, f.sortOrder, f.anchor!, f.page, size)
    : exactTotal && fromEnd < offset
      ? (await pageIds(db, where, f, fromEnd, size, { halves, reversed: true })).reverse()
      : await pageIds(db, where, f, offset, size, { halves });
  const rows = await findDetailsByIds(db, ids);
  return { rows, total, exactTotal, counts, anchor: rows[0] ? anchorToken(rows[0].patient) : null };
}

/**
 * Quick search: a number puts the patient with exactly that document first, then document and phone matches in
 * name order; words put the names that start with the first word first (rankedIds), then the other matches.
 */
export async function search(db: Executor, text: string, limit: number) {
  const split = searchHalves(text);
  if (split) {
    const ids = await rankedIds(db, { base: undefined, filtered: false, split, desc: false }, limit);
    return findDetailsByIds(db, ids);
  }
  const where = searchCondition(text);
  if (!where) return [];
  const digits = text.replace(/[\s.()+-]/g, '');
  // Only for numbers: an extra sort key would make a broad name search sort every match instead of walking
  // the name index and stopping at the limit.
  const first = /^\d+$/.test(digits) ? [sql`${patients.document} = ${digits} desc`] : [];
  const ids = await pageIds(db, where, { sortBy: 'name', sortOrder: 'asc' }, 0, limit, { first });
  return findDetailsByIds(db, ids);
}
