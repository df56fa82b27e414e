/**
 * The patient access log's administrator query (decision 020) at 5,000,000 rows on PostgreSQL: a scratch
 * database next to --url is migrated by the API itself, filled with one year of reads (200,000 patients, 50
 * users, spread evenly over the last 365 days; no patient rows, so the names' left joins find nothing), then
 * GET /api/patient-access-log is measured through HTTP at 1 client for each filter the screen offers. Goal:
 * the filtered page p95 ≤ 100 ms at 1 client. The scratch database is dropped at the end.
 *
 *   npx tsx bench/access-log.ts [--url=postgres://postgres@127.0.0.1:5432/postgres] [--rows=5000000]
 *     [--n=100] [--runs=3] [--no-results]
 */
import pg from 'pg';
import { localDate } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { login, scratchDatabase, startApi } from './lib/api-process';
import { makeClient, medianOf, percentiles, runLoad } from './lib/http-load';
import { machineLine, ms, report, stamp, table, uptime } from './lib/results';
import { parseArgs } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const BASE = args.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(args.rows ?? 5_000_000);
const N = Number(args.n ?? 100);
const RUNS = Number(args.runs ?? 3);
const PATIENTS = 200_000;
const USERS = 50;
const GOAL_P95 = 100;
const TZ = 'America/Bogota';

const before = uptime();
const db = await scratchDatabase(BASE, 'ips_bench_access');
const api = await startApi({ DATABASE_URL: db.url, ORG_TIMEZONE: TZ });
try {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  const t0 = performance.now();
  // One statement per million rows keeps each transaction (and its WAL) bounded.
  for (let from = 0; from < ROWS; from += 1_000_000) {
    const to = Math.min(ROWS, from + 1_000_000);
    await c.query(
      `insert into patient_access_log (patient_id, user_id, action, ip, request_id, at)
       select 1 + (i * 7919) % $1, 1 + (i * 31) % $2,
              (array['GET /api/patients/:id','GET /api/appointments','GET /api/pregnancies/patient/:id/history'])[1 + i % 3],
              '10.0.' || (i % 250) || '.' || (i % 200), md5(i::text),
              now() - make_interval(secs => (i::double precision / $3) * 365 * 86400)
       from generate_series($4::bigint, $5::bigint) as i`,
      [PATIENTS, USERS, ROWS, from + 1, to],
    );
  }
  await c.query('vacuum analyze patient_access_log');
  const fillSeconds = (performance.now() - t0) / 1000;
  const size = (
    await c.query<{ s: string }>(`select pg_size_pretty(pg_total_relation_size('patient_access_log')) as s`)
  ).rows[0]!.s;
  await c.end();

  const token = await login(api.base);
  const client = makeClient(api.base, token, 1);
  const today = localDate(new Date(), TZ);
  const pick = (k: number, n: number) => 1 + ((k * 104_729) % n);
  const scenarios: { name: string; paths: string[] }[] = [
    {
      name: 'one patient (about 25 reads)',
      paths: Array.from({ length: N }, (_, k) => `/api/patient-access-log?patient_id=${pick(k, PATIENTS)}`),
    },
    {
      name: 'one patient, last 30 days',
      paths: Array.from(
        { length: N },
        (_, k) => `/api/patient-access-log?patient_id=${pick(k, PATIENTS)}&from=${addDays(today, -30)}`,
      ),
    },
    {
      name: 'one user, one week',
      paths: Array.from({ length: N }, (_, k) => {
        const day = addDays(today, -7 * (1 + (k % 50)));
        return `/api/patient-access-log?user_id=${pick(k, USERS)}&from=${day}&to=${addDays(day, 6)}`;
      }),
    },
    {
      name: 'one user, page 20 of the last 30 days',
      paths: Array.from(
        { length: N },
        (_, k) =>
          `/api/patient-access-log?user_id=${pick(k, USERS)}&from=${addDays(today, -30)}&page=20&limit=50`,
      ),
    },
    {
      name: 'one day, everyone',
      paths: Array.from(
        { length: N },
        (_, k) =>
          `/api/patient-access-log?from=${addDays(today, -(1 + (k % 300)))}&to=${addDays(today, -(1 + (k % 300)))}`,
      ),
    },
    {
      name: 'no filter (informative: counts every row)',
      paths: ['/api/patient-access-log'],
    },
  ];
  const rows: (string | number)[][] = [];
  const missed: string[] = [];
  for (const s of scenarios) {
    const informative = s.name.includes('informative');
    const total = informative ? 10 : N;
    const runs = [];
    for (let r = 0; r < RUNS; r++) {
      const res = await runLoad(client, s.paths, total, 1);
      if (res.errors) throw new Error(`${s.name}: ${res.errors} errors`);
      runs.push(percentiles(res));
    }
    const p = medianOf(runs);
    const met = p.p95 <= GOAL_P95;
    if (!met && !informative) missed.push(`${s.name} (${ms(p.p95)} ms)`);
    rows.push([
      s.name,
      `${ms(p.p50)} / ${ms(p.p95)} / ${ms(p.p99)}`,
      informative ? (met ? '(informative: within)' : '(informative: over)') : met ? 'met' : '**missed**',
    ]);
  }
  client.close();
  report(
    [
      `## Patient access log: the administrator's query at ${ROWS.toLocaleString('en-US')} rows (${stamp()} UTC, bench/access-log.ts)`,
      '',
      `${await machineLine(db.url)}. API in its own process, the admin's token. patient_access_log filled with ${ROWS.toLocaleString('en-US')} reads (${PATIENTS.toLocaleString('en-US')} patients, ${USERS} users, one year) in ${fillSeconds.toFixed(0)} s; table and indexes ${size}. Median of ${RUNS} run(s) of ${N} requests at 1 client (10 for the informative row), each a different patient, user or day; latency at the HTTP client in ms, p50 / p95 / p99. \`uptime\` before: \`${before}\`; after: \`${uptime()}\`.`,
      '',
      ...table(['filter', '1 client', 'p95 ≤ 100 ms'], rows),
      '',
      missed.length
        ? `- Goal: filtered page p95 ≤ 100 ms at 1 client: **missed** by ${missed.join('; ')}.`
        : '- Goal: filtered page p95 ≤ 100 ms at 1 client: met by every filter.',
    ],
    args,
  );
} finally {
  await api.stop();
  await db.drop();
}
