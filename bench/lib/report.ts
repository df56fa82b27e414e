import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { Database } from '../../apps/api/src/db/client';
import type { Percentiles } from './http-load';
import type { Target } from './target';

export interface Row {
  name: string;
  c1: Percentiles;
  c20: Percentiles;
  plan: string;
}

export interface Facts {
  date: string;
  summary: string;
  rowsLabel: string;
  rows: number;
  engine: string;
}

/** Cores, memory, load, Node and database versions, and the size of the table measured. */
export async function machineFacts(database: Database, t: Target): Promise<Facts> {
  const [v] = await database.query<{ version: string }>('select version()');
  const [n] = await database.query<{ n: number }>('select count(*)::int as n from patients');
  const rows = n?.n ?? 0;
  const engine = `${t.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${/PostgreSQL ([\d.]+)/.exec(v?.version ?? '')?.[1] ?? '?'}`;
  const cpu = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const summary =
    `${engine}, ${rows.toLocaleString('en')} patients; ${cpu.length} × ${cpu[0]?.model.trim() ?? 'cpu'}, ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${load}`;
  const rowsLabel = rows >= 1_000_000 ? `${Math.round(rows / 1e6)}m` : `${Math.round(rows / 1e3)}k`;
  return { date: new Date().toISOString().slice(0, 16).replace('T', ' '), summary, rowsLabel, rows, engine };
}

const GOALS: Record<string, { group: string; p95: number }[]> = {
  PostgreSQL: [
    { group: 'quick search (all)', p95: 20 },
    { group: 'directory (all)', p95: 50 },
  ],
  PGlite: [{ group: 'quick search (all)', p95: 100 }],
};

export function appendResults(
  file: string,
  r: { facts: Facts; rows: Row[]; runs: number; quick: boolean; label?: string; planDir: string },
) {
  if (!existsSync(file))
    writeFileSync(file, '# Patients API benchmark results\n\nAppended by `bench/patients-api.ts`.\n');
  const f = (p: Percentiles) => `${p.p50.toFixed(1)} / ${p.p95.toFixed(1)} / ${p.p99.toFixed(1)}`;
  const lines = [
    '',
    `## ${r.facts.date} UTC — ${r.facts.engine}, ${r.facts.rows.toLocaleString('en')} patients${r.label ? ` — ${r.label}` : ''}`,
    '',
    `${r.facts.summary}. Median of ${r.runs} run(s)${r.quick ? ' (quick mode)' : ''}; latency at the HTTP client in ms, p50 / p95 / p99. Plans: \`${r.planDir}/\`.`,
    '',
    '| scenario | 1 client | 20 clients | req/s at 20 | server time of the plan (EXPLAIN ANALYZE) |',
    '| --- | --- | --- | --- | --- |',
    ...r.rows.map((x) => `| ${x.name} | ${f(x.c1)} | ${f(x.c20)} | ${x.c20.rps.toFixed(0)} | ${x.plan} |`),
    '',
  ];
  const goals = GOALS[r.facts.engine.split(' ')[0]!] ?? [];
  for (const g of goals) {
    const row = r.rows.find((x) => x.name === g.group);
    if (!row) continue;
    const verdict = row.c1.p95 <= g.p95 ? 'met' : 'missed';
    lines.push(
      `- Goal ${g.group} p95 ≤ ${g.p95} ms at 1 client: ${row.c1.p95.toFixed(1)} ms — **${verdict}**`,
    );
  }
  appendFileSync(file, `${lines.join('\n')}\n`);
}
