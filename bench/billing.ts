/**
 * Billing at scale (issue 19, decision 031): 1,000,000 billing records on PostgreSQL, over two years, 200
 * doctors and 40 services. One API process (its own Node process, production mode) and one client:
 *   - the detail page with its total (GET /appointment-billing, 50 rows): the default 7 days, a month sorted by
 *     final price, a month of one doctor, a month searched by text — target p95 ≤ 50 ms;
 *   - a month's summary by doctor (and by day, by service) — target p95 ≤ 150 ms;
 *   - a month's metrics — target p95 ≤ 150 ms;
 *   - the CSV export of all 1,000,000 rows: rows/s and the server's peak RSS against its RSS before (flat memory);
 *   - a status change (PATCH) reaching 200 open billing streams — target p95 ≤ 250 ms.
 *
 *   npx tsx bench/billing.ts [--n=1000000] [--reps=200] [--clients=200] [--events=20] [--quick] [--no-results]
 */
import { readBody } from './lib/read-body';
import http from 'node:http';
import { login, scratchDatabase, startApi, type ApiProcess } from './lib/api-process';
import pg from 'pg';
import { machineLine, ms, pct, report, stamp, table, uptime } from './lib/results';
import { parseArgs } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const quick = args.quick === 'true';
const BASE_URL = args.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const N = Number(args.n ?? (quick ? 100_000 : 1_000_000));
const REPS = Number(args.reps ?? (quick ? 40 : 200));
const CLIENTS = Number(args.clients ?? 200);
const EVENTS = Number(args.events ?? (quick ? 10 : 20));
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

const day = (d: Date) => d.toISOString().slice(0, 10);
const today = new Date();
const monthAgo = day(new Date(Date.now() - 29 * 86_400_000));

async function seed(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t0 = performance.now();
  await c.query(`insert into doctors (name, license_number)
    select 'Doctor ' || g || ' ' || (array['Martínez','Gómez','Rodríguez','Villamizar','Jaimes','Pérez'])[1 + g % 6],
           'RM-B' || g from generate_series(1, 200) g`);
  await c.query(`insert into services (name, base_price, category)
    select (array['Consulta','Control','Ecografía','Laboratorio','Procedimiento'])[1 + g % 5] || ' ' || g,
           20000 + (g % 20) * 5000, 'consulta' from generate_series(1, 40) g`);
  await c.query(`insert into doctor_service_prices (doctor_id, service_id, price)
    select d.id, s.id, s.base_price + 10000 from doctors d join services s on (d.id + s.id) % 7 = 0`);
  // Two years of records, newest now; one doctor price in seven; statuses as a clinic's books would show them.
  await c.query(
    `insert into appointment_billing (service_id, service_name, doctor_id, doctor_name, base_price, doctor_price,
        final_price, currency, status, created_at, updated_at)
     select s.id, s.name, d.id, d.name, s.base_price, p.price, coalesce(p.price, s.base_price), 'COP',
            (array['paid','paid','paid','billed','pending','cancelled'])[1 + (g * 7) % 6],
            now() - ((g::float8 / $1) * interval '730 days'), now()
       from generate_series(1, $1) g
       join doctors d on d.id = 1 + (g * 31) % 200
       join services s on s.id = 1 + (g * 13) % 40
       left join doctor_service_prices p on p.doctor_id = d.id and p.service_id = s.id`,
    [N],
  );
  // What autovacuum does to a table after its inserts: statistics and the visibility map (index-only scans).
  await c.query('vacuum (analyze) appointment_billing');
  const { rows } = await c.query(
    `select (select id from appointment_billing order by created_at desc limit 1) as last_id,
            (select min(id) from doctors) as doctor_id`,
  );
  await c.end();
  return {
    seconds: (performance.now() - t0) / 1000,
    lastId: Number(rows[0].last_id),
    doctorId: Number(rows[0].doctor_id),
  };
}

async function timed(base: string, token: string, path: string, reps: number) {
  const lat: number[] = [];
  let last: unknown;
  for (let i = 0; i < reps + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    last = await res.json();
    if (res.status !== 200) throw new Error(`${path} → ${res.status} ${JSON.stringify(last)}`);
    if (i >= 5) lat.push(performance.now() - t0);
  }
  return { lat, last };
}

async function exportAll(api: ApiProcess, token: string) {
  const from = day(new Date(Date.now() - 800 * 86_400_000));
  const rssBefore = api.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, api.rss())), 50);
  const t0 = performance.now();
  const res = await fetch(
    `${api.base}/api/appointment-billing/export.csv?from=${from}&to=${day(today)}&token=${token}`,
  );
  // The server's RSS at each quarter of the rows: flat memory means these stay level as the rows go by.
  const quarters: number[] = [];
  const { bytes, lines } = await readBody(res, (lines) => {
    if (lines >= ((quarters.length + 1) * N) / 4) quarters.push(api.rss());
  });
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  return { rows: lines - 1, bytes, seconds, rssBefore, peak, quarters };
}

function openStream(base: string, token: string, got: Map<string, number>[]): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const mine = new Map<string, number>();
    got.push(mine);
    const req = http.get(
      `${base}/api/appointment-billing/stream`,
      { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream → ${res.statusCode}`));
        res.setEncoding('utf8');
        let opened = false;
        res.on('data', (chunk: string) => {
          const now = performance.now();
          if (!opened) {
            opened = true;
            resolve(req);
          }
          for (const m of chunk.matchAll(
            /^id: (\d+)\nevent: billing_status_updated\ndata: .*"status":"(\w+)"/gm,
          ))
            mine.set(`${m[1]}`, now);
        });
        res.on('error', () => {});
      },
    );
    req.on('error', reject);
  });
}

async function fanout(api: ApiProcess, token: string, billingId: number) {
  const got: Map<string, number>[] = [];
  const reqs: http.ClientRequest[] = [];
  for (let i = 0; i < CLIENTS; i += 50)
    reqs.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, CLIENTS - i) }, () => openStream(api.base, token, got)),
      )),
    );
  await sleep(1000);
  const sent: number[] = [];
  const statuses = ['billed', 'paid'];
  for (let e = 0; e < EVENTS; e++) {
    const t0 = performance.now();
    const res = await fetch(`${api.base}/api/appointment-billing/${billingId}/status`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: statuses[e % 2] }),
    });
    if (res.status !== 200) throw new Error(`PATCH → ${res.status} ${await res.text()}`);
    sent.push(t0);
    await sleep(250);
  }
  const deadline = Date.now() + 10_000;
  while (got.some((g) => g.size < EVENTS) && Date.now() < deadline) await sleep(100);
  const lat: number[] = [];
  let missing = 0;
  for (const g of got) {
    const times = [...g.entries()].sort((a, b) => Number(a[0]) - Number(b[0])).map(([, t]) => t);
    sent.forEach((t0, i) => (times[i] === undefined ? missing++ : lat.push(times[i]! - t0)));
  }
  for (const r of reqs) r.destroy();
  return { lat, missing };
}

async function main() {
  const before = uptime();
  console.log(`[bench] ${before}`);
  const db = await scratchDatabase(BASE_URL, 'ips_bench_billing');
  const api = await startApi({ DATABASE_URL: db.url });
  try {
    console.log(`[bench] seeding ${N.toLocaleString('en')} billing records…`);
    const s = await seed(db.url);
    console.log(`[bench] seeded in ${s.seconds.toFixed(0)} s`);
    const token = await login(api.base);
    const month = `from=${monthAgo}&to=${day(today)}`;
    const reads: [string, string, number][] = [
      ['detail, default 7 days (50 rows + total)', '/api/appointment-billing', 50],
      ['detail, a month by final price', `/api/appointment-billing?${month}&sort=final_price&dir=desc`, 50],
      ['detail, a month of one doctor', `/api/appointment-billing?${month}&doctor_id=${s.doctorId}`, 50],
      ['detail, a month, text "consulta"', `/api/appointment-billing?${month}&q=consulta`, 50],
      [
        'detail, a month, status pending, page 20',
        `/api/appointment-billing?${month}&status=pending&offset=950`,
        50,
      ],
      ['summary, a month by doctor', `/api/appointment-billing/summary?${month}&group=doctor`, 150],
      ['summary, a month by day', `/api/appointment-billing/summary?${month}&group=day`, 150],
      ['summary, a month by service', `/api/appointment-billing/summary?${month}&group=service`, 150],
      ['metrics, a month', `/api/appointment-billing/metrics?${month}`, 150],
    ];
    const rows: string[][] = [];
    for (const [label, path, target] of reads) {
      const r = await timed(api.base, token, path, REPS);
      const total = (r.last as { total?: number }).total;
      const line = [
        label,
        ms(pct(r.lat, 50)),
        ms(pct(r.lat, 95)),
        ms(Math.max(...r.lat)),
        `≤ ${target}`,
        pct(r.lat, 95) <= target ? 'yes' : 'NO',
        total === undefined ? '' : total.toLocaleString('en'),
      ];
      console.log(`[bench] ${line.join(' | ')}`);
      rows.push(line);
    }
    console.log('[bench] export…');
    const ex = await exportAll(api, token);
    console.log(
      `[bench] export ${ex.rows} rows in ${ex.seconds.toFixed(1)} s, peak RSS ${(ex.peak / 2 ** 20).toFixed(0)} MiB`,
    );
    console.log('[bench] fan-out…');
    const f = await fanout(api, token, s.lastId);
    console.log(`[bench] fan-out p95 ${ms(pct(f.lat, 95))} ms, missing ${f.missing}`);
    const after = uptime();
    report(
      [
        `## ${stamp()} UTC — Billing at ${N.toLocaleString('en')} records (bench/billing.ts)${quick ? ' (quick)' : ''}`,
        '',
        `${await machineLine(BASE_URL)}. One API process on PostgreSQL (production mode), one client, ${REPS} requests per row after 5 warm-up. ` +
          `${N.toLocaleString('en')} records over two years (≈${Math.round((N / 730) * 30).toLocaleString('en')} a month), 200 doctors, 40 services; seeded in ${s.seconds.toFixed(0)} s. ` +
          `\`uptime\` before: \`${before}\`; after: \`${after}\`.`,
        '',
        ...table(['request', 'p50 ms', 'p95 ms', 'max ms', 'target p95', 'met', 'total'], rows),
        '',
        `- CSV export of every record: ${ex.rows.toLocaleString('en')} rows, ${(ex.bytes / 2 ** 20).toFixed(0)} MiB in ${ex.seconds.toFixed(1)} s = ${Math.round(ex.rows / ex.seconds).toLocaleString('en')} rows/s; server RSS ${(ex.rssBefore / 2 ** 20).toFixed(0)} MiB before, peak ${(ex.peak / 2 ** 20).toFixed(0)} MiB during (sampled every 50 ms); at 25/50/75/100 % of the rows ${ex.quarters.map((q) => (q / 2 ** 20).toFixed(0)).join(' / ')} MiB.`,
        `- A status change (PATCH) reaching ${CLIENTS} open billing streams, ${EVENTS} changes 250 ms apart: p50 ${ms(pct(f.lat, 50))} / p95 ${ms(pct(f.lat, 95))} / p99 ${ms(pct(f.lat, 99))} ms (target p95 ≤ 250), max ${ms(Math.max(...f.lat))} ms, ${f.missing} frames missing of ${CLIENTS * EVENTS}. Measured from before the PATCH to the frame at each client.`,
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
