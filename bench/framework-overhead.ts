/**
 * Framework overhead (issue 8, benchmark 5): GET /api/auth/me of the real API, in its own process, against a
 * bare Fastify route answering the same JSON from another process, in the same run, rounds interleaved.
 * /api/auth/me touches no table once the session is in the session cache (decision 016): it goes through
 * helmet's headers, the request id, request logging at `info` (to a file), the auth hook (JWT signature and
 * expiry, session cache), the rate-limit hook (the route has no limit group, so the hook only looks), and the
 * zod response serializer. It has no request body or query to validate. The same route with the session cache
 * off (SESSION_CACHE_TTL_MS=0: one indexed session lookup per request, as before decision 016) and with the
 * request logs off (LOG_LEVEL=warn) are measured too, to tell where the time goes.
 *
 *   npx tsx bench/framework-overhead.ts [--duration=10] [--rounds=3] [--connections=10] [--quick] [--no-results]
 */
import { spawn } from 'node:child_process';
import { freePort } from '../apps/api/src/test/server-process';
import { login, scratchDatabase, startApi, type ApiProcess } from './lib/api-process';
import { cannon } from './lib/cannon';
import { machineLine, median, ms, report, stamp, table, uptime } from './lib/results';
import { parseArgs } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const quick = args.quick === 'true';
const BASE_URL = args.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(args.duration ?? (quick ? 3 : 10));
const ROUNDS = Number(args.rounds ?? (quick ? 1 : 3));
const CONNECTIONS = Number(args.connections ?? 10);
const GOAL = 0.6;

async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/bare-server.ts'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let k = 0; ; k++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      if (k > 300) throw new Error('bare server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(url: string, token?: string, duration = DURATION): Promise<Sample> {
  const r = await cannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

async function main() {
  const before = uptime();
  console.log(`[bench] ${before}`);
  const db = await scratchDatabase(BASE_URL, 'ips_bench_overhead');
  const servers: { stop: () => Promise<void> }[] = [];
  try {
    const cached: ApiProcess = await startApi({ DATABASE_URL: db.url });
    servers.push(cached);
    const uncached: ApiProcess = await startApi({ DATABASE_URL: db.url, SESSION_CACHE_TTL_MS: '0' });
    servers.push(uncached);
    const quiet: ApiProcess = await startApi({ DATABASE_URL: db.url, LOG_LEVEL: 'warn' });
    servers.push(quiet);
    const bare = await startBare();
    servers.push(bare);
    const token = await login(cached.base);
    const targets = [
      { name: 'bare Fastify route (same JSON)', url: `${bare.base}/bare` },
      { name: 'GET /api/auth/me, session cache on', url: `${cached.base}/api/auth/me`, token },
      { name: 'GET /api/auth/me, session cache off', url: `${uncached.base}/api/auth/me`, token },
      {
        name: 'GET /api/auth/me, request logs off (LOG_LEVEL=warn)',
        url: `${quiet.base}/api/auth/me`,
        token,
      },
    ];
    // Warm-up: JIT, the session cache, the pools.
    for (const t of targets) await measure(t.url, t.token, 2);
    const got = new Map<string, Sample[]>(targets.map((t) => [t.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const t of round % 2 ? targets : [...targets].reverse()) {
        const s = await measure(t.url, t.token);
        got.get(t.name)!.push(s);
        console.log(
          `[bench] round ${round} ${t.name}: ${s.rps.toFixed(0)} req/s, p50 ${s.p50} p99 ${s.p99} ms`,
        );
      }
    }
    const after = uptime();
    const med = (name: string, k: keyof Sample) => median(got.get(name)!.map((s) => s[k]));
    const bareRps = med(targets[0]!.name, 'rps');
    // Ratio per round (same conditions), then the median of the rounds.
    const ratio = (name: string) =>
      median(got.get(name)!.map((s, i) => s.rps / got.get(targets[0]!.name)![i]!.rps));
    const rows = targets.map((t) => [
      t.name,
      med(t.name, 'rps').toFixed(0),
      `${ms(med(t.name, 'p50'))} / ${ms(med(t.name, 'p99'))}`,
      (ratio(t.name) || 0).toFixed(2),
      got.get(t.name)!.reduce((n, s) => n + s.non2xx + s.errors, 0),
    ]);
    const onRatio = ratio(targets[1]!.name);
    report(
      [
        `## ${stamp()} UTC — framework overhead (bench/framework-overhead.ts)${quick ? ' (quick)' : ''}`,
        '',
        `${await machineLine(BASE_URL)}. Each server in its own process, autocannon in the bench process with ${CONNECTIONS} connections, ` +
          `${ROUNDS} round(s) of ${DURATION} s per target, interleaved; medians of the rounds. \`uptime\` before: \`${before}\`; after: \`${after}\`.`,
        '',
        ...table(['target', 'req/s', 'p50 / p99 ms', 'ratio to bare', 'non-2xx + errors'], rows),
        '',
        `- Goal ratio ≥ ${GOAL} (the API route with all hooks / bare route): **${onRatio.toFixed(2)}** — ${onRatio >= GOAL ? 'met' : '**missed**'}; bare ${bareRps.toFixed(0)} req/s.`,
        '- What GET /api/auth/me runs: helmet headers, request id, request logging at info (to a file), JWT verification, the session cache, the rate-limit hook (no group on this route), the zod response serializer. No body or query validation (the route takes none); no table is read once the session is cached.',
      ],
      args,
    );
  } finally {
    for (const s of servers.reverse()) await s.stop().catch(() => {});
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
