import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../apps/api/src/db/client';

/**
 * Records the SQL that one HTTP request really sends, at the driver (pg's Client.query, PGlite's query), then
 * runs EXPLAIN (ANALYZE, BUFFERS) on each statement with the same parameters. Recording at the driver rather
 * than rebuilding the queries here means the saved plans cannot drift from what the API does.
 */
interface Captured {
  text: string;
  values: unknown[];
}

let recording: Captured[] | null = null;

function hook(proto: { query: (...a: unknown[]) => unknown }) {
  const original = proto.query;
  proto.query = function (this: unknown, ...a: unknown[]) {
    const [first, second] = a;
    if (recording) {
      if (typeof first === 'string') recording.push({ text: first, values: (second as unknown[]) ?? [] });
      else if (first && typeof first === 'object' && 'text' in first) {
        const cfg = first as { text: string; values?: unknown[] };
        recording.push({ text: cfg.text, values: (second as unknown[]) ?? cfg.values ?? [] });
      }
    }
    return original.apply(this, a);
  };
}

/** Where PGlite defines query() (a base class), so the hook sees every instance. */
function pgliteQueryOwner(): { query: (...a: unknown[]) => unknown } {
  let p: object | null = PGlite.prototype;
  while (p && !Object.prototype.hasOwnProperty.call(p, 'query')) p = Object.getPrototypeOf(p);
  return p as { query: (...a: unknown[]) => unknown };
}

export function installCapture() {
  hook(pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown });
  hook(pgliteQueryOwner());
}

/** Statements that read patients: what capture() keeps by default (the session check is left out). */
export const ON_PATIENTS = /\bfrom "?patient(s|_counts)"?\b/i;

/** The statements sent while `fn` runs that match `keep` (default: those on patients). */
export async function capture(fn: () => Promise<unknown>, keep: RegExp = ON_PATIENTS): Promise<Captured[]> {
  recording = [];
  try {
    await fn();
    return recording.filter((q) => keep.test(q.text));
  } finally {
    recording = null;
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement, written to bench/plans/<file>.txt. */
export async function savePlans(
  database: Database,
  /** null: explain only, write nothing (dev runs with --no-results). */
  dir: string | null,
  file: string,
  title: string,
  statements: Captured[],
): Promise<string[]> {
  if (dir) mkdirSync(dir, { recursive: true });
  const out: string[] = [`# ${title}`, ''];
  const summaries: string[] = [];
  for (const [k, st] of statements.entries()) {
    const rows = await database.query<Record<string, string>>(
      `explain (analyze, buffers) ${st.text}`,
      st.values.map((v) => (v instanceof Date ? v.toISOString() : v)),
    );
    const plan = rows.map((r) => Object.values(r)[0]).join('\n');
    out.push(`## statement ${k + 1}`, '', st.text, '', `params: ${JSON.stringify(st.values)}`, '', plan, '');
    const seq = /Seq Scan on patients/.test(plan) ? ' SEQ SCAN ON PATIENTS' : '';
    const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
    summaries.push(`${time ?? '?'} ms${seq}`);
  }
  if (dir) writeFileSync(join(dir, `${file}.txt`), out.join('\n'));
  return summaries;
}
