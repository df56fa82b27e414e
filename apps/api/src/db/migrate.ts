import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { requireUp } from '../lib/paths';
import type { Database } from './client';

const MIGRATION_LOCK = 727_001;

/** Applies the committed SQL migrations. On a server, one instance at a time (advisory lock). */
export async function runMigrations(database: Database, databaseUrl?: string): Promise<void> {
  const migrationsFolder = requireUp('drizzle/meta/_journal.json').replace(
    /[/\\]meta[/\\]_journal\.json$/,
    '',
  );
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}
