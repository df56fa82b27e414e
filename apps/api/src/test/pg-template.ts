import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';

/**
 * The test suite's shared set-up on PostgreSQL, as pglite-snapshot.ts is on PGlite. Migrating a scratch database
 * costs every migration (several seconds on this 2-core machine, far more under load), and each test app needs
 * one. The first scratch database of a run migrates a template database that Vitest's global set-up named; every
 * scratch database after that is a copy of it (`CREATE DATABASE … TEMPLATE`, a fraction of a second). Only the
 * migrations are in it: each app still runs its own seed with its own configuration, and its own runMigrations
 * (which finds nothing left to apply). Made on first use, so a run of web tests alone pays nothing.
 */
const ENV = 'IPS_PG_TEST_TEMPLATE';
/** Names of this run's databases start with it; .ci/run sets its own, to drop what a crashed run leaves. */
export const testDatabasePrefix = () => process.env.IPS_TEST_DB_PREFIX ?? 'ips_test_';

/** A URL on the same server as `base`, for the database `name`. */
export function databaseUrlFor(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(base: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * Vitest's global set-up: names this run's template database, and drops it when the run ends. The name is the
 * run's own (process and time), so two developers' runs on one server never share or drop each other's.
 */
export function reserveTemplateDatabase(base: string): () => Promise<void> {
  const name = `${testDatabasePrefix()}tpl_${process.pid}_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  process.env[ENV] = name;
  return () =>
    withAdmin(base, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.query(`DROP DATABASE IF EXISTS ${name}_part WITH (FORCE)`);
    });
}

let ready: Promise<string | undefined> | undefined;

/** The migrated template of this run (undefined outside a Vitest run: scratch databases start empty). */
export function migratedTemplate(base: string): Promise<string | undefined> {
  ready ??= make(base).catch((err: unknown) => {
    ready = undefined;
    throw err;
  });
  return ready;
}

async function make(base: string): Promise<string | undefined> {
  const name = process.env[ENV];
  if (!name) return undefined;
  await withAdmin(base, async (c) => {
    // Several workers start at once: one makes it, the others wait on the lock and then find it made.
    // Keyed by the template's name: another developer's run on the same server does not wait for this one.
    await c.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const found = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return;
      // Migrated under another name and renamed once complete, so no copy is ever made of a half-migrated one.
      const part = `${name}_part`;
      await c.query(`DROP DATABASE IF EXISTS ${part} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${part}`);
      const url = databaseUrlFor(base, part);
      const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolMax: 1 });
      try {
        await runMigrations(database, url);
      } finally {
        await database.close();
      }
      await c.query(`ALTER DATABASE ${part} RENAME TO ${name}`);
    } finally {
      await c.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
    }
  });
  return name;
}
