import { reserveSnapshotFile } from './pglite-snapshot';

/** Vitest's global set-up: on PGlite, one migrated cluster for every test app of the run (pglite-snapshot.ts). */
export default function setup(): (() => void) | undefined {
  return process.env.TEST_DATABASE_URL ? undefined : reserveSnapshotFile();
}
