/**
 * Patient documents (issue 23, decision 036): the server's memory while one 20 MB document goes up and comes down,
 * and 50 uploads at once.
 *
 *   1. a 20 MB PDF uploaded as a stream (multipart, chunked transfer), then downloaded and hashed;
 *      the server's RSS and V8 heap sampled every 25 ms during each, against a baseline taken after a full GC;
 *   2. 50 uploads of 1 MB sent at once, then 50 downloads at once: every one must succeed and come back intact.
 *
 * The API runs in its own process (bench/lib/memory-server.ts: the production server.ts, NODE_ENV=production)
 * on a scratch PostgreSQL database, or on PGlite with --pglite. Appends a section to bench/RESULTS.md unless
 * --no-results.
 *
 *   npx tsx bench/documents.ts [--url=postgres://postgres@127.0.0.1:5432/postgres] [--pglite] [--concurrent=50]
 *     [--no-results]
 */
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/api/src/test/server-process';
import { BENCH_ADMIN, login, scratchDatabase } from './lib/api-process';
import { machineLine, report, stamp, table, uptime } from './lib/results';
import { parseArgs } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const BASE_URL = args.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PGLITE = args.pglite === 'true';
const CONCURRENT = Number(args.concurrent ?? 50);
const BIG = 20 * 1024 * 1024;
const SMALL = 1024 * 1024;
const HERE = dirname(fileURLToPath(import.meta.url));
const API_ROOT = join(HERE, '..', 'apps', 'api');
const mib = (n: number) => (n / 2 ** 20).toFixed(1);

type Mem = NodeJS.MemoryUsage;

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = fork(join(HERE, 'lib', 'memory-server.ts'), [], {
    cwd: API_ROOT,
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '1000',
      DEMO_MODE: 'false',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the API exited at start');
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('the API did not answer in time');
    await new Promise((r) => setTimeout(r, 200));
  }
  const mem = (gc: boolean) =>
    new Promise<Mem>((resolve) => {
      const on = (m: { mem?: Mem }) => {
        if (!m.mem) return;
        child.off('message', on);
        resolve(m.mem);
      };
      child.on('message', on);
      child.send(gc ? 'mem-gc' : 'mem');
    });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { base, mem, stop };
}

/** A PDF of `size` bytes generated 64 KiB at a time, never whole in this process either. */
function* pdfPieces(size: number, seed: number) {
  const piece = Buffer.alloc(64 * 1024);
  for (let at = 0; at < size; at += piece.length) {
    const n = Math.min(piece.length, size - at);
    for (let i = 0; i < n; i++) piece[i] = ((at + i + seed) * 2654435761) >>> 24;
    if (at === 0) piece.write('%PDF-1.7\n', 0, 'latin1');
    yield Buffer.from(piece.subarray(0, n));
  }
}

/** Uploads a generated PDF as a streamed multipart body; resolves to its id and the SHA-256 sent. */
async function upload(base: string, token: string, patientId: number, size: number, seed: number) {
  const boundary = `----bench-${seed}-${Date.now()}`;
  const hash = createHash('sha256');
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="patient_id"\r\n\r\n${patientId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nlaboratorio\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-${seed}.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const pieces = pdfPieces(size, seed);
  let state: 'head' | 'body' | 'tail' | 'done' = 'head';
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state === 'head') {
        controller.enqueue(head);
        state = 'body';
      } else if (state === 'body') {
        const next = pieces.next();
        if (next.done) {
          controller.enqueue(tail);
          state = 'done';
          controller.close();
        } else {
          hash.update(next.value);
          controller.enqueue(next.value);
        }
      }
    },
  });
  const res = await fetch(`${base}/api/documents`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body,
    duplex: 'half',
  } as RequestInit);
  const json = (await res.json()) as { data?: { id: number; sha256: string }; message?: string };
  if (res.status !== 201) throw new Error(`upload ${seed} → ${res.status} ${json.message}`);
  const sent = hash.digest('hex');
  if (json.data!.sha256 !== sent) throw new Error(`upload ${seed}: checksum differs`);
  return { id: json.data!.id, sha256: sent };
}

/** Downloads through a fresh link, hashing the stream as it comes. */
async function download(base: string, token: string, id: number) {
  const link = await fetch(`${base}/api/documents/${id}/download-link`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await link.json()) as { data: { url: string } };
  const res = await fetch(`${base}${data.url}`);
  if (res.status !== 200) throw new Error(`download ${id} → ${res.status}`);
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Samples the server's memory every 25 ms while `work` runs; returns the peaks and the time. */
async function watched<T>(server: Awaited<ReturnType<typeof startServer>>, work: () => Promise<T>) {
  const base = await server.mem(true);
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  let peakExternal = base.external + base.arrayBuffers;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const m = await server.mem(false);
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakExternal = Math.max(peakExternal, m.external + m.arrayBuffers);
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const t0 = performance.now();
  const result = await work();
  const seconds = (performance.now() - t0) / 1000;
  running = false;
  await sampler;
  const after = await server.mem(true);
  return {
    result,
    seconds,
    row: (what: string) => [
      what,
      seconds.toFixed(2),
      mib(base.rss),
      `+${mib(peakRss - base.rss)}`,
      `+${mib(peakHeap - base.heapUsed)}`,
      `+${mib(peakExternal - base.external - base.arrayBuffers)}`,
      `${after.rss - base.rss >= 0 ? '+' : ''}${mib(after.rss - base.rss)}`,
      `${after.heapUsed - base.heapUsed >= 0 ? '+' : ''}${mib(after.heapUsed - base.heapUsed)}`,
    ],
  };
}

async function main() {
  const load = uptime();
  const scratch = PGLITE ? null : await scratchDatabase(BASE_URL, 'ips_bench_docs');
  const dataDir = PGLITE ? mkdtempSync(join(tmpdir(), 'ips-bench-docs-')) : null;
  const server = await startServer(PGLITE ? { DATA_DIR: dataDir! } : { DATABASE_URL: scratch!.url });
  try {
    const token = await login(server.base);
    const p = await fetch(`${server.base}/api/patients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        document: '900100200',
        name: 'Paciente Benchmark Documentos',
        phone: '3001234567',
      }),
    });
    const patientId = ((await p.json()) as { data: { id: number } }).data.id;
    // Warm-up: pools, JIT and the first allocations of each path.
    for (let i = 0; i < 3; i++) {
      const w = await upload(server.base, token, patientId, 2 * 1024 * 1024, 1000 + i);
      await download(server.base, token, w.id);
    }

    const up = await watched(server, () => upload(server.base, token, patientId, BIG, 1));
    console.log(`[bench] 20 MB upload in ${up.seconds.toFixed(1)} s`);
    const down = await watched(server, () => download(server.base, token, up.result.id));
    if (down.result.bytes !== BIG || down.result.sha256 !== up.result.sha256)
      throw new Error('the 20 MB download differs from the upload');
    console.log(`[bench] 20 MB download in ${down.seconds.toFixed(1)} s`);

    let uploadErrors = 0;
    const many = await watched(server, async () => {
      const settled = await Promise.allSettled(
        Array.from({ length: CONCURRENT }, (_, i) => upload(server.base, token, patientId, SMALL, 100 + i)),
      );
      uploadErrors = settled.filter((s) => s.status === 'rejected').length;
      for (const s of settled) if (s.status === 'rejected') console.error(s.reason);
      return settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    });
    console.log(`[bench] ${CONCURRENT} concurrent uploads: ${uploadErrors} errors`);
    let downloadErrors = 0;
    const manyDown = await watched(server, async () => {
      const settled = await Promise.allSettled(many.result.map((d) => download(server.base, token, d.id)));
      settled.forEach((s, i) => {
        if (s.status === 'rejected' || s.value.sha256 !== many.result[i]!.sha256) downloadErrors++;
      });
    });

    const rate = (bytes: number, s: number) => `${(bytes / 2 ** 20 / s).toFixed(1)} MiB/s`;
    report(
      [
        `## Patient documents — ${stamp()} UTC (${PGLITE ? 'PGlite' : 'PostgreSQL'})`,
        '',
        `Machine: ${await machineLine(PGLITE ? undefined : BASE_URL)}. Load before the run: \`${load}\`; after: \`${uptime()}\`.`,
        'The machine is shared with other agents building and testing at the same time: times are noisy, the memory',
        'figures are what this bench is about. Server memory from its own process.memoryUsage() over IPC, sampled',
        'every 25 ms; baseline and "after" are taken after a full GC.',
        '',
        ...table(
          [
            'step',
            's',
            'RSS base MiB',
            'RSS peak Δ',
            'heap peak Δ',
            'external+buffers peak Δ',
            'RSS after Δ',
            'heap after Δ',
          ],
          [
            up.row(`20 MB upload (streamed multipart), ${rate(BIG, up.seconds)}`),
            down.row(`20 MB download, ${rate(BIG, down.seconds)}, SHA-256 equal`),
            many.row(`${CONCURRENT} × 1 MB uploads at once: ${uploadErrors} errors`),
            manyDown.row(`${CONCURRENT} × 1 MB downloads at once: ${downloadErrors} errors or mismatches`),
          ],
        ),
      ],
      args,
    );
    if (uploadErrors || downloadErrors) process.exitCode = 1;
  } finally {
    await server.stop();
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
