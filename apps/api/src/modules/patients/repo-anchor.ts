import { and, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { patients } from '../../db/schema/patients';

/*
 * Keyset paging of the name-sorted directory. An offset costs a walk over every row before it: page 40,000 of
 * a 10⁶ directory walks 480,000 index entries (~100 ms). The web app only moves a few pages at a time (the
 * pager shows five numbers around the current page), so it sends the first row of the page on screen as an
 * anchor and the server reads from that row: the cost is the distance from the anchor, not from the start.
 */

/** The first row of a page: `{id}:{name_sort}`, sent back as `anchor` with its page number. */
export interface PageAnchor {
  id: number;
  nameSort: string;
  page: number;
}

/** Farther than this from the anchor, the page is read by offset (from the start or from the end) as before. */
export const ANCHOR_MAX_PAGES = 50;

export const anchorToken = (row: { id: number; nameSort: string | null }) =>
  `${row.id}:${row.nameSort ?? ''}`;

/**
 * Ids of page `page` counted from the anchor's page, in the list's order. After the anchor: rows from the anchor
 * on; before it: rows before the anchor read backwards, then put back in order.
 */
export async function anchoredPageIds(
  db: Executor,
  where: SQL | undefined,
  order: 'asc' | 'desc',
  anchor: PageAnchor,
  page: number,
  limit: number,
): Promise<number[]> {
  const key = sql`(${patients.nameSort}, ${patients.id})`;
  const at = sql`(${anchor.nameSort}::text collate "C", ${anchor.id}::int)`;
  const forward = page >= anchor.page;
  // In list order, "from the anchor on" is >= for ascending and <= for descending; before it, the reverse.
  const ascending = (order === 'asc') === forward;
  const bound = forward
    ? ascending
      ? sql`${key} >= ${at}`
      : sql`${key} <= ${at}`
    : ascending
      ? sql`${key} > ${at}`
      : sql`${key} < ${at}`;
  const dir = ascending ? sql`asc` : sql`desc`;
  const skip = forward ? (page - anchor.page) * limit : (anchor.page - page - 1) * limit;
  const rows = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(where, bound))
    .orderBy(sql`${patients.nameSort} ${dir}`, sql`${patients.id} ${dir}`)
    .limit(limit)
    .offset(skip);
  const ids = rows.map((r) => r.id);
  return forward ? ids : ids.reverse();
}
