/**
 * SSE fan-out (issue 8, benchmark 6): N clients on one API instance (its own process, PostgreSQL) hold
 * GET /api/events/stream open; the bench publishes events (a row in event_log: the trigger of migration 0012
 * sends the NOTIFY at commit, as every publish in the API does) and measures, for every client and event, the
 * time from just before the INSERT to the frame arriving at the client: p50/p95/p99 over all N × events.
 * Memory per connection: the server's RSS (/proc/<pid>/status) after the N streams are open minus before, / N.
 * Clients live in the bench process (one socket each), so their own parsing is inside the figures.
 *
 *   npx tsx bench/sse-fanout.ts [--clients=1000,5000] [--events=20] [--interval=250] [--quick] [--no-results]
 * The file-descriptor limit must allow N sockets in both processes (npm run bench:sse raises it with ulimit).
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { login, scratchDatabase, startApi, type ApiProcess } from './lib/api-process';
import { machineLine, ms, pct, report, stamp, table, uptime } from './lib/results';
import { parseArgs } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const quick = args.quick === 'true';
const BASE_URL = args.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIZES = (args.clients ?? (quick ? '1000' : '1000,5000')).split(',').map(Number);
const EVENTS = Number(args.events ?? (quick ? 10 : 20));
const INTERVAL_MS = Number(args.interval ?? 250);
const OPEN_CONCURRENCY = 100;

function fdLimit(): number {
  const m = /Max open files\s+(\d+|unlimited)/.exec(readFileSync('/proc/self/limits', 'utf8'));
  return m?.[1] === 'unlimited' ? Infinity : Number(m?.[1] ?? 1024);
}

interface Stream {
  req: http.ClientRequest;
  /** Receipt times by event number. */
  got: Map<number, number>;
}

/** Opens one stream and resolves once the server's first frame (retry:) has arrived. */
function openStream(base: string, token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const got = new Map<number, number>();
    const req = http.get(
      `${base}/api/events/stream`,
      { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream → ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let opened = false;
        res.on('data', (chunk: string) => {
          const now = performance.now();
          if (!opened) {
            opened = true;
            resolve({ req, got });
          }
          for (const m of chunk.matchAll(/"bench_k":(\d+)/g)) got.set(Number(m[1]), now);
        });
        res.on('error', () => {});
      },
    );
    req.on('error', reject);
  });
}

async function openAll(
  base: string,
  token: string,
  n: number,
): Promise<{ streams: Stream[]; seconds: number }> {
  const streams: Stream[] = [];
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: OPEN_CONCURRENCY }, async () => {
      while (next < n) {
        next++;
        streams.push(await openStream(base, token));
      }
    }),
  );
  return { streams, seconds: (performance.now() - t0) / 1000 };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function runSize(api: ApiProcess, publisher: pg.Client, token: string, n: number, kBase: number) {
  await sleep(1000);
  const rssBefore = api.rss();
  const { streams, seconds: openS } = await openAll(api.base, token, n);
  await sleep(2000);
  const rssAfter = api.rss();
  const sent = new Map<number, number>();
  for (let e = 0; e < EVENTS; e++) {
    const k = kBase + e;
    sent.set(k, performance.now());
    await publisher.query(
      `insert into event_log (channel, type, payload) values ('system', 'bench.ping', $1)`,
      [JSON.stringify({ bench_k: k })],
    );
    await sleep(INTERVAL_MS);
  }
  // Wait for the stragglers (up to 10 s), then count what never arrived.
  const deadline = Date.now() + 10_000;
  const complete = () => streams.every((s) => s.got.size >= EVENTS);
  while (!complete() && Date.now() < deadline) await sleep(100);
  const lat: number[] = [];
  let missing = 0;
  for (const s of streams)
    for (const [k, t0] of sent) {
      const t = s.got.get(k);
      if (t === undefined) missing++;
      else lat.push(t - t0);
    }
  for (const s of streams) s.req.destroy();
  await sleep(1500);
  return { n, openS, rssBefore, rssAfter, lat, missing };
}

async function main() {
  const before = uptime();
  console.log(`[bench] ${before}`);
  const limit = fdLimit();
  const max = Math.max(...SIZES);
  const refused: string[] = [];
  if (limit < max + 200)
    refused.push(
      `file-descriptor limit ${limit} < ${max} clients + 200: raise it (\`ulimit -n 65536\`; npm run bench:sse does) — sizes above it skipped`,
    );
  const sizes = SIZES.filter((n) => n + 200 <= limit);
  const db = await scratchDatabase(BASE_URL, 'ips_bench_sse');
  const api = await startApi({ DATABASE_URL: db.url });
  const publisher = new pg.Client({ connectionString: db.url });
  await publisher.connect();
  try {
    const token = await login(api.base);
    // Warm-up: a few streams and events.
    await runSize(api, publisher, token, 20, 1_000_000);
    const results = [];
    let kBase = 0;
    for (const n of sizes) {
      console.log(`[bench] ${n} clients…`);
      try {
        const r = await runSize(api, publisher, token, n, kBase);
        kBase += EVENTS;
        results.push(r);
        console.log(
          `[bench] ${n}: p50 ${ms(pct(r.lat, 50))} p95 ${ms(pct(r.lat, 95))} p99 ${ms(pct(r.lat, 99))} ms, missing ${r.missing}, ` +
            `${((r.rssAfter - r.rssBefore) / n / 1024).toFixed(1)} KiB/conn`,
        );
      } catch (err) {
        refused.push(`${n} clients: ${(err as Error).message}`);
        console.error(err);
      }
    }
    const after = uptime();
    const rows = results.map((r) => [
      r.n.toLocaleString('en'),
      `${r.lat.length.toLocaleString('en')} / ${(r.n * EVENTS).toLocaleString('en')}`,
      `${ms(pct(r.lat, 50))} / ${ms(pct(r.lat, 95))} / ${ms(pct(r.lat, 99))}`,
      ms(Math.max(...r.lat)),
      `${(r.rssBefore / 2 ** 20).toFixed(0)} → ${(r.rssAfter / 2 ** 20).toFixed(0)}`,
      ((r.rssAfter - r.rssBefore) / r.n / 1024).toFixed(1),
      r.openS.toFixed(1),
    ]);
    report(
      [
        `## ${stamp()} UTC — SSE fan-out (bench/sse-fanout.ts)${quick ? ' (quick)' : ''}`,
        '',
        `${await machineLine(BASE_URL)}; file-descriptor limit ${limit}. One API process on PostgreSQL, N clients (one socket each, one session) in the bench process on /api/events/stream; ` +
          `${EVENTS} events ${INTERVAL_MS} ms apart, each an INSERT into event_log (NOTIFY at commit). Latency from before the INSERT to the frame at each client, over all clients × events. ` +
          `\`uptime\` before: \`${before}\`; after: \`${after}\`.`,
        '',
        ...table(
          [
            'clients',
            'frames received',
            'p50 / p95 / p99 ms',
            'max ms',
            'server RSS MiB',
            'KiB per connection',
            'open all, s',
          ],
          rows,
        ),
        '',
        ...refused.map((x) => `- Refused or failed: ${x}`),
        '- The server RSS includes what V8 has not collected yet; the heap is not read (the server has no metrics route).',
      ],
      args,
    );
  } finally {
    await publisher.end();
    await api.stop();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
