/**
 * PGlite against PostgreSQL (issue 8, benchmark 7):
 *   1. the patients API suite of bench/patients-api.ts (lib/patients-suite.ts: the API in-process, real sockets,
 *      1 and 20 clients) on PostgreSQL and on PGlite loaded with the same generated patients (`--n`, default
 *      100,000), as ratios PGlite / PostgreSQL of p95 at 1 client and of throughput at 20 clients;
 *   2. the embedded default's ceiling: quick search and directory at 1 and 20 clients on PGlite at each of
 *      `--sizes` (default 100,000, 250,000, 500,000, 1,000,000); comfortable = quick search (all) and directory (all)
 *      p95 ≤ 100 ms at 1 client. Load time and disk size are reported per size.
 * Databases already loaded with the right count are reused (`--regenerate` loads them again).
 *
 *   npx tsx bench/pglite-vs-pg.ts [--n=100000] [--sizes=100000,250000,500000] [--runs=3] [--quick] [--skip-compare]
 *     [--url=postgres://postgres@127.0.0.1:5432/ips_bench_100k] [--no-results]
 */
import { spawnSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Percentiles } from './lib/http-load';
import { runPatientsSuite } from './lib/patients-suite';
import type { Row } from './lib/report';
import { machineLine, ms, report, stamp, table, uptime } from './lib/results';
import { parseArgs, type Target } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const quick = args.quick === 'true';
const N = Number(args.n ?? (quick ? 20_000 : 100_000));
const SIZES = quick ? [] : (args.sizes ?? '100000,250000,500000,1000000').split(',').map(Number);
const RUNS = Number(args.runs ?? (quick ? 1 : 3));
const N1 = Number(args.n1 ?? (quick ? 20 : 60));
const N20 = Number(args.n20 ?? (quick ? 60 : 200));
const COMFORT_P95 = 100;
const label = (n: number) => (n >= 1e6 ? `${n / 1e6}m` : `${Math.round(n / 1e3)}k`);
const PG_URL = args.url ?? `postgres://postgres@127.0.0.1:5432/ips_bench_${label(N)}`;
const pgliteDir = (n: number) => `data/bench-pglite-${label(n)}`;

async function countPatients(t: Target): Promise<number> {
  try {
    if (t.kind === 'postgres') {
      const c = new pg.Client({ connectionString: t.databaseUrl });
      await c.connect();
      try {
        return (await c.query<{ n: number }>('select count(*)::int as n from patients')).rows[0]!.n;
      } finally {
        await c.end();
      }
    }
    if (!existsSync(t.dataDir)) return -1;
    const db = await PGlite.create(t.dataDir);
    try {
      return (await db.query<{ n: number }>('select count(*)::int as n from patients')).rows[0]!.n;
    } finally {
      await db.close();
    }
  } catch {
    return -1;
  }
}

/** Loads `n` patients into the target unless it already holds exactly that many; returns the load seconds. */
async function ensureLoaded(t: Target, n: number): Promise<number | null> {
  if (args.regenerate !== 'true' && (await countPatients(t)) === n) {
    console.log(`[bench] ${t.where}: ${n.toLocaleString('en')} patients already loaded`);
    return null;
  }
  const t0 = performance.now();
  const flag = t.kind === 'postgres' ? `--url=${t.databaseUrl}` : `--pglite=${t.dataDir}`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/generate-patients.ts', `--n=${n}`, flag], {
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`generate-patients ${flag} failed`);
  return (performance.now() - t0) / 1000;
}

const pgTarget: Target = { kind: 'postgres', where: PG_URL, databaseUrl: PG_URL, dataDir: 'memory://' };
const liteTarget = (n: number): Target => ({ kind: 'pglite', where: pgliteDir(n), dataDir: pgliteDir(n) });
const du = (dir: string) => Number(execSync(`du -sb ${dir}`).toString().split('\t')[0]);
const f3 = (p: Percentiles) => `${ms(p.p50)} / ${ms(p.p95)} / ${ms(p.p99)}`;

async function main() {
  const before = uptime();
  console.log(`[bench] ${before}`);
  const suite = { runs: RUNS, n1: N1, n20: N20, writePlans: args['no-results'] !== 'true' };
  // --skip-compare: only the ceiling sizes (a dev run that probes one more size).
  const compareToo = args['skip-compare'] !== 'true';
  if (compareToo) await ensureLoaded(pgTarget, N);
  const liteLoad = compareToo ? await ensureLoaded(liteTarget(N), N) : null;
  const onPg = compareToo ? await runPatientsSuite({ ...suite, target: pgTarget, tag: '[bench pg]' }) : null;
  const onLite = compareToo
    ? await runPatientsSuite({ ...suite, target: liteTarget(N), tag: '[bench pglite]' })
    : null;
  const liteRow = new Map((onLite?.rows ?? []).map((r) => [r.name, r]));
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '–');
  const compare = (onPg?.rows ?? [])
    .filter((r) => liteRow.has(r.name))
    .map((p: Row) => {
      const l = liteRow.get(p.name)!;
      return [
        p.name,
        f3(p.c1),
        f3(l.c1),
        ratio(l.c1.p95, p.c1.p95),
        p.c20.rps.toFixed(0),
        l.c20.rps.toFixed(0),
        ratio(l.c20.rps, p.c20.rps),
      ];
    });

  // The ceiling of the embedded default.
  const ceiling: (string | number)[][] = [];
  let comfortable = 0;
  for (const n of SIZES) {
    const t = liteTarget(n);
    const loadS = await ensureLoaded(t, n);
    const r =
      n === N && onLite
        ? onLite
        : await runPatientsSuite({
            ...suite,
            target: t,
            tag: `[bench pglite ${label(n)}]`,
            groups: ['quick search', 'directory'],
          });
    const g = (name: string) => r.rows.find((x) => x.name === name)!;
    const qs = g('quick search (all)');
    const dir = g('directory (all)');
    const ok = qs.c1.p95 <= COMFORT_P95 && dir.c1.p95 <= COMFORT_P95;
    if (ok) comfortable = n;
    ceiling.push([
      n.toLocaleString('en'),
      f3(qs.c1),
      f3(dir.c1),
      `${ms(qs.c20.p95)} / ${ms(dir.c20.p95)}`,
      `${qs.c20.rps.toFixed(0)} / ${dir.c20.rps.toFixed(0)}`,
      `${(du(t.dataDir) / 2 ** 20).toFixed(0)} MiB`,
      loadS === null ? '(reused)' : `${loadS.toFixed(0)} s`,
      ok ? 'yes' : 'no',
    ]);
  }
  const after = uptime();
  const lines = [
    `## ${stamp()} UTC — PGlite against PostgreSQL (bench/pglite-vs-pg.ts)${quick ? ' (quick)' : ''}`,
    '',
    `${await machineLine(PG_URL, onLite?.facts.engine)}. The patients API suite of bench/patients-api.ts (API in-process, real sockets) on both engines with the same ` +
      `${N.toLocaleString('en')} generated patients; median of ${RUNS} run(s); latency at the HTTP client in ms. \`uptime\` before: \`${before}\`; after: \`${after}\`.`,
    '',
    ...table(
      [
        'scenario',
        'PostgreSQL 1 client p50 / p95 / p99',
        'PGlite 1 client',
        'p95 ratio PGlite / PG',
        'PG req/s at 20',
        'PGlite req/s at 20',
        'throughput ratio PGlite / PG',
      ],
      compare,
    ),
    '',
    `PGlite load of ${N.toLocaleString('en')} patients: ${liteLoad === null ? 'reused' : `${liteLoad.toFixed(0)} s`}.`,
  ];
  if (SIZES.length)
    lines.push(
      '',
      `The embedded default (PGlite) by size: quick search and directory, ${RUNS} run(s). Comfortable = both p95 ≤ ${COMFORT_P95} ms at 1 client.`,
      '',
      ...table(
        [
          'patients',
          'quick search 1 client',
          'directory 1 client',
          'p95 at 20 clients (quick / directory)',
          'req/s at 20 (quick / directory)',
          'disk',
          'load',
          'comfortable',
        ],
        ceiling,
      ),
      '',
      comfortable
        ? `- Largest size measured that PGlite handles comfortably: **${comfortable.toLocaleString('en')} patients**.`
        : `- No measured size met the comfort goal on PGlite.`,
    );
  report(lines, args);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
