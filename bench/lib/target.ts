import pg from 'pg';
import { loadConfig, type AppConfig } from '../../apps/api/src/config';

/**
 * Where a benchmark runs: a PostgreSQL URL (created when missing) or a PGlite folder. Both scripts read the
 * same flags so that the loader and the harness always point at the same database.
 */
export interface Target {
  kind: 'postgres' | 'pglite';
  /** postgres://… or the PGlite folder. */
  where: string;
  databaseUrl?: string;
  dataDir: string;
}

/** `--name=value` flags; BENCH_NO_RESULTS=1 in the environment acts as `--no-results` (for a whole npm script). */
export function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (process.env.BENCH_NO_RESULTS === '1') out['no-results'] = 'true';
  for (const arg of argv) {
    const m = /^--([\w-]+)(?:=(.*))?$/.exec(arg);
    if (m) out[m[1]!] = m[2] ?? 'true';
  }
  return out;
}

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/ips_bench';
export const DEFAULT_PGLITE_DIR = 'data/bench-pglite';

export function targetFrom(args: Record<string, string>): Target {
  const url = args.url ?? (args.pglite ? undefined : (process.env.BENCH_DATABASE_URL ?? DEFAULT_PG_URL));
  if (url) return { kind: 'postgres', where: url, databaseUrl: url, dataDir: 'memory://' };
  const dir = args.pglite === 'true' ? DEFAULT_PGLITE_DIR : args.pglite!;
  return { kind: 'pglite', where: dir, dataDir: dir };
}

/** A configuration for buildApp/seed on the target: no demo data, quiet, a known administrator. */
export function benchConfig(t: Target, admin?: { email: string; password: string }): AppConfig {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO_MODE: 'false',
      // The per-user limits stay on (their hook is part of what is measured) but far above any bench rate.
      RATE_LIMIT_SCALE: '1000',
      ...(admin ? { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } : {}),
    }),
    databaseUrl: t.databaseUrl,
    dataDir: t.dataDir,
    demoMode: false,
  };
}

/** Creates the database of a PostgreSQL URL when it does not exist yet (the loader's first run). */
export async function ensureDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!/^[\w-]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}
