import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { patientAccessLog } from '../../db/schema/access-log';
import { patients } from '../../db/schema/patients';
import { users } from '../../db/schema/users';

export interface AccessLogFilter {
  patientId?: number;
  userId?: number;
  from?: Date;
  to?: Date;
}

const where = (f: AccessLogFilter) =>
  and(
    f.patientId ? eq(patientAccessLog.patientId, f.patientId) : undefined,
    f.userId ? eq(patientAccessLog.userId, f.userId) : undefined,
    f.from ? gte(patientAccessLog.at, f.from) : undefined,
    f.to ? lt(patientAccessLog.at, f.to) : undefined,
  );

/**
 * One page, newest first, with the names of the patient and the user (left joins: the log outlives both), and
 * the count of every match. Each filter leads an index (patient, at) / (user, at) / (at), so the page is an index
 * walk that stops at the limit. A short page is the last one, so its total needs no count.
 */
export async function listPage(db: Executor, f: AccessLogFilter, limit: number, offset: number) {
  const rows = await db
    .select({
      log: patientAccessLog,
      patientName: patients.name,
      patientDocument: patients.document,
      userName: users.name,
      userEmail: users.email,
      userRole: users.role,
    })
    .from(patientAccessLog)
    .leftJoin(patients, eq(patients.id, patientAccessLog.patientId))
    .leftJoin(users, eq(users.id, patientAccessLog.userId))
    .where(where(f))
    .orderBy(desc(patientAccessLog.at), desc(patientAccessLog.id))
    .limit(limit)
    .offset(offset);
  if (rows.length < limit && (rows.length > 0 || offset === 0)) return { rows, total: offset + rows.length };
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(patientAccessLog)
    .where(where(f));
  return { rows, total: count?.n ?? 0 };
}
