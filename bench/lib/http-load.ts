import http from 'node:http';

/**
 * A small closed-loop HTTP load generator over real sockets: `concurrency` clients, each sending its next
 * request when the previous answer has been read in full. Latency is measured per request from the call to
 * the last byte, so it includes Fastify, validation, serialisation and the database. (autocannon reports
 * p97.5 but no p95; this loop keeps every sample and computes exact percentiles.)
 */
export interface LoadResult {
  samples: number[];
  /** Slowest answer per path, to tell which query of a scenario is the slow one. */
  slowest?: Map<string, number>;
  errors: number;
  seconds: number;
}

export interface Percentiles {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  rps: number;
}

export function makeClient(baseUrl: string, token: string, maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const base = new URL(baseUrl);
  const send = (
    method: 'GET' | 'POST',
    path: string,
    data?: string,
    extra: Record<string, string> = {},
  ): Promise<[number, number, string]> =>
    new Promise((resolve, reject) => {
      const t0 = performance.now();
      const headers: Record<string, string | number> = { authorization: `Bearer ${token}`, ...extra };
      if (data !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(data);
      }
      const req = http.request(
        { host: base.hostname, port: base.port, path, method, agent, headers },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c));
          res.on('end', () =>
            resolve([res.statusCode ?? 0, performance.now() - t0, Buffer.concat(parts).toString('utf8')]),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(data);
    });
  return {
    /** One GET; resolves to [status, ms, body]. */
    get: (path: string) => send('GET', path),
    /** One POST with a JSON body (and extra headers, e.g. an Idempotency-Key); resolves to [status, ms, body]. */
    post: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      send('POST', path, JSON.stringify(body), headers),
    close: () => agent.destroy(),
  };
}

/** Sends `total` requests cycling through `paths`, `concurrency` at a time. */
export async function runLoad(
  client: ReturnType<typeof makeClient>,
  paths: readonly string[],
  total: number,
  concurrency: number,
): Promise<LoadResult> {
  const samples: number[] = [];
  const slowest = new Map<string, number>();
  let errors = 0;
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    for (let k = next++; k < total; k = next++) {
      const path = paths[k % paths.length]!;
      const [status, ms] = await client.get(path);
      if (status !== 200) errors++;
      else samples.push(ms);
      slowest.set(path, Math.max(ms, slowest.get(path) ?? 0));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { samples, slowest, errors, seconds: (performance.now() - t0) / 1000 };
}

/** Nearest-rank percentiles. */
export function percentiles(r: LoadResult): Percentiles {
  const s = [...r.samples].sort((a, b) => a - b);
  const at = (p: number) =>
    s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
  return {
    n: s.length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: s[s.length - 1] ?? NaN,
    rps: s.length / r.seconds,
  };
}

/** The median of several runs' figures, field by field (the machine is shared, single runs are noisy). */
export function medianOf(runs: Percentiles[]): Percentiles {
  const med = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  return {
    n: runs.reduce((t, r) => t + r.n, 0),
    p50: med(runs.map((r) => r.p50)),
    p95: med(runs.map((r) => r.p95)),
    p99: med(runs.map((r) => r.p99)),
    max: Math.max(...runs.map((r) => r.max)),
    rps: med(runs.map((r) => r.rps)),
  };
}
