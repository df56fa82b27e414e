/**
 * Patients API benchmark: starts the API in-process on a loaded database, logs in, and measures quick search,
 * the directory page with its counts and the cards at the HTTP level (real sockets) at 1 and 20 clients.
 * Saves EXPLAIN (ANALYZE, BUFFERS) of the SQL behind each scenario to bench/plans/<target>/ and appends the
 * figures to bench/RESULTS.md.
 *
 *   npx tsx bench/patients-api.ts [--url=postgres://…/ips_bench | --pglite=data/bench-pglite]
 *     [--quick] [--runs=3] [--label=text] [--only=quick] [--no-results]
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/api/src/app';
import { installCapture, capture, savePlans } from './lib/plans';
import {
  makeClient,
  medianOf,
  percentiles,
  runLoad,
  type LoadResult,
  type Percentiles,
} from './lib/http-load';
import { appendResults, machineFacts, type Row } from './lib/report';
import { buildScenarios, type Scenario } from './lib/scenarios';
import { benchConfig, parseArgs, targetFrom } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const quick = args.quick === 'true';
const RUNS = Number(args.runs ?? (quick ? 1 : 3));
/** Requests per scenario and run, at 1 and at 20 clients; the cards load once per visit, so fewer. */
const N1 = Number(args.n1 ?? (quick ? 20 : 60));
const N20 = Number(args.n20 ?? (quick ? 60 : 200));
const CONCURRENCY = [1, 20] as const;
const ADMIN = { email: 'bench@ips.local', password: 'Bench-clave-2026' };
const target = targetFrom(args);

const fmt = (p: Percentiles) => `${p.p50.toFixed(1)} / ${p.p95.toFixed(1)} / ${p.p99.toFixed(1)}`;
const slug = (s: string) =>
  s
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

async function main() {
  installCapture();
  const app = await buildApp(benchConfig(target, ADMIN));
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (login.status !== 200) throw new Error(`login → ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    const database = app.deps.database;
    const facts = await machineFacts(database, target);
    console.log(`[bench] ${facts.summary}`);
    const scenarios = (await buildScenarios(database)).filter(
      (s) => !args.only || s.name.includes(args.only),
    );
    const planDir = `bench/plans/${target.kind}-${facts.rowsLabel}`;
    const client = makeClient(base, token, 20);

    // Warm-up (every path once, each must answer 200) and the plans of the first path of each scenario.
    const planNotes = new Map<string, string>();
    for (const s of scenarios) {
      for (const p of s.paths) {
        const [status, , body] = await client.get(p);
        if (status !== 200) throw new Error(`${p} → ${status} ${body.slice(0, 200)}`);
      }
      const statements = await capture(() => client.get(s.paths[0]!));
      const notes = await savePlans(
        database,
        planDir,
        slug(s.name),
        `${s.name}: GET ${s.paths[0]}`,
        statements,
      );
      planNotes.set(s.name, notes.join('; '));
      console.log(`[bench] plan ${s.name}: ${notes.join('; ')}`);
    }

    // Runs, each with every scenario at both concurrencies; the medians of the runs are reported.
    const perRun = new Map<string, Percentiles[]>();
    const push = (key: string, r: LoadResult) =>
      perRun.set(key, [...(perRun.get(key) ?? []), percentiles(r)]);
    for (let run = 1; run <= RUNS; run++) {
      const pooled = new Map<string, LoadResult>();
      for (const s of scenarios) {
        for (const c of CONCURRENCY) {
          const n = Math.max(c * 2, Math.round((c === 1 ? N1 : N20) * (s.group === 'cards' ? 0.25 : 1)));
          const r = await runLoad(client, s.paths, n, c);
          push(`${s.name}@${c}`, r);
          const key = `${s.group} (all)@${c}`;
          const acc = pooled.get(key) ?? { samples: [], errors: 0, seconds: 0 };
          pooled.set(key, {
            samples: [...acc.samples, ...r.samples],
            errors: acc.errors + r.errors,
            seconds: acc.seconds + r.seconds,
          });
          if (r.errors) console.warn(`[bench] ${s.name} c=${c}: ${r.errors} errors`);
          console.log(`[bench] run ${run} ${s.name} c=${c}: ${fmt(percentiles(r))} ms`);
          if (args.slowest && c === 1)
            for (const [p, ms] of r.slowest ?? [])
              console.log(`[bench]   ${ms.toFixed(1).padStart(8)} ms ${p}`);
        }
      }
      for (const [key, r] of pooled) push(key, r);
    }
    client.close();

    const groups = [...new Set(scenarios.map((s) => `${s.group} (all)`))];
    const rows: Row[] = [...scenarios.map((s: Scenario) => s.name), ...groups].map((name) => ({
      name,
      c1: medianOf(perRun.get(`${name}@1`)!),
      c20: medianOf(perRun.get(`${name}@20`)!),
      plan: planNotes.get(name) ?? '',
    }));
    for (const r of rows) console.log(`${r.name.padEnd(40)} c=1 ${fmt(r.c1)}  c=20 ${fmt(r.c20)}`);
    if (args['no-results'] !== 'true')
      appendResults('bench/RESULTS.md', { facts, rows, runs: RUNS, quick, label: args.label, planDir });
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
