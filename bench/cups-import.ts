/**
 * CUPS import under load (issue 14 item 9; decision 022): the API in its own process on a scratch PostgreSQL
 * database, `GET /api/health` probed every 20 ms from a thread of this process while
 *   1. nothing else runs (the baseline),
 *   2. three 49,000-line previews are sent at once (as JSON, the way the web sends them, and as a text/csv
 *      stream),
 *   3. one 100,000-line file is sent, which must be refused at the 50,000-row limit.
 * Reports health p50/p95/max during each phase, each import's time and the time to the refusal. Appends a
 * section to bench/RESULTS.md unless --no-results.
 *
 *   npx tsx bench/cups-import.ts [--url=postgres://postgres@127.0.0.1:5432/postgres] [--lines=49000]
 *     [--rounds=3] [--kinds=json,csv] [--log=server-log-file] [--no-results]
 */
import { Worker } from 'node:worker_threads';
import { startApi, login, scratchDatabase } from './lib/api-process';
import { machineLine, ms, pct, report, stamp, table, uptime } from './lib/results';
import { parseArgs } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const BASE_URL = args.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LINES = Number(args.lines ?? 49_000);
const ROUNDS = Number(args.rounds ?? 3);
const PROBE_EVERY_MS = 20;
const CONCURRENT = 3;
const KINDS = (args.kinds ?? 'json,csv').split(',') as ('json' | 'csv')[];

function csvOf(lines: number, prefix: string): string {
  const out = ['code,name,category,price,requires_authorization'];
  for (let i = 0; i < lines; i++)
    out.push(
      `${prefix}${String(i).padStart(5, '0')},Procedimiento de carga número ${i} para la prueba,Carga,${1000 + i},0`,
    );
  return out.join('\n');
}

/**
 * Probes /api/health every 20 ms from `start()` until `until` settles; returns each answer's time in ms. The probe
 * runs in its own thread, started once and warmed up (its first requests open the connection): this process also
 * builds and reads the multi-megabyte import bodies, which would otherwise delay the probe's own timing and be
 * counted as the server's.
 */
function startProber(base: string) {
  const worker = new Worker(PROBE_THREAD, {
    eval: true,
    workerData: { url: `${base}/api/health`, every: PROBE_EVERY_MS },
  });
  return {
    async probe(until: Promise<unknown>): Promise<number[]> {
      const times = new Promise<number[]>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      worker.postMessage('start');
      await until.catch(() => {});
      worker.postMessage('stop');
      return times;
    },
    stop: () => worker.terminate(),
  };
}

const PROBE_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
let running = false;
let times = [];
parentPort.on('message', (m) => {
  if (m === 'start') { times = []; running = true; }
  else { running = false; parentPort.postMessage(times); }
});
(async () => {
  for (;;) {
    const t0 = performance.now();
    const res = await fetch(workerData.url);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error('health ' + res.status);
    if (running) times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, workerData.every));
  }
})();
`;

async function main() {
  const db = await scratchDatabase(BASE_URL, 'ips_bench_cups');
  const api = await startApi({ DATABASE_URL: db.url }, { logFile: args.log });
  try {
    const token = await login(api.base);
    const prober = startProber(api.base);
    const auth = { authorization: `Bearer ${token}` };
    const send = async (csv: string, as: 'json' | 'csv') => {
      const t0 = performance.now();
      const res =
        as === 'json'
          ? await fetch(`${api.base}/api/cups/import`, {
              method: 'POST',
              headers: { ...auth, 'content-type': 'application/json' },
              body: JSON.stringify({ csv, mode: 'preview' }),
            })
          : await fetch(`${api.base}/api/cups/import?mode=preview`, {
              method: 'POST',
              headers: { ...auth, 'content-type': 'text/csv; charset=utf-8' },
              body: csv,
            });
      const body = (await res.json()) as { message?: string; data?: { summary: { total: number } } };
      return { status: res.status, ms: performance.now() - t0, body };
    };

    const files = Array.from({ length: CONCURRENT }, (_, k) => csvOf(LINES, 'ABCDEFGH'[k]!));
    const big = csvOf(100_000, 'Z');
    // Warm-up: one small preview of each kind (JIT, pool, plans).
    for (const as of KINDS) await send(csvOf(500, 'W'), as);

    const idle = await prober.probe(new Promise((r) => setTimeout(r, 2000)));
    const rows: (string | number)[][] = [
      [
        'idle (nothing else running)',
        '–',
        ms(pct(idle, 50)),
        ms(pct(idle, 95)),
        ms(Math.max(...idle)),
        idle.length,
      ],
    ];
    const importTimes: Record<string, number[]> = { json: [], csv: [] };
    for (const as of KINDS) {
      const during: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const imports = Promise.all(files.map((f) => send(f, as)));
        const [results, health] = await Promise.all([imports, prober.probe(imports)]);
        for (const r of results) {
          if (r.status !== 200 || r.body.data?.summary.total !== LINES)
            throw new Error(`preview → ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
          importTimes[as]!.push(r.ms);
        }
        during.push(...health);
      }
      const t = importTimes[as]!;
      rows.push([
        `${CONCURRENT} concurrent ${LINES.toLocaleString('en')}-line previews, ${as === 'json' ? 'JSON body (the web)' : 'text/csv stream'}`,
        `${ms(pct(t, 50))} / ${ms(Math.max(...t))}`,
        ms(pct(during, 50)),
        ms(pct(during, 95)),
        ms(Math.max(...during)),
        during.length,
      ]);
    }
    const refusals: string[] = [];
    for (const as of KINDS) {
      const refused = send(big, as);
      const health = await prober.probe(refused);
      const r = await refused;
      if (r.status !== 400) throw new Error(`100,000 lines → ${r.status}`);
      refusals.push(`${as}: ${ms(r.ms)} ms (${r.body.message})`);
      rows.push([
        `one 100,000-line file (${(big.length / 2 ** 20).toFixed(1)} MiB), ${as === 'json' ? 'JSON body' : 'text/csv stream'}: refused`,
        ms(r.ms),
        ms(pct(health, 50)),
        ms(pct(health, 95)),
        ms(Math.max(...health)),
        health.length,
      ]);
    }

    await prober.stop();
    report(
      [
        `## CUPS import under load — ${stamp()}`,
        '',
        `${await machineLine(BASE_URL)}; \`${uptime()}\``,
        '',
        `\`bench/cups-import.ts\`: the API in its own process (NODE_ENV=production, logs at info to a file) on a scratch PostgreSQL database; \`GET /api/health\` probed every ${PROBE_EVERY_MS} ms (one at a time) from a thread of the bench process during each phase; ${ROUNDS} rounds per kind of upload. Goal: health under 100 ms while imports run.`,
        '',
        ...table(
          ['phase', 'import time p50 / max (ms)', 'health p50', 'health p95', 'health max', 'probes'],
          rows,
        ),
        '',
        `- Refusal of the 100,000-line file: ${refusals.join('; ')}.`,
      ],
      args,
    );
  } finally {
    await api.stop();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
