import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Cie10Existing } from './cie10-import';

export type Cie10Row = {
  id: number;
  code: string;
  name: string;
  status: string;
};

/** Folds like the stored search_text: lower case, no accents. */
const folded = (q: string) =>
  q
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * By code or words, accent- and case-insensitive: every word must appear (trigram index on search_text);
 * codes that start with the text come first, then by code.
 */
export async function page(db: Executor, q: { search?: string; limit: number; offset: number }) {
  const words = folded(q.search ?? '')
    .replace('.', '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
  const where = words.length
    ? sql.join(
        words.map((w) => sql`search_text like ${`%${likeEscape(w)}%`}`),
        sql` and `,
      )
    : sql`true`;
  const prefix = words[0] ? `${likeEscape(words[0].toUpperCase())}%` : '%';
  const rows = await db.execute<Cie10Row & { total: number }>(sql`
    select id, code, name, status, count(*) over ()::int as total
      from cie10 where ${where}
     order by (code like ${prefix}) desc, code
     limit ${q.limit} offset ${q.offset}`);
  const total = rows.rows[0]?.total ?? (q.offset > 0 ? await count(db, where) : 0);
  return { rows: rows.rows.map(({ total: _t, ...r }) => r), total: Number(total) };
}

async function count(db: Executor, where: ReturnType<typeof sql>) {
  const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from cie10 where ${where}`);
  return Number(r.rows[0]?.n ?? 0);
}

export async function byCodes(db: Executor, codes: string[]): Promise<Map<string, Cie10Existing>> {
  const out = new Map<string, Cie10Existing>();
  for (let i = 0; i < codes.length; i += 5000) {
    const res = await db.execute<Cie10Existing>(sql`
      select id, code, name from cie10 where code = any(${`{${codes.slice(i, i + 5000).join(',')}}`}::text[])`);
    for (const r of res.rows) out.set(r.code, r);
  }
  return out;
}

/** The codes of a list that are in the catalogue and active. */
export async function activeCodes(db: Executor, codes: string[]): Promise<Set<string>> {
  const clean = codes.filter((c) => /^[A-Z0-9]{3,4}$/.test(c));
  if (!clean.length) return new Set();
  const res = await db.execute<{ code: string }>(sql`
    select code from cie10 where status = 'Activo' and code = any(${`{${clean.join(',')}}`}::text[])`);
  return new Set(res.rows.map((r) => r.code));
}

export async function insertMany(db: Executor, rows: { code: string; name: string }[]) {
  const out: Cie10Row[] = [];
  for (let i = 0; i < rows.length; i += 2000) {
    const res = await db.execute<Cie10Row>(sql`
      insert into cie10 (code, name)
      select x.code, x.name from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 2000))}::jsonb) as x(code text, name text)
      returning id, code, name, status`);
    out.push(...res.rows);
  }
  return out;
}

export async function rename(db: Executor, id: number, name: string) {
  await db.execute(sql`update cie10 set name = ${name}, updated_at = now() where id = ${id}`);
}
