import { sql } from 'drizzle-orm';
import { AppError } from '@ips/shared/errors';
import { inUseMessage, type InUseCount } from '@ips/shared/schemas/in-use';
import type { Executor, Tx } from '../../db/client';
import { pgErrorCode } from '../../lib/pg-errors';

/*
 * Deleting master data that other rows still use (issue 34 item 15, decision 043): the database's foreign keys
 * are the truth of what blocks a delete, so the delete is tried, and only when a key refuses it (SQLSTATE 23503,
 * or 23001 for ON DELETE RESTRICT) are the referencing rows counted, from the catalogue, into a 409 that says
 * what uses the record and how many. A key added by a later migration is counted without touching this code.
 */

/** The rows that still point at `table`.id = `id` through a key that forbids the delete, counted per table. */
export async function referencesTo(db: Executor, table: string, id: number): Promise<InUseCount[]> {
  const keys = await db.execute<{ table: string; column: string }>(sql`
    select cl.relname as "table", a.attname as "column"
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = to_regclass(${table}) and c.confdeltype in ('a', 'r')
      and cardinality(c.conkey) = 1
    order by cl.relname, a.attname`);
  const counts = new Map<string, number>();
  for (const k of keys.rows) {
    const res = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(k.table)} where ${sql.identifier(k.column)} = ${id}`,
    );
    counts.set(k.table, (counts.get(k.table) ?? 0) + Number(res.rows[0]?.n ?? 0));
  }
  return [...counts].map(([t, count]) => ({ table: t, count }));
}

/**
 * Runs `remove` in a savepoint of `tx`; when a foreign key refuses it, answers 409 with the reason and the counts
 * (the savepoint keeps the transaction usable for counting). `subject` names the record with its article.
 */
export async function removeOrExplain<T>(
  tx: Tx,
  what: { table: string; id: number; subject: string; hint?: string },
  remove: (sp: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await tx.transaction((sp) => remove(sp));
  } catch (err) {
    const code = pgErrorCode(err);
    if (code !== '23503' && code !== '23001') throw err;
    const counts = await referencesTo(tx, what.table, what.id);
    throw new AppError('CONFLICT', inUseMessage(what.subject, counts, what.hint));
  }
}
