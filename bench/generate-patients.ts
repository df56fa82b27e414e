/**
 * Loads N generated patients into a benchmark database (migrated and seeded with catalogues and demo zones first).
 *
 *   npx tsx bench/generate-patients.ts --n=1000000 [--url=postgres://…/ips_bench]
 *   npx tsx bench/generate-patients.ts --n=100000 --pglite=data/bench-pglite
 *
 * The patients table is emptied, its secondary indexes are dropped, the rows go in through COPY (a stream on
 * PostgreSQL, blobs of COPY text on PGlite) with foreign-key triggers off (the references come from the same
 * database), then the indexes are rebuilt as they were and the table is vacuumed and analysed: building an
 * index once over sorted input is several times faster than maintaining it row by row, and the vacuum sets the
 * visibility map that index-only counts rely on.
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { and, eq, notIlike, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { eps, municipalities } from '../apps/api/src/db/schema/catalogs';
import { seedCatalogs } from '../apps/api/src/db/seed/catalogs';
import { seed } from '../apps/api/src/db/seed/index';
import { defaultSettings } from '../apps/api/src/modules/settings/defaults';
import {
  copyLine,
  generatePatient,
  PATIENT_COPY_COLUMNS,
  type GeneratorOptions,
  type GeneratorRefs,
} from '../apps/api/src/db/seed/patient-generator';
import { copyIntoPostgres } from './lib/pg-copy';
import { benchConfig, ensureDatabase, parseArgs, targetFrom, type Target } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const N = Number(args.n ?? 1_000_000);
const SEED = Number(args.seed ?? 20_260_101);
const CHUNK = 20_000;
const target = targetFrom(args);
const COPY_SQL = `copy patients (${PATIENT_COPY_COLUMNS.join(', ')})`;

/** A minimal handle on either engine: statements, and COPY of one chunk of lines. */
interface Loader {
  exec(text: string): Promise<void>;
  rows<T>(text: string): Promise<T[]>;
  copy(chunks: AsyncIterable<string>): Promise<void>;
  close(): Promise<void>;
}

const seconds = (t0: number) => (performance.now() - t0) / 1000;
const log = (msg: string) => console.log(`[generate] ${msg}`);

/** Migrations, catalogues and the demo zones; then the references the generator draws from. */
async function prepare(t: Target): Promise<GeneratorRefs> {
  if (t.databaseUrl) await ensureDatabase(t.databaseUrl);
  const database = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir });
  try {
    await runMigrations(database, t.databaseUrl);
    const config = benchConfig(t);
    await seed(database.db, config, { settings: defaultSettings(config.orgTimezone) });
    await seedCatalogs(database.db, { demoZones: true });
    const db = database.db;
    const all = await db
      .select({ id: municipalities.id, zoneId: municipalities.zoneId, department: municipalities.department })
      .from(municipalities)
      .orderBy(municipalities.id);
    // A Santander provider: most patients live in its zones, some elsewhere in the department, a few far away.
    const inZones = all.filter((m) => m.zoneId !== null);
    const santander = all.filter((m) => m.zoneId === null && m.department === 'Santander');
    const elsewhere = all.filter((m) => m.department !== 'Santander').filter((_, k) => k % 25 === 0);
    const weighted = [...Array.from({ length: 10 }, () => inZones).flat(), ...santander, ...elsewhere];
    const insurers = await db
      .select({ id: eps.id, affiliationType: eps.affiliationType })
      .from(eps)
      .where(and(eq(eps.status, 'active'), notIlike(eps.name, '%EPSI%')))
      .orderBy(eps.id);
    const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(municipalities)) as [
      { n: number },
    ];
    log(`catalogues: ${n} municipalities (${inZones.length} in zones), ${insurers.length} EPS`);
    return { municipalities: weighted.map(({ id, zoneId }) => ({ id, zoneId })), eps: insurers };
  } finally {
    await database.close();
  }
}

/** COPY text for rows [0, N), CHUNK rows per string. */
async function* copyText(opts: GeneratorOptions): AsyncGenerator<string> {
  for (let start = 0; start < N; start += CHUNK) {
    let text = '';
    for (let i = start; i < Math.min(N, start + CHUNK); i++) text += copyLine(generatePatient(i, opts));
    yield text;
  }
}

async function postgresLoader(url: string): Promise<Loader> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    exec: async (text) => void (await client.query(text)),
    rows: async <T>(text: string) => (await client.query(text)).rows as T[],
    copy: (chunks) => copyIntoPostgres(client, `${COPY_SQL} from stdin`, chunks),
    close: () => client.end(),
  };
}

async function pgliteLoader(dir: string): Promise<Loader> {
  const client = await PGlite.create(dir, { extensions: { pg_trgm, btree_gist, unaccent } });
  return {
    exec: async (text) => void (await client.exec(text)),
    rows: async <T>(text: string) => (await client.query<T>(text)).rows,
    async copy(chunks) {
      for await (const text of chunks)
        await client.query(`${COPY_SQL} from '/dev/blob'`, [], { blob: new Blob([text]) });
    },
    async close() {
      await client.exec('checkpoint');
      await client.close();
    },
  };
}

/** Builds the dropped indexes; on a server two at a time (one per core), on PGlite one after the other. */
async function rebuildIndexes(defs: { indexname: string; indexdef: string }[], main: Loader) {
  if (target.kind === 'pglite') {
    for (const d of defs) await timed(`index ${d.indexname}`, () => main.exec(d.indexdef));
    return;
  }
  const queue = [...defs];
  const worker = async () => {
    const l = await postgresLoader(target.databaseUrl!);
    await l.exec("set maintenance_work_mem = '1GB'");
    for (let d = queue.shift(); d; d = queue.shift()) {
      const def = d;
      await timed(`index ${def.indexname}`, () => l.exec(def.indexdef));
    }
    await l.close();
  };
  await Promise.all([worker(), worker()]);
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  log(`${label}: ${seconds(t0).toFixed(1)} s`);
  return out;
}

async function main() {
  const t0 = performance.now();
  log(`${N.toLocaleString('en')} patients into ${target.kind} ${target.where}`);
  const refs = await timed('migrate and seed catalogues', () => prepare(target));
  const loader =
    target.kind === 'postgres'
      ? await postgresLoader(target.databaseUrl!)
      : await pgliteLoader(target.dataDir);
  try {
    await loader.exec('truncate patients restart identity cascade');
    const defs = await loader.rows<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i
        where i.schemaname = 'public' and i.tablename = 'patients' and i.indexname <> 'patients_pkey'`,
    );
    for (const d of defs) await loader.exec(`drop index "${d.indexname}"`);
    // Foreign-key checks are triggers: off for this session only; every reference comes from the database.
    await loader.exec("set session_replication_role = 'replica'");
    const tLoad = performance.now();
    await loader.copy(copyText({ seed: SEED, refs, now: args.now ? new Date(args.now) : new Date() }));
    const loadS = seconds(tLoad);
    log(`COPY: ${N.toLocaleString('en')} rows in ${loadS.toFixed(1)} s (${Math.round(N / loadS)} rows/s)`);
    await loader.exec("set session_replication_role = 'origin'");
    // The counter triggers were off with the foreign keys: recount once (migration 0005's own backfill).
    await timed('patient counts', () => loader.exec('select patient_counts_rebuild()'));
    // So were the analytics rollups' (patients per registration day, decision 041): recounted with the rest.
    await timed('analytics rollups', () =>
      loader.exec(`select analytics_rollups_rebuild(coalesce(
        (select tz from analytics_rollup_settings where id = 1), 'America/Bogota'))`),
    );
    await timed(`${defs.length} indexes`, () => rebuildIndexes(defs, loader));
    await timed('vacuum analyze', () => loader.exec('vacuum analyze patients, patient_counts'));
    const [counted] = await loader.rows<{ n: number }>('select count(*)::int as n from patients');
    const n = counted?.n ?? 0;
    const total = seconds(t0);
    log(
      `done: ${n.toLocaleString('en')} patients, ${total.toFixed(1)} s, ${Math.round(n / total)} rows/s overall`,
    );
  } finally {
    await loader.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
