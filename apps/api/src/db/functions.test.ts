import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { requireUp } from '../lib/paths';
import { databaseUrlFor, testDatabasePrefix } from '../test/pg-template';
import { openDatabase, type Database } from './client';
import { applyFunctions, functionSources } from './functions';
import { runMigrations } from './migrate';

// Decision 046: each function's current body is drizzle/functions/<name>.sql, applied after the migrations.
const BASE = process.env.TEST_DATABASE_URL;
const DRIZZLE = requireUp('drizzle/meta/_journal.json').replace(/[/\\]meta[/\\]_journal\.json$/, '');
const FUNCTIONS = join(DRIZZLE, 'functions');
/** Functions whose file changed after migration 0034, the last migration that restated functions. */
const CHANGED_AFTER_0034 = ['book_appointment'];

interface Scratch {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}
const made: Scratch[] = [];
afterAll(async () => {
  for (const s of made) await s.drop();
});

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: BASE });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** An empty database (not the run's migrated template: these tests migrate it themselves). */
async function scratch(): Promise<Scratch> {
  let s: Scratch;
  if (!BASE) {
    const database = await openDatabase({ dataDir: 'memory://' });
    s = { database, drop: () => database.close() };
  } else {
    const name = `${testDatabasePrefix()}fn_${randomBytes(4).toString('hex')}`;
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const url = databaseUrlFor(BASE, name);
    const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolMax: 2 });
    s = {
      database,
      url,
      async drop() {
        await database.close();
        await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }
  made.push(s);
  return s;
}

/** Migrations up to `lastTag` as they ran before decision 046: the migrator alone, no functions step. */
async function migrateUpTo(s: Scratch, lastTag: string): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'ips-migrations-'));
  try {
    cpSync(DRIZZLE, folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((e) => e.tag === lastTag);
    expect(last).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(journalFile, JSON.stringify(journal));
    if (s.database.kind === 'pglite')
      await migratePglite(s.database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    else {
      const client = new pg.Client({ connectionString: s.url });
      await client.connect();
      try {
        await migratePg(drizzlePg(client), { migrationsFolder: folder });
      } finally {
        await client.end();
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Every function of the public schema that no extension owns: signature → pg_get_functiondef. */
async function definitions(database: Database): Promise<Map<string, { name: string; def: string }>> {
  const rows = await database.query<{ sig: string; name: string; def: string }>(
    `SELECT p.oid::regprocedure::text AS sig, p.proname AS name, pg_get_functiondef(p.oid) AS def
     FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public' AND p.prokind IN ('f', 'p')
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid
         AND d.deptype = 'e')
     ORDER BY 1`,
  );
  return new Map(rows.map((r) => [r.sig, { name: r.name, def: r.def }]));
}

/** The statements run on one connection (a transaction needs one: the pool would spread it). */
async function onOneConnection<T>(s: Scratch, fn: (run: Parameters<typeof applyFunctions>[0]) => Promise<T>) {
  if (s.database.kind === 'pglite') return fn((text, params) => s.database.query(text, params));
  const client = new pg.Client({ connectionString: s.url });
  await client.connect();
  try {
    return await fn(async (text, params) => (await client.query(text, params)).rows);
  } finally {
    await client.end();
  }
}

// Each test migrates whole databases (two in the second), several times a test app's set-up under load.
describe('function sources (decision 046)', { timeout: 240_000 }, () => {
  it('every function has exactly one file, and its definition is what that file makes', async () => {
    const s = await scratch();
    await runMigrations(s.database, s.url);
    const defs = await definitions(s.database);
    const sources = functionSources(FUNCTIONS);
    // One file per name (overloads of a name would share it), one name per file.
    expect([...new Set([...defs.values()].map((d) => d.name))].sort()).toEqual(sources.map((f) => f.name));
    const recorded = await s.database.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM db_function_sources ORDER BY name',
    );
    expect(recorded).toEqual(sources.map(({ name, checksum }) => ({ name, checksum })));
    // Running every file again changes no definition: the database holds what the files make.
    const again = await onOneConnection(s, async (run) => {
      await run('BEGIN');
      for (const f of sources) await run(f.sql);
      const after = await definitions(s.database.kind === 'pglite' ? s.database : wrap(run));
      await run('ROLLBACK');
      return after;
    });
    expect(again).toEqual(defs);
    // Unchanged files are not applied again.
    expect(await onOneConnection(s, (run) => applyFunctions(run, FUNCTIONS))).toEqual([]);
  });

  it('a database migrated before decision 046 ends with the same functions as a fresh one', async () => {
    const before = await scratch();
    await migrateUpTo(before, '0034_analytics_specialty_geo');
    const today = await definitions(before.database);
    await runMigrations(before.database, before.url);
    const upgraded = await definitions(before.database);

    const fresh = await scratch();
    await runMigrations(fresh.database, fresh.url);
    expect(upgraded).toEqual(await definitions(fresh.database));
    // Against the functions migrations 0000–0034 made: only the listed ones changed since.
    const changed = [...new Set([...today.keys(), ...upgraded.keys()])]
      .filter((sig) => today.get(sig)?.def !== upgraded.get(sig)?.def)
      .map((sig) => (today.get(sig) ?? upgraded.get(sig))!.name);
    expect([...new Set(changed)].sort()).toEqual(CHANGED_AFTER_0034);
  });

  it('a changed file replaces its function and drops the signature it no longer has', async () => {
    const s = await scratch();
    await runMigrations(s.database, s.url);
    const folder = mkdtempSync(join(tmpdir(), 'ips-functions-'));
    try {
      cpSync(FUNCTIONS, folder, { recursive: true });
      writeFileSync(
        join(folder, 'specialty_indicator_default.sql'),
        `CREATE OR REPLACE FUNCTION specialty_indicator_default(p_name text, p_extra integer DEFAULT 0)
         RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT 'P.3.1'::text $$;`,
      );
      expect(await onOneConnection(s, (run) => applyFunctions(run, folder))).toEqual([
        'specialty_indicator_default',
      ]);
      const sigs = [...(await definitions(s.database)).keys()].filter((k) =>
        k.startsWith('specialty_indicator_default('),
      );
      expect(sigs).toEqual(['specialty_indicator_default(text,integer)']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** `definitions` over the connection that holds the open transaction. */
function wrap(run: Parameters<typeof applyFunctions>[0]): Database {
  return { kind: 'postgres', query: run } as unknown as Database;
}
