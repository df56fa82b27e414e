/**
 * Large bodies sent to a route without a session (issue 33), through a real API process on PostgreSQL (production
 * mode): `--clients` (50) senders at once each stream a `--mb` (30) MB body to the voice webhook, the next as soon
 * as the last is answered, for `--seconds` (10):
 *   a. unsigned (no ElevenLabs-Signature): refused on the headers, before the body is read;
 *   b. with a well-formed but forged signature: the body must be read to check it, and is spooled to a file.
 * Meanwhile `/api/health` is asked every 20 ms and the server's RSS sampled every 25 ms. Targets: memory flat
 * (peak within 64 MiB of the idle RSS) and health p95 ≤ 100 ms during (a).
 *
 *   flock /tmp/bench.lock npm run bench:public-bodies -- [--url=postgres://postgres@127.0.0.1:5432/postgres]
 *     [--clients=50] [--mb=30] [--seconds=10] [--no-results]
 */
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { scratchDatabase, startApi, type ApiProcess } from './lib/api-process';
import { machineLine, ms, pct, report, stamp, table, uptime } from './lib/results';
import { parseArgs } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const BASE_URL = args.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = Number(args.clients ?? 50);
const SECONDS = Number(args.seconds ?? 10);
const MB = Number(args.mb ?? 30);
const MiB = 2 ** 20;
const SECRET = 'wsec_bench_public_0123456789';
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

interface Sent {
  status: number;
  /** Bytes of the body written before the answer came (or the connection closed). */
  bytes: number;
  ms: number;
}

/** Streams `total` bytes as a JSON body with backpressure; stops writing when the answer comes. */
function send(base: URL, headers: Record<string, string>, total: number): Promise<Sent> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let sent = 0;
    let answered = false;
    const req = http.request({
      host: base.hostname,
      port: base.port,
      path: '/api/integrations/elevenlabs/webhook',
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': String(total), ...headers },
    });
    const finish = (status: number) => {
      if (answered) return;
      answered = true;
      resolve({ status, bytes: sent, ms: performance.now() - t0 });
      req.destroy();
    };
    // The status is taken as soon as the answer's head arrives: a server that refuses early closes the
    // connection while the body is still being written, and the write then fails.
    req.on('response', (res) => {
      res.resume();
      finish(res.statusCode ?? 0);
    });
    req.on('error', () => finish(0));
    const pump = () => {
      while (!answered && sent < total) {
        const n = Math.min(CHUNK.length, total - sent);
        sent += n;
        if (!req.write(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    req.flushHeaders();
    setImmediate(pump);
  });
}

/**
 * Asks `/api/health` every 20 ms from a thread of its own, so that the senders' writes do not delay the probe's
 * own event loop; `stop()` resolves with the latencies in ms.
 */
function healthProbe(base: string) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const out = []; let stop = false;
     parentPort.on('message', () => (stop = true));
     (async () => {
       while (!stop) {
         const t0 = performance.now();
         const res = await fetch(workerData + '/api/health');
         await res.arrayBuffer();
         out.push(performance.now() - t0);
         await new Promise((r) => setTimeout(r, 20));
       }
       parentPort.postMessage(out);
     })();`,
    { eval: true, workerData: base },
  );
  return {
    stop: () =>
      new Promise<number[]>((resolve) => {
        worker.once('message', (out: number[]) => void worker.terminate().then(() => resolve(out)));
        worker.postMessage('stop');
      }),
  };
}

async function flood(api: ApiProcess, headers: () => Record<string, string>) {
  await new Promise((r) => setTimeout(r, 1000));
  const before = api.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, api.rss())), 25);
  const probe = healthProbe(api.base);
  const t0 = performance.now();
  const results: Sent[] = [];
  // Each sender starts its next body as soon as the last one is answered, for SECONDS (at least one body each).
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      do results.push(await send(new URL(api.base), headers(), MB * MiB));
      while (performance.now() - t0 < SECONDS * 1000);
    }),
  );
  const took = performance.now() - t0;
  const health = await probe.stop();
  clearInterval(sampler);
  await new Promise((r) => setTimeout(r, 1000));
  const statuses = new Map<number, number>();
  for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  return {
    took,
    before,
    peak,
    after: api.rss(),
    statuses: [...statuses].map(([s, n]) => `${n} × ${s || 'closed unanswered'}`).join(', '),
    bodies: results.length,
    sentMiB: results.reduce((a, r) => a + r.bytes, 0) / MiB / results.length,
    answerP95: pct(
      results.map((r) => r.ms),
      95,
    ),
    health,
  };
}

async function main() {
  const db = await scratchDatabase(BASE_URL, 'ips_bench_public');
  let api: ApiProcess | null = null;
  try {
    const loadBefore = uptime();
    api = await startApi({ DATABASE_URL: db.url, ELEVENLABS_WEBHOOK_SECRET: SECRET });
    const idleProbe = healthProbe(api.base);
    await new Promise((r) => setTimeout(r, 3000));
    const idle = await idleProbe.stop();
    const a = await flood(api, () => ({}));
    console.log('[bench:public-bodies] a', { ...a, health: a.health.length });
    const b = await flood(api, () => ({
      'elevenlabs-signature': `t=${Math.floor(Date.now() / 1000)},v0=${'0'.repeat(64)}`,
    }));
    console.log('[bench:public-bodies] b', { ...b, health: b.health.length });
    const loadAfter = uptime();
    const row = (name: string, r: Awaited<ReturnType<typeof flood>>) => [
      name,
      r.statuses,
      r.sentMiB.toFixed(1),
      ms(r.answerP95),
      (r.took / 1000).toFixed(1),
      `${(r.before / MiB).toFixed(0)} → ${(r.peak / MiB).toFixed(0)} → ${(r.after / MiB).toFixed(0)}`,
      `${ms(pct(r.health, 50))} / ${ms(pct(r.health, 95))} / ${ms(Math.max(...r.health))} (${r.health.length})`,
    ];
    const targetMet = pct(a.health, 95) <= 100 && a.peak - a.before <= 64 * MiB;
    report(
      [
        `## ${stamp()} UTC — ${CLIENTS} concurrent senders of ${MB} MB bodies for ${SECONDS} s to the voice webhook (bench/public-bodies.ts)`,
        '',
        `${await machineLine(BASE_URL)}. Load before: \`${loadBefore}\`; after: \`${loadAfter}\`. One API process on PostgreSQL (production mode); the senders and the health probe (a thread of its own) are another process on the same two cores. Idle \`/api/health\` p50 / p95: ${ms(pct(idle, 50))} / ${ms(pct(idle, 95))} ms.`,
        '',
        ...table(
          [
            'bodies',
            'answers',
            'MiB sent per body before the answer',
            'answer p95 ms',
            'run, s',
            'server RSS MiB (before → peak → after)',
            '/api/health p50 / p95 / max ms (requests)',
          ],
          [row('a. unsigned', a), row('b. forged signature', b)],
        ),
        '',
        `Target (a): RSS flat (peak ≤ idle + 64 MiB) and health p95 ≤ 100 ms: ${targetMet ? 'met' : 'NOT met'}. In (b) a well-formed signature obliges the server to read the body to check it: it is spooled to a file (decision 038), so memory stays bounded; after 30 refusals an address is answered 429 at once (RATE_LIMITS.refused; this bench runs at RATE_LIMIT_SCALE=1000, so the limit does not cut it short).`,
      ],
      args,
    );
  } finally {
    if (api && api.errors().trim()) console.error(api.errors().slice(-4000));
    await api?.stop();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
