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

/** Many changes by one actor in one statement per chunk (a generation of thousands of agendas). */
export async function writeAudits(tx: Executor, actor: Actor, entries: AuditEntry[]): Promise<void> {
  const CHUNK = 2000;
  for (let i = 0; i < entries.length; i += CHUNK)
    await tx.insert(auditLog).values(
      entries.slice(i, i + CHUNK).map((entry) => ({
        tableName: entry.table,
        recordId: String(entry.recordId),
        action: entry.action,
        oldValues: redact(entry.oldValues),
        newValues: redact(entry.newValues),
        userId: actor.userId,
        requestId: actor.requestId,
      })),
    );
}
