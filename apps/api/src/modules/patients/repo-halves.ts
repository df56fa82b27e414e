import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { patients } from '../../db/schema/patients';

/*
 * The first `need` matches of a text search in name order, read as two disjoint halves (searchHalves): the
 * names that start with the first word — one range of the sorted index, always cheap — and the matches further
 * in the name or in the e-mail. For the second half neither plan is safe on its own: walking the sorted index
 * and filtering is fast when such matches are common ('ma') and reads the whole index when there are none
 * ('sofia' is a first name: its e-mails all belong to names the range already gave, and the planner cannot know
 * that); collecting the matches through the trigram indexes and sorting them is fast when they are rare and
 * slow when they are many. So the walk is tried first over a bounded stretch of the index (tuning.probe rows, read from
 * the index alone), and only when that stretch holds fewer than `need` matches are they collected.
 */

/** Rows of the sorted index the walk may read before the matches are collected instead (tests lower it). */
export const tuning = { probe: 4_000 };

export interface HalvesQuery {
  /** Filters other than the search; `status` separately, since it leads the status+name index. */
  base: SQL | undefined;
  status?: 'Activo' | 'Inactivo';
  /** Base filters on other columns than status (they make the probe read the table, not only the index). */
  filtered: boolean;
  split: [starts: SQL, elsewhere: SQL];
  desc: boolean;
}

type Keyed = { id: number; name_sort: string };
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);

/** Byte order of the UTF-8 text, as COLLATE "C" sorts it (JavaScript compares UTF-16 units). */
function compare(a: Keyed, b: Keyed): number {
  return Buffer.compare(Buffer.from(a.name_sort), Buffer.from(b.name_sort)) || a.id - b.id;
}

const select = (db: Executor, where: SQL | undefined, by: SQL, n: number) =>
  db
    .execute(
      sql`select ${patients.id}, ${patients.nameSort} from ${patients} where ${where ?? sql`true`} order by ${by} limit ${n}`,
    )
    .then(rowsOf<Keyed>);

const statusOf = (q: HalvesQuery) => (q.status ? eq(patients.status, q.status) : undefined);
const nameOrder = (desc: boolean) => {
  const dir = desc ? sql`desc` : sql`asc`;
  return sql`${patients.nameSort} ${dir}, ${patients.id} ${dir}`;
};

/** The first `need` names that start with the first word: one range of the sorted index. */
function startsHalf(db: Executor, q: HalvesQuery, need: number): Promise<Keyed[]> {
  return select(db, and(q.base, statusOf(q), q.split[0]), nameOrder(q.desc), need);
}

/** The first `need` of the other matches (the word further in the name, or the e-mail), in name order. */
async function elsewhereHalf(db: Executor, q: HalvesQuery, need: number): Promise<Keyed[]> {
  const dir = q.desc ? sql`desc` : sql`asc`;
  const order = nameOrder(q.desc);
  const status = statusOf(q);
  // The probe: the first PROBE rows in name order (of the status tab), then the condition on them. The
  // subquery keeps the table's name, so the condition's "patients"."…" columns refer to its columns.
  const columns = q.filtered ? sql`*` : sql`${patients.id}, ${patients.nameSort}, ${patients.email}`;
  const probed = rowsOf<Keyed>(
    await db.execute(
      sql`select ${patients.id}, ${patients.nameSort} from (
            select ${columns} from ${patients} where ${status ?? sql`true`} order by ${order} limit ${tuning.probe}
          ) as "patients"
          where ${and(q.base, q.split[1]) ?? sql`true`} order by ${order} limit ${need}`,
    ),
  );
  if (probed.length >= need) return probed;
  // Fewer than `need` in the stretch: collect them all through the trigram indexes. Sorting on an expression
  // the index does not hold keeps the planner from walking the index for them after all.
  return select(
    db,
    and(q.base, status, q.split[1]),
    sql`${patients.nameSort} || '' ${dir}, ${patients.id} ${dir}`,
    need,
  );
}

/** Rows [offset, offset + limit) of the matches, as ids, in name order (or its reverse with `desc`). */
export async function halvesPage(db: Executor, q: HalvesQuery, offset: number, limit: number) {
  const need = offset + limit;
  const starts = await startsHalf(db, q, need);
  const elsewhere = await elsewhereHalf(db, q, need);
  const merged = [...starts, ...elsewhere].sort(q.desc ? (a, b) => compare(b, a) : compare);
  return merged.slice(offset, need).map((r) => Number(r.id));
}

/**
 * The first `limit` matches ranked for a type-ahead: the names that start with the first word, in name order,
 * then the other matches in name order. Someone typing 'maria jose' or 'ro' means the start of a name first;
 * and when the prefix alone fills the list, the other half is never read (decision 011, quick search).
 */
export async function rankedIds(db: Executor, q: HalvesQuery, limit: number): Promise<number[]> {
  const starts = await startsHalf(db, q, limit);
  const rest = starts.length < limit ? await elsewhereHalf(db, q, limit - starts.length) : [];
  return [...starts, ...rest].map((r) => Number(r.id));
}
