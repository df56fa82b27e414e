import { reserveTemplateDatabase } from './pg-template';
import { reserveSnapshotFile } from './pglite-snapshot';

/**
 * Vitest's global set-up: one migrated database for every test app of the run, a template database on PostgreSQL
 * (pg-template.ts), a dumped cluster on PGlite (pglite-snapshot.ts).
 */
export default function setup(): (() => void | Promise<void>) | undefined {
  const base = process.env.TEST_DATABASE_URL;
  return base ? reserveTemplateDatabase(base) : reserveSnapshotFile();
}
