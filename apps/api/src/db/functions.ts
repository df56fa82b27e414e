import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Runs one statement (no parameters needed here) and gives its rows. */
export type Run = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export interface FunctionSource {
  /** The function's name: the file is drizzle/functions/<name>.sql and creates that name's overloads only. */
  name: string;
  sql: string;
  checksum: string;
}

/** The current source of every function (decision 046), sorted by name. */
export function functionSources(folder: string): FunctionSource[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => {
      const sql = readFileSync(join(folder, f), 'utf8');
      return { name: f.slice(0, -4), sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/** The public schema's functions of `name` that no extension owns, as `name(arg types)`. */
const OVERLOADS = `SELECT p.oid::regprocedure::text AS sig, p.xmin = pg_current_xact_id()::xid AS touched
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
  WHERE n.nspname = 'public' AND p.proname = $1
    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid
      AND d.deptype = 'e')`;

/**
 * Brings the database's functions to their files, after the migrations, in one transaction: a file whose
 * checksum differs from the one recorded in db_function_sources (migration 0035) is run (CREATE OR REPLACE),
 * and an overload of its name that the file did not create or replace (an old signature) is dropped; a recorded
 * name whose file is gone loses its functions. An unchanged file is not run again. Returns the names applied.
 */
export async function applyFunctions(run: Run, folder: string): Promise<string[]> {
  const sources = functionSources(folder);
  await run('BEGIN');
  try {
    const recorded = new Map(
      (await run<{ name: string; checksum: string }>('SELECT name, checksum FROM db_function_sources')).map(
        (r) => [r.name, r.checksum],
      ),
    );
    const applied: string[] = [];
    for (const source of sources) {
      if (recorded.get(source.name) === source.checksum) continue;
      await run(source.sql);
      const overloads = await run<{ sig: string; touched: boolean }>(OVERLOADS, [source.name]);
      if (!overloads.some((o) => o.touched))
        throw new Error(`functions/${source.name}.sql no crea la función ${source.name}`);
      for (const o of overloads) if (!o.touched) await run(`DROP FUNCTION ${o.sig}`);
      await run(
        `INSERT INTO db_function_sources (name, checksum) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET checksum = excluded.checksum, applied_at = now()`,
        [source.name, source.checksum],
      );
      applied.push(source.name);
    }
    const names = new Set(sources.map((s) => s.name));
    for (const name of recorded.keys()) {
      if (names.has(name)) continue;
      for (const o of await run<{ sig: string }>(OVERLOADS, [name])) await run(`DROP FUNCTION ${o.sig}`);
      await run('DELETE FROM db_function_sources WHERE name = $1', [name]);
    }
    await run('COMMIT');
    return applied;
  } catch (err) {
    await run('ROLLBACK').catch(() => {});
    throw err;
  }
}
