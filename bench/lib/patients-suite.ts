import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/api/src/app';
import { installCapture, capture, savePlans } from './plans';
import { makeClient, medianOf, percentiles, runLoad, type LoadResult, type Percentiles } from './http-load';
import { machineFacts, type Facts, type Row } from './report';
import { buildScenarios, type Scenario } from './scenarios';
import { benchConfig, type Target } from './target';

/**
 * The patients API suite of bench/patients-api.ts, shared with bench/pglite-vs-pg.ts: starts the API in-process
 * on a loaded database, logs in, saves the plans of each scenario and measures every scenario at 1 and 20
 * clients, `runs` times; returns the medians of the runs.
 */
export interface SuiteOptions {
  target: Target;
  runs: number;
  /** Requests per scenario and run at 1 and at 20 clients (the cards: a quarter). */
  n1: number;
  n20: number;
  /** Only scenarios whose name includes this. */
  only?: string;
  /** Only the scenarios of these groups. */
  groups?: Scenario['group'][];
  /** Print the slowest path of each scenario at 1 client. */
  slowest?: boolean;
  /** Write the plans to bench/plans/<target>/ (false for dev runs with --no-results). */
  writePlans: boolean;
  /** Prefix of the log lines. */
  tag?: string;
}

export const SUITE_ADMIN = { email: 'bench@ips.local', password: 'Bench-clave-2026' };
const CONCURRENCY = [1, 20] as const;

export const fmt = (p: Percentiles) => `${p.p50.toFixed(1)} / ${p.p95.toFixed(1)} / ${p.p99.toFixed(1)}`;
const slug = (s: string) =>
  s
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

let captureInstalled = false;

export async function runPatientsSuite(
  o: SuiteOptions,
): Promise<{ facts: Facts; rows: Row[]; planDir: string }> {
  const tag = o.tag ?? '[bench]';
  if (!captureInstalled) {
    installCapture();
    captureInstalled = true;
  }
  const app = await buildApp(benchConfig(o.target, SUITE_ADMIN));
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SUITE_ADMIN),
    });
    if (login.status !== 200) throw new Error(`login → ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    const database = app.deps.database;
    const facts = await machineFacts(database, o.target);
    console.log(`${tag} ${facts.summary}`);
    const scenarios = (await buildScenarios(database)).filter(
      (s) => (!o.only || s.name.includes(o.only)) && (!o.groups || o.groups.includes(s.group)),
    );
    const planDir = `bench/plans/${o.target.kind}-${facts.rowsLabel}`;
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
        o.writePlans ? planDir : null,
        slug(s.name),
        `${s.name}: GET ${s.paths[0]}`,
        statements,
      );
      planNotes.set(s.name, notes.join('; '));
      console.log(`${tag} plan ${s.name}: ${notes.join('; ')}`);
    }

    // Runs, each with every scenario at both concurrencies; the medians of the runs are reported.
    const perRun = new Map<string, Percentiles[]>();
    const push = (key: string, r: LoadResult) =>
      perRun.set(key, [...(perRun.get(key) ?? []), percentiles(r)]);
    for (let run = 1; run <= o.runs; run++) {
      const pooled = new Map<string, LoadResult>();
      for (const s of scenarios) {
        for (const c of CONCURRENCY) {
          const n = Math.max(c * 2, Math.round((c === 1 ? o.n1 : o.n20) * (s.group === 'cards' ? 0.25 : 1)));
          const r = await runLoad(client, s.paths, n, c);
          push(`${s.name}@${c}`, r);
          const key = `${s.group} (all)@${c}`;
          const acc = pooled.get(key) ?? { samples: [], errors: 0, seconds: 0 };
          pooled.set(key, {
            samples: [...acc.samples, ...r.samples],
            errors: acc.errors + r.errors,
            seconds: acc.seconds + r.seconds,
          });
          if (r.errors) console.warn(`${tag} ${s.name} c=${c}: ${r.errors} errors`);
          console.log(`${tag} run ${run} ${s.name} c=${c}: ${fmt(percentiles(r))} ms`);
          if (o.slowest && c === 1)
            for (const [p, ms] of r.slowest ?? [])
              console.log(`${tag}   ${ms.toFixed(1).padStart(8)} ms ${p}`);
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
    return { facts, rows, planDir };
  } finally {
    await app.close();
  }
}
