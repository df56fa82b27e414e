/**
 * Framework overhead (issue 8, benchmark 5): GET /api/auth/me of the real API, in its own process, against a
 * bare Fastify route answering the same JSON from another process, in the same run, rounds interleaved.
 * /api/auth/me touches no table once the session is in the session cache (decision 016): it goes through the
 * security headers, the request id, the auth hook (JWT signature and expiry, session cache), no rate-limit hook
 * (the route counts against no limit group), the response serializer and one access-log line per
 * request at `info`, written to a real file (counted afterwards: one line per request answered). It has no
 * request body or query to validate. The same route with the session cache off (SESSION_CACHE_TTL_MS=0: one
 * indexed session lookup per request, as before decision 016) and with the request logs off (LOG_LEVEL=warn)
 * are measured too, to tell where the time goes.
 *
 * Fairness: both servers are Node processes started the same way (tsx), on the same machine, loaded by the same
 * autocannon client (keep-alive connections, in this process) one target at a time; every target is warmed up
 * first, the order of the targets is reversed every other round, and the ratio is taken per round (the bare
 * route measured next to it) and then the median of the rounds; nine short rounds by default, as on a shared
 * machine the load moves within seconds and the median of many adjacent pairs moves less with it than a few long
 * rounds. CPU per request of each server (from /proc)
 * and of the load generator is reported beside the rates: on a shared machine the rates move with the load,
 * the CPU per request much less.
 *
 *   npx tsx bench/framework-overhead.ts [--duration=6] [--rounds=9] [--connections=10] [--quick] [--no-results]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { freePort } from '../apps/api/src/test/server-process';
import { login, scratchDatabase, startApi, type ApiProcess } from './lib/api-process';
import { cannon } from './lib/cannon';
import { machineLine, median, ms, report, stamp, table, uptime } from './lib/results';
import { parseArgs } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const quick = args.quick === 'true';
const BASE_URL = args.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(args.duration ?? (quick ? 3 : 6));
const ROUNDS = Number(args.rounds ?? (quick ? 1 : 9));
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
    pid: child.pid!,
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
  /** Requests answered. */
  total: number;
  /** CPU (user + system) per request, µs: the server process, and this process (the load generator). */
  serverUs: number;
  clientUs: number;
}

/** CPU time of a process so far, in µs (utime + stime of /proc/<pid>/stat; 0 where there is no /proc). */
function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // clock ticks of 10 ms
  } catch {
    return 0;
  }
}

async function measure(pid: number, url: string, token?: string, duration = DURATION): Promise<Sample> {
  const server0 = cpuOf(pid);
  const client0 = process.cpuUsage();
  const r = await cannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const client = process.cpuUsage(client0);
  const n = Math.max(1, r.requests.total);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    total: r.requests.total,
    serverUs: (cpuOf(pid) - server0) / n,
    clientUs: (client.user + client.system) / n,
  };
}

async function main() {
  const before = uptime();
  console.log(`[bench] ${before}`);
  const db = await scratchDatabase(BASE_URL, 'ips_bench_overhead');
  const logDir = mkdtempSync(join(os.tmpdir(), 'ips-overhead-'));
  const logFile = join(logDir, 'api.log');
  const servers: { stop: () => Promise<void> }[] = [];
  try {
    const cached: ApiProcess = await startApi({ DATABASE_URL: db.url }, { logFile });
    servers.push(cached);
    const uncached: ApiProcess = await startApi({ DATABASE_URL: db.url, SESSION_CACHE_TTL_MS: '0' });
    servers.push(uncached);
    const quiet: ApiProcess = await startApi({ DATABASE_URL: db.url, LOG_LEVEL: 'warn' });
    servers.push(quiet);
    const bare = await startBare();
    servers.push(bare);
    const token = await login(cached.base);
    const targets = [
      { name: 'bare Fastify route (same JSON)', url: `${bare.base}/bare`, pid: bare.pid },
      {
        name: 'GET /api/auth/me, every hook, request log at info to a file',
        url: `${cached.base}/api/auth/me`,
        token,
        pid: cached.pid,
      },
      {
        name: 'GET /api/auth/me, session cache off',
        url: `${uncached.base}/api/auth/me`,
        token,
        pid: uncached.pid,
      },
      {
        name: 'GET /api/auth/me, request logs off (LOG_LEVEL=warn)',
        url: `${quiet.base}/api/auth/me`,
        token,
        pid: quiet.pid,
      },
    ];
    // Warm-up: JIT, the session cache, the pools.
    let loggedRequests = 2; // the start-up health check and the login
    for (const t of targets) {
      const w = await measure(t.pid, t.url, t.token, 3);
      if (t.pid === cached.pid) loggedRequests += w.total;
    }
    const got = new Map<string, Sample[]>(targets.map((t) => [t.name, []]));
    const loads: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      loads.push(os.loadavg()[0]!);
      for (const t of round % 2 ? targets : [...targets].reverse()) {
        const s = await measure(t.pid, t.url, t.token);
        got.get(t.name)!.push(s);
        if (t.pid === cached.pid) loggedRequests += s.total;
        console.log(
          `[bench] round ${round} ${t.name}: ${s.rps.toFixed(0)} req/s, p50 ${s.p50} p99 ${s.p99} ms, ` +
            `CPU per request: server ${s.serverUs.toFixed(0)} µs, load generator ${s.clientUs.toFixed(0)} µs`,
        );
      }
    }
    loads.push(os.loadavg()[0]!);
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
      `${med(t.name, 'serverUs').toFixed(0)} / ${med(t.name, 'clientUs').toFixed(0)}`,
      got.get(t.name)!.reduce((n, s) => n + s.non2xx + s.errors, 0),
    ]);
    const onName = targets[1]!.name;
    const onRatio = ratio(onName);
    const perRound = got
      .get(onName)!
      .map((s, i) => (s.rps / got.get(targets[0]!.name)![i]!.rps).toFixed(2))
      .join(', ');
    // Every request the logged server answered left one access line in its file (written by the end of its
    // event-loop turn; the server is stopped, which flushes, before the file is read).
    await cached.stop();
    const accessLines = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => l.includes('"msg":"request completed"')).length;
    report(
      [
        `## ${stamp()} UTC — framework overhead (bench/framework-overhead.ts)${quick ? ' (quick)' : ''}`,
        '',
        `${await machineLine(BASE_URL)}. Each server in its own process, autocannon in the bench process with ${CONNECTIONS} connections, ` +
          `${ROUNDS} round(s) of ${DURATION} s per target, interleaved; medians of the rounds. \`uptime\` before: \`${before}\`; after: \`${after}\`.`,
        '',
        ...table(
          [
            'target',
            'req/s',
            'p50 / p99 ms',
            'ratio to bare',
            'CPU µs per request: server / load generator',
            'non-2xx + errors',
          ],
          rows,
        ),
        '',
        `- Goal ratio ≥ ${GOAL} (the API route with every hook and its request log on / bare route): **${onRatio.toFixed(3)}** — ${onRatio >= GOAL ? 'met' : '**missed**'}; bare ${bareRps.toFixed(0)} req/s. Ratio per round: ${perRound}. Load average (1 min) at the start of each round and at the end: ${loads.map((l) => l.toFixed(1)).join(', ')} on ${os.cpus().length} cores.`,
        `- CPU per request, bare / API route: server ${med(targets[0]!.name, 'serverUs').toFixed(0)} / ${med(onName, 'serverUs').toFixed(0)} µs (ratio ${(med(targets[0]!.name, 'serverUs') / med(onName, 'serverUs')).toFixed(2)}); load generator ${med(targets[0]!.name, 'clientUs').toFixed(0)} / ${med(onName, 'clientUs').toFixed(0)} µs (autocannon parses the answers in JavaScript, http-parser-js, so the route's longer head of security headers costs the client too, on the same cores).`,
        `- Request log on: ${accessLines} access lines in its log file for ${loggedRequests} answers the client counted (health check, login, warm-up, rounds; requests still in flight when a measurement ends are answered and logged but not counted, up to ${CONNECTIONS} per measurement).`,
        "- What GET /api/auth/me runs: security headers (helmet's, computed once), request id, JWT verification (cached), the session cache (answered without a promise), no rate-limit hook (the route counts against no group), the fast response serializer (lib/response-serializer.ts), one access-log line at info. No body or query validation (the route takes none); no table is read once the session is cached.",
      ],
      args,
    );
  } finally {
    for (const s of servers.reverse()) await s.stop().catch(() => {});
    await db.drop();
    rmSync(logDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
