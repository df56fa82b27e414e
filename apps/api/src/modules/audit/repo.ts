import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { AUDIT_COUNT_CAP } from '@ips/shared/schemas/audit';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/system';
import { users } from '../../db/schema/users';

export interface AuditFilter {
  tableName?: string;
  recordId?: string;
  userId?: number;
  action?: string;
  from?: Date;
  to?: Date;
}

export const where = (f: AuditFilter) =>
  and(
    f.tableName ? eq(auditLog.tableName, f.tableName) : undefined,
    f.recordId ? eq(auditLog.recordId, f.recordId) : undefined,
    f.userId ? eq(auditLog.userId, f.userId) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.from ? gte(auditLog.createdAt, f.from) : undefined,
    f.to ? lt(auditLog.createdAt, f.to) : undefined,
  );

/** The listed columns: the values stay out of the list (they can be large) and come with the detail. */
const entryColumns = {
  id: auditLog.id,
  tableName: auditLog.tableName,
  recordId: auditLog.recordId,
  action: auditLog.action,
  userId: auditLog.userId,
  requestId: auditLog.requestId,
  createdAt: auditLog.createdAt,
  userName: users.name,
  userEmail: users.email,
  userRole: users.role,
};

/**
 * Matches up to AUDIT_COUNT_CAP + 1: every filter leads an index ending in (created_at, id), so this reads at
 * most that many index entries however many rows match (decision 029).
 */
async function cappedCount(db: Executor, f: AuditFilter): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(auditLog)
    .where(where(f))
    .limit(AUDIT_COUNT_CAP + 1)
    .as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return row?.n ?? 0;
}

/**
 * One page, newest first, with the user's name (a left join: the row outlives the user). A short page is the
 * last one, so its total needs no count; otherwise the count is capped and `exact` says whether it was reached.
 */
export async function listPage(db: Executor, f: AuditFilter, limit: number, offset: number) {
  const rows = await db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where(f))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  if (rows.length < limit && (rows.length > 0 || offset === 0))
    return { rows, total: offset + rows.length, exact: true };
  const n = await cappedCount(db, f);
  return { rows, total: Math.min(n, AUDIT_COUNT_CAP), exact: n <= AUDIT_COUNT_CAP };
}

export type AuditEntryRow = Awaited<ReturnType<typeof listPage>>['rows'][number];

export async function findById(db: Executor, id: number) {
  const [row] = await db
    .select({ ...entryColumns, oldValues: auditLog.oldValues, newValues: auditLog.newValues })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(eq(auditLog.id, id));
  return row;
}

export type ExportRow = {
  id: number;
  table_name: string;
  record_id: string;
  action: string;
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  request_id: string | null;
  created_at: Date;
  old_values: string | null;
  new_values: string | null;
  /** created_at as PostgreSQL writes it: a JavaScript Date would lose its microseconds, and the cursor with them. */
  cursor_at: string;
};

/**
 * Every match, newest first, `batch` rows a query: each batch continues after the last row of the previous one
 * ((created_at, id) keyset on the filter's index), so memory stays flat and no transaction or connection is held
 * between batches (on PGlite one long read would block every other request). The values are read as JSON text.
 */
export async function* exportRows(db: Executor, f: AuditFilter, batch = 1_000): AsyncGenerator<ExportRow> {
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const keyset: ReturnType<typeof sql> | undefined = after
      ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id})`
      : undefined;
    const res: { rows: ExportRow[] } = await db.execute<ExportRow>(sql`
      select audit_log.id::float8 as id, audit_log.table_name, audit_log.record_id, audit_log.action,
             audit_log.user_id, users.name as user_name, users.email as user_email, audit_log.request_id,
             audit_log.created_at, audit_log.old_values::text as old_values,
             audit_log.new_values::text as new_values, audit_log.created_at::text as cursor_at
        from ${auditLog} left join ${users} on users.id = audit_log.user_id
       where ${and(where(f), keyset) ?? sql`true`}
       order by audit_log.created_at desc, audit_log.id desc
       limit ${batch}`);
    const rows: ExportRow[] = res.rows;
    for (const r of rows) yield r;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursor_at, id: Number(last.id) };
  }
}
