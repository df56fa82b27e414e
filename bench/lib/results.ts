import { execSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';

/** `uptime` as printed (its load averages say how noisy a run was on this shared machine). */
export const uptime = () => execSync('uptime').toString().trim();

export const load1 = () => os.loadavg()[0]!;

/** Cores, memory, Node and the PostgreSQL server version (PGlite's is its own), for the results header. */
export async function machineLine(pgUrl?: string, extra?: string): Promise<string> {
  let server = '';
  if (pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    const { rows } = await c.query<{ server_version: string }>('show server_version');
    await c.end();
    server = `, PostgreSQL ${rows[0]?.server_version.split(' ')[0] ?? '?'}`;
  }
  const cpu = os.cpus();
  return (
    `${cpu.length} × ${cpu[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
    `Node ${process.version}${server}${extra ? `, ${extra}` : ''}`
  );
}

export const stamp = () => new Date().toISOString().slice(0, 16).replace('T', ' ');

/** A Markdown table. */
export function table(head: string[], rows: (string | number)[][]): string[] {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
}

/** Prints a section and appends it to bench/RESULTS.md unless `--no-results`. */
export function report(lines: string[], args: Record<string, string>) {
  const text = `\n${lines.join('\n')}\n`;
  console.log(text);
  if (args['no-results'] === 'true') console.log('[bench] --no-results: bench/RESULTS.md left unchanged');
  else appendFileSync('bench/RESULTS.md', text);
}

export const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');

/** Nearest-rank percentile of an unsorted list. */
export function pct(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}
