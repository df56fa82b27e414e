import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';

/**
 * The test suite's shared set-up on PGlite. A new PGlite cluster costs an initdb and every migration (about 4 s on
 * this 2-core machine, several times that under load), and each test app needs one. The first test app of a run
 * migrates a cluster and dumps it to a file that Vitest's global set-up named; every later one starts from that
 * dump instead (about 1 s). Only the migrations are in it: each app still runs its own seed with its own
 * configuration. Made on first use, so a run of web tests alone pays nothing.
 */
const ENV = 'IPS_PGLITE_TEST_SNAPSHOT';

/** Vitest's global set-up: names this run's snapshot file, and removes it when the run ends. */
export function reserveSnapshotFile(): () => void {
  const file = join(tmpdir(), `ips-pglite-test-${process.pid}-${Date.now()}.tar`);
  process.env[ENV] = file;
  return () => rmSync(file, { force: true });
}

let cached: Promise<Blob | undefined> | undefined;

/** The migrated cluster of this run (undefined outside a Vitest run: start from an empty cluster). */
export function migratedSnapshot(): Promise<Blob | undefined> {
  cached ??= load();
  return cached;
}

async function load(): Promise<Blob | undefined> {
  const file = process.env[ENV];
  if (!file) return undefined;
  if (!existsSync(file)) {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await runMigrations(database);
      const blob = await database.dumpDataDir!();
      // Two workers may race to make it: each writes its own file and renames it into place (atomic).
      const part = `${file}.${process.pid}`;
      writeFileSync(part, Buffer.from(await blob.arrayBuffer()));
      renameSync(part, file);
      return blob;
    } finally {
      await database.close();
    }
  }
  return new Blob([readFileSync(file)]);
}

/**
 * Fills an empty data folder with this run's migrated cluster, for the tests that start the API on a DATA_DIR (real
 * restarts on disk): their first start then skips initdb and every migration (about 30 s under load). Outside a
 * Vitest run it leaves the folder empty, and the first start makes the cluster.
 */
export async function migratedDataDir(dir: string): Promise<void> {
  const snapshot = await migratedSnapshot();
  if (!snapshot) return;
  const database = await openDatabase({ dataDir: dir, loadDataDir: snapshot });
  await database.close();
}
