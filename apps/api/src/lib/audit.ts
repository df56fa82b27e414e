import { sql, type SQL } from 'drizzle-orm';
import { auditLog } from '../db/schema/system';
import type { Executor } from '../db/client';
import type { Actor } from './context';

const SECRET_KEYS = new Set(['password', 'password_hash', 'passwordHash', 'token']);

function redact(values: unknown): unknown {
  if (!values || typeof values !== 'object') return values ?? null;
  return Object.fromEntries(
    Object.entries(values as Record<string, unknown>)
      .filter(([k]) => !SECRET_KEYS.has(k))
      .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );
}

export interface AuditEntry {
  table: string;
  recordId: string | number;
  action: 'create' | 'update' | 'delete' | (string & {});
  oldValues?: unknown;
  newValues?: unknown;
}

/** Records a change; call it with the transaction that makes the change so both commit or neither does. */
export async function writeAudit(tx: Executor, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    tableName: entry.table,
    recordId: String(entry.recordId),
    action: entry.action,
    oldValues: redact(entry.oldValues),
    newValues: redact(entry.newValues),
    userId: actor.userId,
    requestId: actor.requestId,
  });
}

/**
 * What writeAudit does for a row a statement is writing, as one INSERT … SELECT over `source` (a data-modifying
 * CTE of that statement), so the audit row costs no round trip of its own. `recordId` and `newValues` are SQL
 * over `source`; they must not carry secrets (redact() does not see them).
 */
export function auditRowsFrom(
  actor: Actor,
  entry: { table: string; action: string; recordId: SQL; newValues: SQL; source: SQL },
): SQL {
  return sql`insert into ${auditLog} (table_name, record_id, action, new_values, user_id, request_id)
    select ${entry.table}::text, ${entry.recordId}, ${entry.action}::text, ${entry.newValues}, ${actor.userId}::int, ${actor.requestId}::text
    from ${entry.source}`;
}
