import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync, closeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../apps/api/src/test/server-process';

const API_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'api');

export const BENCH_ADMIN = { email: 'bench@ips.local', password: 'Bench-clave-2026' };

export interface ApiProcess {
  base: string;
  pid: number;
  child: ChildProcess;
  /** Resident memory of the server process (VmRSS of /proc/<pid>/status), in bytes. */
  rss(): number;
  /** What the server wrote to standard error (its logs go to `logFile`). */
  errors(): string;
  stop(): Promise<void>;
}

/**
 * The API as in production: its own Node process (src/server.ts through tsx), NODE_ENV=production, request logs
 * at `info` written to a file (as a process manager would), the per-user rate limits on at RATE_LIMIT_SCALE=1000
 * (their hook runs, far above any bench rate; decision 014). The bench's load generator runs in another process.
 */
export async function startApi(
  env: Record<string, string>,
  opts: { logFile?: string; spawnArgs?: string[] } = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const logFd = openSync(opts.logFile ?? '/dev/null', 'w');
  let err = '';
  // SERVER_NODE_ARGS: Node options for the API only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
  const nodeArgs = [
    ...(opts.spawnArgs ?? []),
    ...(process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server.ts'], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      RATE_LIMIT_SCALE: '1000',
      DEMO_MODE: 'false',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', logFd, 'pipe'],
  });
  closeSync(logFd);
  child.stderr!.on('data', (d) => (err = (err + d).slice(-20_000)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited at start:\n${err}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`the API did not answer in time:\n${err}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    pid: child.pid!,
    child,
    rss: () => {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      return Number(m?.[1] ?? 0) * 1024;
    },
    errors: () => err,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function login(base: string, who = BENCH_ADMIN): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (res.status !== 200) throw new Error(`login → ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** A new empty PostgreSQL database next to `baseUrl`; `drop` removes it. */
export async function scratchDatabase(baseUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
