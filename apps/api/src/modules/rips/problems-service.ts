import { sql } from 'drizzle-orm';
import type { RipsProblemGroupDto } from '@ips/shared/schemas/rips';
import type { AppDeps } from '../../lib/context';
import { getPackage } from './package-service';

/*
 * A package's problems, listed one by one (optionally those of one cause) and grouped by cause: the field and what
 * to do about it, so 700 problems read as the few things to fix with their counts (issue 34). The messages of a
 * cause can differ in the code they quote; the group shows the first of them.
 */

/** The key of a cause: the field and the fix, which every problem of the cause shares. */
const CAUSE = sql`md5(field || chr(31) || fix)`;

export async function listProblems(
  deps: AppDeps,
  id: number,
  q: { page: number; limit: number; cause?: string | undefined },
) {
  const pkg = await getPackage(deps, id);
  const where = sql`package_id = ${id} ${q.cause ? sql`and ${CAUSE} = ${q.cause}` : sql``}`;
  const res = await deps.db.execute<{
    appointment_id: number | null;
    patient_id: number | null;
    path: string;
    field: string;
    message: string;
    fix: string;
    link: string;
  }>(sql`
    select appointment_id, patient_id, path, field, message, fix, link from rips_package_problems
     where ${where} order by seq limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  const listed = await deps.db.execute<{ n: number }>(
    sql`select count(*)::int as n from rips_package_problems where ${where}`,
  );
  const n = Number(listed.rows[0]?.n ?? 0);
  return {
    items: res.rows,
    total: q.cause ? n : pkg.problems_count,
    listed: n,
    page: q.page,
    limit: q.limit,
  };
}

/** The causes of a package's listed problems, the most frequent first. */
export async function listProblemGroups(deps: AppDeps, id: number) {
  const pkg = await getPackage(deps, id);
  const res = await deps.db.execute<{
    cause: string;
    field: string;
    fix: string;
    message: string;
    n: number;
    link: string;
    links: number;
  }>(sql`
    select ${CAUSE} as cause, field, fix, (array_agg(message order by seq))[1] as message, count(*)::int as n,
           min(link) as link, count(distinct link)::int as links
      from rips_package_problems where package_id = ${id}
     group by field, fix order by n desc, min(seq)`);
  const items: RipsProblemGroupDto[] = res.rows.map((r) => ({
    cause: r.cause,
    field: r.field,
    message: r.message,
    fix: r.fix,
    count: Number(r.n),
    link: Number(r.links) === 1 ? r.link : null,
  }));
  const listed = items.reduce((s, g) => s + g.count, 0);
  return { items, total: pkg.problems_count, listed };
}
