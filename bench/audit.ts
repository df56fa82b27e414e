/**
 * The audit viewer (decision 029) at 10,000,000 audit_log rows on PostgreSQL: a scratch database next to --url
 * is migrated by the API itself, filled by COPY with two years of changes (a realistic mix of tables, actions
 * and 60 users, weekdays busier than weekends, a working-hours curve within each day), then measured through
 * HTTP at 1 client:
 *   - a filtered page (table + record, one user, action + a week, no filter) — goal p95 ≤ 50 ms;
 *   - the 30-day summary (GET /api/audit/summary) — goal p95 ≤ 200 ms; its first (cold) call fills the rollup
 *     and is reported apart;
 *   - the CSV export of 1,000,000 rows: rows/s and the server's peak RSS, sampled every 50 ms, against its RSS
 *     before the export (flat memory: the peak must not grow with the rows).
 * The indexes of migration 0020 are dropped for the load and built again after it (as a restore would), so the
 * measured database has exactly the migration's indexes. The scratch database is dropped at the end.
 *
 *   npx tsx bench/audit.ts [--url=postgres://postgres@127.0.0.1:5432/postgres] [--rows=10000000]
 *     [--n=100] [--runs=3] [--export=1000000] [--no-results]
 */
import pg from 'pg';
import { localDate } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { login, scratchDatabase, startApi } from './lib/api-process';
import { makeClient, medianOf, percentiles, runLoad } from './lib/http-load';
import { copyIntoPostgres } from './lib/pg-copy';
import { machineLine, ms, report, stamp, table, uptime } from './lib/results';
import { parseArgs } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const BASE = args.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(args.rows ?? 10_000_000);
const N = Number(args.n ?? 100);
const RUNS = Number(args.runs ?? 3);
const EXPORT_ROWS = Number(args.export ?? 1_000_000);
const DAYS = 730;
const USERS = 60;
const TZ = 'America/Bogota';
const GOAL_PAGE = 50;
const GOAL_SUMMARY = 200;

/** Tables with their share of the changes, their record id range and their actions (with weights). */
const TABLES: { name: string; w: number; records: number; actions: [string, number][] }[] = [
  {
    name: 'appointments',
    w: 34,
    records: 3_000_000,
    actions: [
      ['create', 50],
      ['update', 15],
      ['cancel', 15],
      ['status', 12],
      ['reschedule', 6],
      ['delete', 2],
    ],
  },
  {
    name: 'queue_entries',
    w: 14,
    records: 1_200_000,
    actions: [
      ['enqueue', 40],
      ['assign', 25],
      ['scheduled', 25],
      ['remove', 10],
    ],
  },
  {
    name: 'patients',
    w: 14,
    records: 1_000_000,
    actions: [
      ['create', 30],
      ['update', 60],
      ['delete', 10],
    ],
  },
  {
    name: 'availabilities',
    w: 12,
    records: 200_000,
    actions: [
      ['create', 30],
      ['update', 35],
      ['sync_slots', 20],
      ['cancel', 10],
      ['delete', 5],
    ],
  },
  {
    name: 'call_logs',
    w: 10,
    records: 2_000_000,
    actions: [
      ['create', 85],
      ['update', 15],
    ],
  },
  {
    name: 'transfers',
    w: 4,
    records: 300_000,
    actions: [
      ['create', 50],
      ['accept', 30],
      ['reject', 10],
      ['complete', 10],
    ],
  },
  { name: 'sessions', w: 3, records: 500_000, actions: [['revoke', 100]] },
  {
    name: 'pregnancies',
    w: 2,
    records: 50_000,
    actions: [
      ['create', 40],
      ['update', 60],
    ],
  },
  {
    name: 'prenatal_controls',
    w: 2,
    records: 300_000,
    actions: [
      ['create', 70],
      ['update', 30],
    ],
  },
  {
    name: 'eps_authorizations',
    w: 2,
    records: 100_000,
    actions: [
      ['create', 60],
      ['update', 40],
    ],
  },
  {
    name: 'users',
    w: 1,
    records: USERS,
    actions: [
      ['create', 10],
      ['update', 70],
      ['unlock', 20],
    ],
  },
  {
    name: 'doctors',
    w: 0.5,
    records: 300,
    actions: [
      ['create', 20],
      ['update', 80],
    ],
  },
  {
    name: 'services',
    w: 0.5,
    records: 500,
    actions: [
      ['create', 20],
      ['update', 70],
      ['delete', 10],
    ],
  },
  {
    name: 'cups',
    w: 0.5,
    records: 10_000,
    actions: [
      ['create', 60],
      ['update', 40],
    ],
  },
  { name: 'settings', w: 0.3, records: 40, actions: [['update', 100]] },
  {
    name: 'holidays',
    w: 0.2,
    records: 40,
    actions: [
      ['create', 80],
      ['delete', 20],
    ],
  },
];
const STATUSES = ['Pendiente', 'Confirmada', 'Completada', 'Cancelada'];

/** A deterministic pseudo-random number in [0, 1) (mulberry32): the same data on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
function weighted<T>(r: number, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = r * total;
  for (const [v, w] of items) if ((x -= w) < 0) return v;
  return items[items.length - 1]![0];
}
/** Local hour of a change: 7–19 mostly, peaks at 9 and 15, a few at night (the jobs). */
const HOURS: [number, number][] = Array.from({ length: 24 }, (_, h) => [
  h,
  h < 6 || h > 20
    ? 0.3
    : h < 7 || h > 19
      ? 2
      : 8 + 6 * Math.exp(-((h - 9) ** 2) / 4) + 5 * Math.exp(-((h - 15) ** 2) / 4),
]);

const startedAt = Date.now();
/** COPY text of ROWS changes over the last DAYS local days, oldest first (Bogotá is UTC−5 all year). */
async function* copyChunks(todayUtcMidnight: number): AsyncGenerator<string> {
  const rand = rng(2026);
  const weights = Array.from({ length: DAYS }, (_, d) => {
    const dow = new Date(todayUtcMidnight - (DAYS - 1 - d) * 86_400_000).getUTCDay();
    return (dow === 0 ? 0.15 : dow === 6 ? 0.45 : 1) * (0.7 + (0.6 * d) / DAYS); // and a slow growth
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  const tables = TABLES.map((t) => [t, t.w] as const);
  let written = 0;
  let chunk = '';
  for (let d = 0; d < DAYS; d++) {
    const target =
      d === DAYS - 1 ? ROWS : Math.round((ROWS * weights.slice(0, d + 1).reduce((a, b) => a + b, 0)) / sum);
    const dayStart = todayUtcMidnight - (DAYS - 1 - d) * 86_400_000 + 5 * 3_600_000;
    for (; written < target; written++) {
      const t = weighted(rand(), tables);
      const action = weighted(rand(), t.actions);
      const record = 1 + Math.floor(rand() * t.records);
      const user = rand() < 0.05 ? '\\N' : String(1 + Math.floor(rand() ** 1.6 * USERS));
      let at = dayStart + (weighted(rand(), HOURS) + rand()) * 3_600_000;
      // Nothing in the future: today's share falls in the hours already gone.
      if (at > startedAt) at = dayStart + rand() * (startedAt - dayStart);
      const status = STATUSES[Math.floor(rand() * 4)]!;
      const old =
        action === 'create' || action === 'enqueue'
          ? '\\N'
          : `{"status": "${STATUSES[Math.floor(rand() * 4)]}", "updated_by": ${user === '\\N' ? 'null' : user}}`;
      const nu =
        action === 'delete'
          ? '\\N'
          : `{"id": ${record}, "status": "${status}", "notes": "cambio ${written}"}`;
      chunk += `${t.name}\t${record}\t${action}\t${old}\t${nu}\t${user}\t${new Date(at).toISOString()}\n`;
      if (chunk.length > 1 << 20) {
        yield chunk;
        chunk = '';
      }
    }
  }
  if (chunk) yield chunk;
}

const before = uptime();
const db = await scratchDatabase(BASE, 'ips_bench_audit');
const api = await startApi({ DATABASE_URL: db.url, ORG_TIMEZONE: TZ });
try {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  // The bench admin's first sign-in wrote nothing to audit_log; whatever the start wrote goes, so the mix is ours.
  await c.query('delete from audit_log');
  // Users 1..USERS exist (the bench admin is one of them), so the names' joins find them.
  await c.query(
    `insert into users (name, email, role, password_hash)
     select 'Usuario ' || i, 'usuario' || i || '@bench.ips.co', (array['agent','reception','supervisor','doctor'])[1 + i % 4], 'x'
       from generate_series((select count(*) + 1 from users), ${USERS}) i`,
  );
  const indexes = (
    await c.query<{ indexdef: string; indexname: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'audit_log' and indexname <> 'audit_log_pkey'`,
    )
  ).rows;
  for (const i of indexes) await c.query(`drop index ${i.indexname}`);
  const t0 = performance.now();
  const today = localDate(new Date(), TZ);
  await copyIntoPostgres(
    c,
    'copy audit_log (table_name, record_id, action, old_values, new_values, user_id, created_at) from stdin',
    copyChunks(Date.parse(`${today}T00:00:00Z`)),
  );
  const copySeconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  await c.query("set maintenance_work_mem = '512MB'");
  for (const i of indexes) await c.query(i.indexdef);
  await c.query('vacuum analyze audit_log');
  const indexSeconds = (performance.now() - t1) / 1000;
  const size = (
    await c.query<{ s: string }>(`select pg_size_pretty(pg_total_relation_size('audit_log')) as s`)
  ).rows[0]!.s;

  const token = await login(api.base);
  const client = makeClient(api.base, token, 1);
  const rand = rng(7);
  const pickTable = () =>
    weighted(
      rand(),
      TABLES.map((t) => [t, t.w] as const),
    );
  const weekAgo = (k: number) => addDays(today, -7 * (1 + (k % 100)));
  const scenarios: { name: string; paths: string[]; goal: number }[] = [
    {
      name: 'one record (table + record id)',
      goal: GOAL_PAGE,
      paths: Array.from({ length: N }, () => {
        const t = pickTable();
        return `/api/audit?table_name=${t.name}&record_id=${1 + Math.floor(rand() * t.records)}`;
      }),
    },
    {
      name: 'one user, first page',
      goal: GOAL_PAGE,
      paths: Array.from({ length: N }, (_, k) => `/api/audit?user_id=${1 + (k % USERS)}`),
    },
    {
      name: 'one action, one week',
      goal: GOAL_PAGE,
      paths: Array.from({ length: N }, (_, k) => {
        const action = ['cancel', 'update', 'create', 'reschedule', 'unlock'][k % 5];
        return `/api/audit?action=${action}&from=${weekAgo(k)}&to=${addDays(weekAgo(k), 6)}`;
      }),
    },
    {
      name: 'one table, page 10',
      goal: GOAL_PAGE,
      paths: Array.from(
        { length: N },
        (_, k) => `/api/audit?table_name=${TABLES[k % TABLES.length]!.name}&page=10`,
      ),
    },
    { name: 'no filter, first page', goal: GOAL_PAGE, paths: ['/api/audit'] },
  ];
  const rows: (string | number)[][] = [];
  const missed: string[] = [];
  const measure = async (name: string, paths: string[], goal: number, informative = false) => {
    const runs = [];
    for (let r = 0; r < RUNS; r++) {
      const res = await runLoad(client, paths, N, 1);
      if (res.errors) throw new Error(`${name}: ${res.errors} errors`);
      runs.push(percentiles(res));
    }
    const p = medianOf(runs);
    const met = p.p95 <= goal;
    if (!met && !informative) missed.push(`${name} (${ms(p.p95)} ms)`);
    const verdict = informative
      ? met
        ? 'within (informative)'
        : 'over (informative)'
      : met
        ? 'met'
        : '**missed**';
    rows.push([name, `${ms(p.p50)} / ${ms(p.p95)} / ${ms(p.p99)}`, `p95 ≤ ${goal} ms: ${verdict}`]);
  };
  for (const s of scenarios) await measure(s.name, s.paths, s.goal);

  // The summary: the first call fills the rollup for the closed days of the window.
  const cold = async (path: string) => {
    const t = performance.now();
    const [status] = await client.get(path);
    if (status !== 200) throw new Error(`${path} → ${status}`);
    return performance.now() - t;
  };
  const cold30 = await cold('/api/audit/summary?days=30');
  await measure('summary, 30 days (rollup filled)', ['/api/audit/summary?days=30'], GOAL_SUMMARY);
  const cold365 = await cold('/api/audit/summary?days=365');
  await measure('summary, 365 days', ['/api/audit/summary?days=365'], GOAL_SUMMARY, true);
  client.close();

  // The export: a period holding EXPORT_ROWS rows, counted back from today.
  const { rows: fromRows } = await c.query<{ day: string }>(
    `select (created_at at time zone '${TZ}')::date::text as day from audit_log
      order by created_at desc, id desc offset $1 limit 1`,
    [EXPORT_ROWS - 1],
  );
  const exportFrom = fromRows[0]?.day ?? addDays(today, -DAYS);
  const expected = Number(
    (
      await c.query<{ n: string }>(
        `select count(*) as n from audit_log where created_at >= ($1::date::timestamp at time zone '${TZ}')`,
        [exportFrom],
      )
    ).rows[0]!.n,
  );
  await c.end();
  const rssBefore = api.rss();
  let peak = rssBefore;
  const samples: number[] = [];
  const timer = setInterval(() => {
    const r = api.rss();
    samples.push(r);
    peak = Math.max(peak, r);
  }, 50);
  const te = performance.now();
  const res = await fetch(`${api.base}/api/audit/export.csv?from=${exportFrom}&token=${token}`);
  if (res.status !== 200) throw new Error(`export → ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const part of res.body!) {
    const buf = part as Uint8Array;
    bytes += buf.length;
    for (let i = 0; i < buf.length; i++) if (buf[i] === 10) lines++;
  }
  const exportSeconds = (performance.now() - te) / 1000;
  clearInterval(timer);
  const exported = lines - 1;
  if (exported !== expected) throw new Error(`export: ${exported} rows, expected ${expected}`);
  const mib = (b: number) => (b / 2 ** 20).toFixed(0);
  const q = (p: number) => samples.slice(Math.floor(samples.length * p)).reduce((m, x) => Math.max(m, x), 0);
  const at = (p: number) => mib(samples[Math.min(samples.length - 1, Math.floor(samples.length * p))] ?? 0);

  report(
    [
      `## Audit viewer at ${ROWS.toLocaleString('en-US')} audit rows (${stamp()} UTC, bench/audit.ts)`,
      '',
      `${await machineLine(db.url)}. API in its own process, an administrator's token, 1 client. audit_log filled by COPY with ${ROWS.toLocaleString('en-US')} changes over ${DAYS} days (${TABLES.length} tables, ${USERS} users, 5 % without a user; weekdays busier, a working-hours curve) in ${copySeconds.toFixed(0)} s, the migration's indexes built after in ${indexSeconds.toFixed(0)} s; table and indexes ${size}. Median of ${RUNS} run(s) of ${N} requests, each a different record, user, week or table; latency at the HTTP client in ms, p50 / p95 / p99. \`uptime\` before: \`${before}\`; after: \`${uptime()}\`.`,
      '',
      ...table(['request', '1 client', 'goal'], rows),
      '',
      `- Summary cold calls (they count the closed days of the window into audit_daily_counts and today's closed hours into audit_hourly_counts, once): 30 days ${ms(cold30)} ms, then 365 days ${ms(cold365)} ms.`,
      `- CSV export of ${exported.toLocaleString('en-US')} rows (from ${exportFrom}): ${mib(bytes)} MiB in ${exportSeconds.toFixed(1)} s, ${Math.round(exported / exportSeconds).toLocaleString('en-US')} rows/s. Server RSS ${mib(rssBefore)} MiB before, peak ${mib(peak)} MiB; peak over the last half of the export ${mib(q(0.5))} MiB, over the last tenth ${mib(q(0.9))} MiB; at 25 / 50 / 75 / 100 % of the time ${at(0.25)} / ${at(0.5)} / ${at(0.75)} / ${at(1)} MiB.`,
      missed.length
        ? `- Goals (page p95 ≤ ${GOAL_PAGE} ms, 30-day summary p95 ≤ ${GOAL_SUMMARY} ms): **missed** by ${missed.join('; ')}.`
        : `- Goals (page p95 ≤ ${GOAL_PAGE} ms, 30-day summary p95 ≤ ${GOAL_SUMMARY} ms): met by every request.`,
    ],
    args,
  );
} finally {
  await api.stop();
  await db.drop();
}
