import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { join } from 'node:path';
import pg from 'pg';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { requireUp } from '../lib/paths';
import type { Database } from './client';
import { applyFunctions } from './functions';

const MIGRATION_LOCK = 727_001;

/**
 * Applies the committed SQL migrations, then the functions' current sources (drizzle/functions, decision 046).
 * On a server, one instance at a time (advisory lock).
 */
export async function runMigrations(database: Database, databaseUrl?: string): Promise<void> {
  const migrationsFolder = requireUp('drizzle/meta/_journal.json').replace(
    /[/\\]meta[/\\]_journal\.json$/,
    '',
  );
  const functionsFolder = join(migrationsFolder, 'functions');
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    await applyFunctions((text, params) => database.query(text, params), functionsFolder);
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
    await applyFunctions(async (text, params) => (await client.query(text, params)).rows, functionsFolder);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}
