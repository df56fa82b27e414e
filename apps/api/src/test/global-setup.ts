import { reserveTemplateDatabase } from './pg-template';
import { reserveSnapshotFile } from './pglite-snapshot';

/**
 * Vitest's global set-up: one migrated database for every test app of the run, a template database on PostgreSQL
 * (pg-template.ts), a dumped cluster on PGlite (pglite-snapshot.ts).
 */
export default function setup(): () => Promise<void> {
  const base = process.env.TEST_DATABASE_URL;
  // Also on PostgreSQL: the tests of restarts on a DATA_DIR use PGlite there too (migratedDataDir). Both are made
  // on first use only.
  const removeSnapshot = reserveSnapshotFile();
  const dropTemplate = base ? reserveTemplateDatabase(base) : undefined;
  return async () => {
    removeSnapshot();
    await dropTemplate?.();
  };
}
