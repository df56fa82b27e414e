import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  CALL_SEARCH_COUNT_CAP,
  type CallDto,
  type CallHistoryFilters,
  type CallStatus,
} from '@ips/shared/schemas/calls';
import type { Executor } from '../../db/client';
import { callAudio, callCounts, calls } from '../../db/schema/calls';

export type CallRow = typeof calls.$inferSelect;
export type NewCall = typeof calls.$inferInsert;

const columns = {
  c: calls,
  hasAudio: sql<boolean>`exists(select 1 from ${callAudio} where ${callAudio.callId} = ${calls.id})`,
};
const select = (db: Executor) => db.select(columns).from(calls);
type Selected = { c: CallRow; hasAudio: boolean };

export async function findById(db: Executor, id: number) {
  const [row] = await db.select().from(calls).where(eq(calls.id, id));
  return row ?? null;
}

export async function findDto(db: Executor, id: number, now = new Date()) {
  const [row] = await select(db).where(eq(calls.id, id));
  return row ? toDto(row, now) : null;
}

export async function insert(db: Executor, values: NewCall) {
  const [row] = await db.insert(calls).values(values).returning();
  return row!;
}

/**
 * A transition as one conditional UPDATE: it changes the call only while it is in one of `from`, so two agents
 * attending the same waiting call cannot both win (the second finds it active and changes nothing).
 */
export async function transition(
  db: Executor,
  id: number,
  from: readonly CallStatus[],
  values: Partial<NewCall> | Record<string, unknown>,
) {
  const [row] = await db
    .update(calls)
    .set({ ...(values as Partial<NewCall>), updatedAt: sql`now()` })
    .where(and(eq(calls.id, id), inArray(calls.status, [...from])))
    .returning();
  return row ?? null;
}

/** Active calls, longest with an agent first; waiting calls, longest wait first (ties: higher priority). */
export async function listLive(db: Executor, status: 'active' | 'waiting', now = new Date()) {
  const order =
    status === 'waiting'
      ? [
          asc(calls.waitingSince),
          sql`array_position(array['urgencia','alta','normal','baja'], ${calls.priority})`,
        ]
      : [asc(calls.answeredAt)];
  const rows = await select(db)
    .where(eq(calls.status, status))
    .orderBy(...order, asc(calls.id))
    .limit(500);
  return rows.map((r) => toDto(r, now));
}

/** The last `n` calls that ended, newest first. */
export async function listRecentEnded(db: Executor, n: number, now = new Date()) {
  const rows = await select(db)
    .where(sql`${calls.endedAt} is not null`)
    .orderBy(desc(calls.endedAt))
    .limit(n);
  return rows.map((r) => toDto(r, now));
}

export async function countLive(db: Executor) {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${calls.status} = 'active')::int`,
      waiting: sql<number>`count(*) filter (where ${calls.status} = 'waiting')::int`,
    })
    .from(calls)
    .where(ne(calls.status, 'ended'));
  return { active: row?.active ?? 0, waiting: row?.waiting ?? 0 };
}

/* History */

/**
 * Past this offset a page is read as ids first (see historyPage): the skipped rows are index entries only, not
 * table rows fetched and thrown away (page 20 of 100 fetched 2,000 rows to show 100).
 */
const DEEP = 0;

function isPhoneSearch(q: string) {
  return /^[\d\s()+.-]+$/.test(q) && q.replace(/\D/g, '').length >= 3;
}

function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const esc = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  if (isPhoneSearch(q)) {
    // '+57 310…' and '310…' find the same calls: a leading 57 country code is dropped from a long number.
    let digits = q.replace(/\D/g, '');
    if (digits.length > 10 && digits.startsWith('57')) digits = digits.slice(2);
    return sql`${calls.phoneDigits} like ${`%${esc(digits)}%`}`;
  }
  return sql`${calls.nameSearch} like '%' || immutable_unaccent(lower(${esc(q)})) || '%'`;
}

function filterCondition(f: CallHistoryFilters): SQL | undefined {
  return and(
    f.status ? eq(calls.status, f.status) : undefined,
    f.priority ? eq(calls.priority, f.priority) : undefined,
    searchCondition(f.search),
  );
}

/**
 * The status and priority filters written so that no index on those columns applies (both are NOT NULL, so
 * `x || ''` is x): a broad filter (ended, normal) would otherwise make the database intersect the search's
 * bitmap with a bitmap of most of the table, or walk a filter index row by row reading the table.
 */
function filterOnRow(f: CallHistoryFilters): SQL | undefined {
  return and(
    f.status ? sql`${calls.status} || '' = ${f.status}` : undefined,
    f.priority ? sql`${calls.priority} || '' = ${f.priority}` : undefined,
  );
}

/** Calls with the status and priority filters (no search), exact, from the call_counts rollup. */
async function filterCount(db: Executor, f: CallHistoryFilters) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${callCounts.n}), 0)::int` })
    .from(callCounts)
    .where(
      and(
        f.status ? eq(callCounts.status, f.status) : undefined,
        f.priority ? eq(callCounts.priority, f.priority) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** A filter with fewer calls than this is intersected with the search in the indexes (BitmapAnd). */
export const NARROW_FILTER = 50_000;

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);

/**
 * A search's matches, counted up to the cap through the trigram index (bitmap scan, one pass): how many (up to
 * cap + 1) and, when they are at most the cap, the ids of the page among them (sorted in the database, newest
 * first). A narrow status / priority filter (the live statuses, a rare combination: counted exactly in
 * call_counts) is intersected in the indexes; a broad one is checked on the search's candidates (filterOnRow).
 */
async function searchMatches(
  db: Executor,
  f: CallHistoryFilters,
  limit: number,
  offset: number,
  { cap = CALL_SEARCH_COUNT_CAP, narrowBelow = NARROW_FILTER } = {},
) {
  const narrow = Boolean(f.status || f.priority) && (await filterCount(db, f)) < narrowBelow;
  const where = and(
    searchCondition(f.search),
    narrow
      ? and(
          f.status ? eq(calls.status, f.status) : undefined,
          f.priority ? eq(calls.priority, f.priority) : undefined,
        )
      : filterOnRow(f),
  );
  return bitmapOnly(db, async (tx) => {
    const [row] = rowsOf<{ n: number; ids: number[] }>(
      await tx.execute(sql`
        with m as (select ${calls.id} as id, ${calls.startedAt} as started_at from ${calls} where ${where}
                   limit ${cap + 1})
        select (select count(*) from m)::int as n,
               (select coalesce(json_agg(p.id), '[]'::json) from
                  (select id from m order by started_at desc, id desc limit ${limit} offset ${offset}) p) as ids`),
    );
    return { n: Number(row?.n ?? 0), ids: (row?.ids ?? []).map(Number) };
  });
}

/** Exact count without a search (the call_counts rollup); with one, counted up to the cap through the indexes. */
export async function countHistory(db: Executor, f: CallHistoryFilters) {
  if (!f.search) return { total: await filterCount(db, f), exact: true };
  const { n } = await searchMatches(db, f, 1, 0);
  return { total: Math.min(n, CALL_SEARCH_COUNT_CAP), exact: n <= CALL_SEARCH_COUNT_CAP };
}

/**
 * Under a LIMIT the planner likes walking the date index and filtering, which for a rare name reads the whole
 * table; with at most CALL_SEARCH_COUNT_CAP matches, the trigram bitmap and a sort of those rows is cheaper.
 */
function bitmapOnly<T>(db: Executor, run: (tx: Executor) => Promise<T>) {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
                 set_config('enable_indexonlyscan', 'off', true)`,
    );
    return run(tx);
  });
}

/** The rows of `ids`, in that order. */
async function rowsByIds(db: Executor, ids: number[], now: Date) {
  if (ids.length === 0) return [];
  const byId = new Map((await select(db).where(inArray(calls.id, ids))).map((r) => [r.c.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toDto(r, now)] : [];
  });
}

/**
 * Ids of a page of a search with more matches than the cap, newest first: a walk down a covering index
 * (migration 0031: calls_priority_search_idx with a priority filter, else calls_started_search_idx; both carry
 * the search columns and the other filter), read from the index alone. With more than the cap matching, a page
 * near the front is found after a short walk. Bitmap scans are left out: for a common word the planner would
 * otherwise recheck every candidate in the table and sort them all (80,000 for 'maria': 145 ms).
 */
async function searchWalkIds(db: Executor, f: CallHistoryFilters, limit: number, offset: number) {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true)`,
    );
    const rows = await tx
      .select({ id: calls.id })
      .from(calls)
      .where(filterCondition(f))
      .orderBy(desc(calls.startedAt), desc(calls.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => r.id);
  });
}

/**
 * A page of a search and its total: the matches up to the cap in one bitmap pass (exact total, the page sorted
 * from them); past the cap, `total_exact: false` and the page from the walk of the covering index.
 */
export async function searchHistory(
  db: Executor,
  f: CallHistoryFilters,
  limit: number,
  offset: number,
  now = new Date(),
  /** The count cap, the narrow-filter bound and the probe's length (0: none), smaller in tests. */
  opts: { cap?: number; narrowBelow?: number; probe?: number } = {},
) {
  const cap = opts.cap ?? CALL_SEARCH_COUNT_CAP;
  const probe = f.status || f.priority ? (opts.probe ?? PROBE) : 0;
  const recent = probe > 0 ? await probeRecent(db, f, cap, probe) : [];
  if (recent.length > cap) {
    const ids =
      offset + limit <= recent.length
        ? recent.slice(offset, offset + limit)
        : await searchWalkIds(db, f, limit, offset);
    return { items: await rowsByIds(db, ids, now), total: cap, exact: false };
  }
  const m = await searchMatches(db, f, limit, offset, { ...opts, cap });
  const exact = m.n <= cap;
  const ids = exact ? m.ids : await searchWalkIds(db, f, limit, offset);
  return { items: await rowsByIds(db, ids, now), total: Math.min(m.n, cap), exact };
}

/** Index entries of the filter's range a filtered search reads first, newest first (see probeRecent). */
export const PROBE = 40_000;

/**
 * A filtered search with many matches ('maria' among the ended calls of priority alta) made the bitmap pass
 * recheck thousands of candidates against the filter in the table (~30 ms). The newest `probe` entries of the
 * filter's range in a covering index (calls_priority_search_idx or calls_started_search_idx) are read first,
 * from the index alone (~3 ms): when more than the cap of them match, these are the newest matches of all, so
 * the total is "more than the cap" and the page is among them. Otherwise the bitmap pass runs as before.
 */
async function probeRecent(db: Executor, f: CallHistoryFilters, cap: number, probe: number) {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true)`,
    );
    const recent = tx
      .select({
        id: calls.id,
        startedAt: calls.startedAt,
        hit: sql<boolean>`${searchCondition(f.search)}`.as('hit'),
      })
      .from(calls)
      .where(filterCondition({ status: f.status, priority: f.priority }))
      .orderBy(desc(calls.startedAt), desc(calls.id))
      .limit(probe)
      .as('recent');
    const rows = await tx
      .select({ id: recent.id })
      .from(recent)
      .where(sql`${recent.hit}`)
      .orderBy(desc(recent.startedAt), desc(recent.id))
      .limit(cap + 1);
    return rows.map((r) => r.id);
  });
}

/**
 * One page of the history, newest first. A page in the second half of an exactly counted list is read from the
 * other end (the database skips at most half of the rows); a search is read by searchHistory.
 */
export async function historyPage(
  db: Executor,
  f: CallHistoryFilters,
  limit: number,
  offset: number,
  count: { total: number; exact: boolean },
  now = new Date(),
  deep = DEEP,
) {
  if (f.search) return (await searchHistory(db, f, limit, offset, now)).items;
  const where = filterCondition(f);
  if (count.exact && offset >= count.total) return [];
  if (count.exact && offset > deep) {
    // A later page: the ids from the index alone (index-only scan of (…, started_at, id)), then those rows; a
    // page in the second half is read from the other end, so at most half of the entries are skipped.
    const back = offset > count.total / 2;
    const n = back ? Math.min(limit, count.total - offset) : limit;
    const ids = (
      await db
        .select({ id: calls.id })
        .from(calls)
        .where(where)
        .orderBy(...(back ? [asc(calls.startedAt), asc(calls.id)] : [desc(calls.startedAt), desc(calls.id)]))
        .limit(n)
        .offset(back ? count.total - offset - n : offset)
    ).map((r) => r.id);
    if (back) ids.reverse();
    return rowsByIds(db, ids, now);
  }
  const rows = await select(db)
    .where(where)
    .orderBy(desc(calls.startedAt), desc(calls.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => toDto(r, now));
}

/** One patient's calls, newest first, with their count (index `calls_patient_idx`). */
export async function patientPage(db: Executor, patientId: number, limit: number, offset: number) {
  const [[counted], rows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(calls)
      .where(eq(calls.patientId, patientId)),
    select(db)
      .where(eq(calls.patientId, patientId))
      .orderBy(desc(calls.startedAt), desc(calls.id))
      .limit(limit)
      .offset(offset),
  ]);
  const now = new Date();
  return { total: counted?.n ?? 0, items: rows.map((r) => toDto(r, now)) };
}

/** Every call matching the filters, newest first, in batches (keyset), for the CSV export. */
export async function* historyBatches(db: Executor, f: CallHistoryFilters, batch = 1000) {
  const where = filterCondition(f);
  let after: { startedAt: Date; id: number } | null = null;
  for (;;) {
    const rows: CallRow[] = await db
      .select()
      .from(calls)
      .where(
        and(
          where,
          after
            ? sql`(${calls.startedAt}, ${calls.id}) < (${after.startedAt.toISOString()}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(calls.startedAt), desc(calls.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { startedAt: last.startedAt, id: last.id };
  }
}

/* Audio */

export async function audioInfo(db: Executor, callId: number) {
  const [row] = await db
    .select({ contentType: callAudio.contentType, size: callAudio.size, sha256: callAudio.sha256 })
    .from(callAudio)
    .where(eq(callAudio.callId, callId));
  return row ?? null;
}

/** Bytes [start, end] of a recording (inclusive), read as a slice in the database. */
export async function audioSlice(db: Executor, callId: number, start: number, end: number) {
  const [row] = await db
    .select({ data: sql<Buffer>`substring(${callAudio.data} from ${start + 1} for ${end - start + 1})` })
    .from(callAudio)
    .where(eq(callAudio.callId, callId));
  return row ? toBuffer(row.data) : null;
}

function toBuffer(v: unknown): Buffer {
  if (Buffer.isBuffer(v)) return v;
  if (v instanceof Uint8Array) return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  if (typeof v === 'string' && v.startsWith('\\x')) return Buffer.from(v.slice(2), 'hex');
  return Buffer.from(String(v));
}

/* Views */

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const secondsBetween = (a: Date, b: Date) => Math.max(0, Math.round((b.getTime() - a.getTime()) / 1000));

export function auditView(c: CallRow) {
  return {
    id: c.id,
    patient_id: c.patientId,
    patient_name: c.patientName,
    agent_name: c.agentName,
    agent_user_id: c.agentUserId,
    status: c.status,
    priority: c.priority,
    call_type: c.callType,
    outcome: c.outcome,
    transfer_count: c.transferCount,
  };
}

export function toDto({ c, hasAudio }: Selected, now: Date): CallDto {
  const end = c.endedAt ?? now;
  const transcript = c.transcript as CallDto['transcript'] | undefined;
  return {
    id: c.id,
    patient_id: c.patientId,
    patient_name: c.patientName,
    patient_phone: c.patientPhone,
    patient_document: c.patientDocument,
    agent_user_id: c.agentUserId,
    agent_name: c.agentName,
    call_type: c.callType,
    direction: c.direction as CallDto['direction'],
    status: c.status as CallDto['status'],
    priority: c.priority as CallDto['priority'],
    duration: secondsBetween(c.startedAt, end),
    current_duration: c.answeredAt ? secondsBetween(c.answeredAt, end) : null,
    waiting_time: secondsBetween(c.startedAt, c.answeredAt ?? end),
    current_wait: c.status === 'waiting' && c.waitingSince ? secondsBetween(c.waitingSince, now) : null,
    outcome: c.outcome,
    transfer_count: c.transferCount,
    conversation_id: c.conversationId,
    webhook_data: c.webhookData ?? null,
    webhook_data_end: c.webhookDataEnd ?? null,
    audio_url: hasAudio ? `/api/calls/${c.id}/audio` : null,
    transcript: typeof transcript === 'string' || Array.isArray(transcript) ? transcript : null,
    started_at: c.startedAt.toISOString(),
    answered_at: iso(c.answeredAt),
    waiting_since: iso(c.waitingSince),
    ended_at: iso(c.endedAt),
    start_time: c.startedAt.toISOString(),
    end_time: iso(c.endedAt),
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}
