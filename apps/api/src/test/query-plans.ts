import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';

/**
 * The EXPLAIN plan of a read with sequential scans switched off (so that on a small test table the planner
 * shows which index it can use), and the indexes of appointments it uses. Used by the tests that pin the
 * indexes a hot read must be answered by.
 */
export async function appointmentsPlan(db: Db, query: (tx: Executor) => SQLWrapper) {
  let plan = '';
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const res = await tx.execute<Record<string, string>>(sql`explain ${query(tx)}`);
    plan = res.rows.map((r) => Object.values(r)[0]).join('\n');
  });
  const used = [
    ...plan.matchAll(/(?:Index Scan using|Index Only Scan using|Bitmap Index Scan on) (appointments_\w+)/g),
  ].map((m) => m[1]!);
  return { plan, used };
}
