/**
 * Patients API benchmark: starts the API in-process on a loaded database, logs in, and measures quick search,
 * the directory page with its counts and the cards at the HTTP level (real sockets) at 1 and 20 clients.
 * Saves EXPLAIN (ANALYZE, BUFFERS) of the SQL behind each scenario to bench/plans/<target>/ and appends the
 * figures to bench/RESULTS.md. The suite itself is bench/lib/patients-suite.ts (shared with pglite-vs-pg.ts).
 *
 *   npx tsx bench/patients-api.ts [--url=postgres://…/ips_bench | --pglite=data/bench-pglite]
 *     [--quick] [--runs=3] [--label=text] [--only=quick] [--no-results]
 */
import { fmt, runPatientsSuite } from './lib/patients-suite';
import { appendResults } from './lib/report';
import { parseArgs, targetFrom } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const quick = args.quick === 'true';
const RUNS = Number(args.runs ?? (quick ? 1 : 3));
/** Requests per scenario and run, at 1 and at 20 clients; the cards load once per visit, so fewer. */
const N1 = Number(args.n1 ?? (quick ? 20 : 60));
const N20 = Number(args.n20 ?? (quick ? 60 : 200));
const target = targetFrom(args);

async function main() {
  const { facts, rows, planDir } = await runPatientsSuite({
    target,
    runs: RUNS,
    n1: N1,
    n20: N20,
    only: args.only,
    slowest: Boolean(args.slowest),
    writePlans: args['no-results'] !== 'true',
  });
  for (const r of rows) console.log(`${r.name.padEnd(40)} c=1 ${fmt(r.c1)}  c=20 ${fmt(r.c20)}`);
  if (args['no-results'] !== 'true')
    appendResults('bench/RESULTS.md', { facts, rows, runs: RUNS, quick, label: args.label, planDir });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
