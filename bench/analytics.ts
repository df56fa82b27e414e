/**
 * Análisis, métricas and oportunidad at a large clinic's size (issue 21, decision 032): the 300-doctor shape of
 * bench/generate-schedule.ts (300 doctors over 12 specialties and 10 sites, one agenda per doctor and working day,
 * 15-minute slots from 07:00, 2,000,000 appointments from about 30 weeks back to 12 weeks ahead) seeded by SQL in
 * a scratch database, with 300,000 patients over 6 zones and 60 municipalities. Past appointments are Completada
 * (one in ten Cancelada, one in ten left Confirmada: a no-show), future ones Confirmada (one in ten Pendiente);
 * requests 0–19 days before, a desired date on one in three. One API process (production mode); each call at 1
 * client and at 10 closed-loop clients. Targets (issue 21): p95 ≤ 150 ms at 1 client and ≤ 400 ms at 10; the
 * oportunidad report for a semester p95 ≤ 300 ms. The seed's INSERT … SELECT is one statement of 2,000,000 rows: it
 * applies its own changes to the rollups and facts (decisions 039, 041, 042), as a bulk load would.
 *
 *   npx tsx bench/analytics.ts [--n=2000000] [--patients=300000] [--reps=30] [--max-seconds=20] [--quick]
 *     [--skip=label,…] [--no-results] [--keep-db] (keep the scratch database to look at plans)
 *     [--reuse=<url>] (measure a kept database again, without seeding)
 */
import { login, scratchDatabase, startApi } from './lib/api-process';
import pg from 'pg';
import { machineLine, ms, pct, report, stamp, table, uptime } from './lib/results';
import { parseArgs } from './lib/target';
import { readBody } from './lib/read-body';

const args = parseArgs(process.argv.slice(2));
const quick = args.quick === 'true';
const BASE_URL = args.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const N = Number(args.n ?? (quick ? 200_000 : 2_000_000));
const PATIENTS = Number(args.patients ?? (quick ? 30_000 : 300_000));
const REPS = Number(args.reps ?? (quick ? 10 : 30));
const DOCTORS = 300;
const SLOTS = 32;

async function seed(url: string) {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {}); // the scratch database is dropped with (force) when anything fails
  await c.connect();
  const t0 = performance.now();
  await c.query(`insert into zones (name) select 'Zona ' || g from generate_series(1, 6) g`);
  await c.query(
    `insert into municipalities (name, zone_id) select 'Municipio ' || g, 1 + g % 6 from generate_series(1, 60) g`,
  );
  await c.query(`insert into specialties (name) select unnest(array['Medicina General','Pediatría','Ginecología',
    'Medicina Interna','Cardiología','Dermatología','Ortopedia','Psicología','Nutrición','Optometría',
    'Odontología General','Cirugía General'])`);
  await c.query(`insert into locations (name) select 'Sede ' || g from generate_series(1, 10) g`);
  await c.query(
    `insert into doctors (name, license_number) select 'Doctor ' || g, 'RM-A' || g from generate_series(1, ${DOCTORS}) g`,
  );
  await c.query(
    `insert into patients (document, name, municipality_id, zone_id)
     select (10000000 + g)::text, 'Paciente ' || g, 1 + g % 60, 1 + (g % 60) % 6 from generate_series(1, $1) g`,
    [PATIENTS],
  );
  // Working day k (0-based) from a Monday about 30 weeks back: Monday + k/5 weeks + k%5 days.
  const ids = await c.query(`select (select min(id) from specialties) s, (select min(id) from locations) l,
    (select min(id) from doctors) d, (select min(id) from patients) p`);
  const { s, l, d, p } = ids.rows[0] as Record<string, number>;
  const monday = `(date_trunc('week', now() at time zone 'America/Bogota')::date - 210)`;
  const days = Math.ceil(N / (DOCTORS * SLOTS));
  await c.query(
    `insert into availabilities (location_id, specialty_id, doctor_id, date, start_time, end_time, capacity,
        booked_slots, duration_minutes)
     select ${l} + dd % 10, ${s} + dd % 12, ${d} + dd, ${monday} + (k / 5) * 7 + k % 5, '07:00', '15:00', ${SLOTS},
        ${SLOTS - 3}, 15
     from generate_series(0, ${DOCTORS - 1}) dd, generate_series(0, ${days - 1}) k`,
  );
  await c.query(
    `insert into appointments (patient_id, location_id, specialty_id, doctor_id, scheduled_at, ends_at,
        duration_minutes, status, created_at, desired_date, cancelled_at)
     select ${p} + (g % $2), ${l} + dd % 10, ${s} + dd % 12, ${d} + dd, at, at + interval '15 minutes', 15,
        case when at < now() then (array['Completada','Completada','Completada','Completada','Completada',
            'Completada','Completada','Completada','Cancelada','Confirmada'])[1 + (g * 7) % 10]
          else (array['Confirmada','Confirmada','Confirmada','Confirmada','Confirmada','Confirmada','Confirmada',
            'Confirmada','Confirmada','Pendiente'])[1 + (g * 7) % 10] end,
        at - make_interval(days => (g * 13) % 20, hours => g % 9),
        case when g % 3 = 0 then (at at time zone 'America/Bogota')::date - (g % 5) end,
        case when (g * 7) % 10 = 8 then at - make_interval(hours => 1 + g % 48) end
     from (select g, (g / ${SLOTS}) % ${DOCTORS} as dd, g / (${SLOTS * DOCTORS}) as k, g % ${SLOTS} as slot
           from generate_series(0, $1 - 1) g) x,
       lateral (select ((${monday} + (x.k / 5) * 7 + x.k % 5)::timestamp + time '07:00'
         + make_interval(mins => 15 * x.slot)) at time zone 'America/Bogota' as at) t`,
    [N, PATIENTS],
  );
  await c.query('vacuum (analyze) appointments');
  await c.query('vacuum (analyze) patients');
  await c.query('vacuum (analyze) availabilities');
  await c.end();
  return { seconds: (performance.now() - t0) / 1000 };
}

/** The id of the first site the seed made (the oportunidad report by site). */
async function firstSite(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return Number((await c.query<{ id: number }>('select min(id)::int as id from locations')).rows[0]?.id);
  } finally {
    await c.end();
  }
}

async function call(base: string, token: string, path: string) {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path} → ${res.status}`);
  return performance.now() - t0;
}

/** Seconds one measurement may take at most (a slow call stops early, with at least 5 samples). */
const MAX_SECONDS = Number(args['max-seconds'] ?? 20);
/** Labels (substrings, comma-separated) not measured, e.g. --skip=semester. */
const SKIP = (args.skip ?? '').split(',').filter(Boolean);

/**
 * `reps` requests over `tokens.length` closed-loop clients (one token each). Three warm-up calls first when `warm`
 * (fewer when one alone takes a quarter of MAX_SECONDS). A measurement stops after MAX_SECONDS once it has at least
 * 5 samples and one per client, so a call of several seconds is measured, not waited on for an hour.
 */
async function load(base: string, tokens: string[], path: string, reps: number, warm: boolean) {
  if (warm)
    for (let i = 0; i < 3; i++) if ((await call(base, tokens[0]!, path)) > (MAX_SECONDS * 1000) / 4) break;
  const lat: number[] = [];
  let left = reps;
  const t0 = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      let mine = 0;
      while (left-- > 0 && (mine === 0 || lat.length < 5 || performance.now() - t0 < MAX_SECONDS * 1000)) {
        lat.push(await call(base, token, path));
        mine += 1;
      }
    }),
  );
  return lat;
}

/**
 * One export downloaded whole: its size, how long it took, and the server's RSS before and at its peak (sampled every
 * 50 ms), for the oportunidad detail file of a semester (every counted first visit in one file).
 */
async function download(api: Awaited<ReturnType<typeof startApi>>, token: string, path: string) {
  const rssBefore = api.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, api.rss())), 50);
  const t0 = performance.now();
  try {
    const res = await fetch(`${api.base}${path}&token=${token}`);
    if (res.status !== 200) throw new Error(`${path} → ${res.status}`);
    const { bytes, lines } = await readBody(res);
    return { bytes, lines, seconds: (performance.now() - t0) / 1000, rssBefore, peak };
  } finally {
    clearInterval(sampler);
  }
}

async function main() {
  const before = uptime();
  console.log(`[bench] ${before}`);
  // --reuse=<url>: a database kept by an earlier run (--keep-db), measured again without seeding.
  const db = args.reuse
    ? { url: args.reuse, drop: async () => {} }
    : await scratchDatabase(BASE_URL, 'ips_bench_analytics');
  // startApi runs the API with RATE_LIMIT_SCALE=1000: the report limit does not throttle the measured load.
  const api = await startApi({ DATABASE_URL: db.url });
  try {
    console.log(`[bench] seeding ${N.toLocaleString('en')} appointments…`);
    const s = args.reuse ? { seconds: 0 } : await seed(db.url);
    console.log(`[bench] seeded in ${s.seconds.toFixed(0)} s`);
    // One after another: concurrent logins of one user may meet on its row (409).
    const tokens: string[] = [];
    for (let i = 0; i < 10; i++) tokens.push(await login(api.base));
    const site = await firstSite(db.url);
    const now = new Date();
    const y = now.getUTCFullYear();
    const m = now.getUTCMonth() + 1;
    const reads: [string, string, number][] = [
      ['overview 30d', '/api/analytics/overview?range=30d', 150],
      ['overview 365d', '/api/analytics/overview?range=365d', 150],
      ['overview 90d, one zone', '/api/analytics/overview?range=90d&zone_id=1', 150],
      ['locations 30d (4-month trend)', '/api/analytics/locations?range=30d&months=4', 150],
      ['locations 365d', '/api/analytics/locations?range=365d&months=4', 150],
      ['specialties 365d', '/api/analytics/specialties?range=365d', 150],
      ['performance 30d', '/api/analytics/performance?range=30d', 150],
      ['performance 365d', '/api/analytics/performance?range=365d', 150],
      ['oportunidad, a month', `/api/analytics/oportunidad?year=${y}&month=${m}`, 150],
      ['oportunidad, a semester', `/api/analytics/oportunidad?year=${y}&semester=${m <= 6 ? 1 : 2}`, 300],
      [
        'oportunidad, a semester, one site',
        `/api/analytics/oportunidad?year=${y}&semester=${m <= 6 ? 1 : 2}&location_id=${site}`,
        300,
      ],
      [
        'oportunidad appointments, a semester (page 1)',
        `/api/analytics/oportunidad/appointments?year=${y}&semester=${m <= 6 ? 1 : 2}&page=1&limit=20`,
        150,
      ],
      [
        'oportunidad appointments, a semester (page 50)',
        `/api/analytics/oportunidad/appointments?year=${y}&semester=${m <= 6 ? 1 : 2}&page=50&limit=20`,
        150,
      ],
      ['specialties 365d, one zone', '/api/analytics/specialties?range=365d&zone_id=1', 150],
      ['performance 30d, one zone', '/api/analytics/performance?range=30d&zone_id=1', 150],
      ['metrics dashboard 30d', '/api/metrics/dashboard?period=30d', 150],
      ['metrics patients 30d', '/api/metrics/patients?period=30d', 150],
      ['metrics appointments 30d', '/api/metrics/appointments?period=30d', 150],
      ['metrics doctors 30d (page 1)', '/api/metrics/doctors?period=30d', 150],
      ['metrics system 30d', '/api/metrics/system?period=30d', 150],
    ];
    const rows: string[][] = [];
    for (const [label, path, target] of reads) {
      if (SKIP.some((k) => label.includes(k))) {
        console.log(`[bench] ${label}: skipped (--skip)`);
        rows.push([label, '–', '–', `≤ ${target}`, '–', `≤ ${target === 300 ? 300 : 400}`, 'not measured']);
        continue;
      }
      const one = await load(api.base, tokens.slice(0, 1), path, REPS, true);
      const ten = await load(api.base, tokens, path, REPS * 2, false);
      const line = [
        label,
        ms(pct(one, 50)),
        ms(pct(one, 95)),
        `≤ ${target}`,
        ms(pct(ten, 95)),
        `≤ ${target === 300 ? 300 : 400}`,
        pct(one, 95) <= target && pct(ten, 95) <= (target === 300 ? 300 : 400) ? 'yes' : 'NO',
      ];
      console.log(`[bench] ${line.join(' | ')}`);
      rows.push(line);
    }
    const exports: string[] = [];
    const semester = `year=${y}&semester=${m <= 6 ? 1 : 2}`;
    for (const format of ['csv', 'xlsx'] as const) {
      const path = `/api/analytics/oportunidad/export?kind=detail&format=${format}&${semester}`;
      const e = await download(api, tokens[0]!, path);
      const line = `- Detail file of a semester (${format}): ${(e.bytes / 2 ** 20).toFixed(1)} MiB${format === 'csv' ? `, ${(e.lines - 1).toLocaleString('en')} rows` : ''} in ${e.seconds.toFixed(1)} s; server RSS ${(e.rssBefore / 2 ** 20).toFixed(0)} MiB before, peak ${(e.peak / 2 ** 20).toFixed(0)} MiB (sampled every 50 ms).`;
      console.log(`[bench] ${line}`);
      exports.push(line);
    }
    const after = uptime();
    report(
      [
        `## ${stamp()} UTC — Análisis, métricas and oportunidad at ${N.toLocaleString('en')} appointments (bench/analytics.ts)${quick ? ' (quick)' : ''}`,
        '',
        `${await machineLine(BASE_URL)}. One API process on PostgreSQL (production mode); ${REPS} requests at 1 client after 3 warm-up, then 10 closed-loop clients together (${REPS * 2} requests); a measurement stops after ${MAX_SECONDS} s once it has 5 samples and one per client. ${SKIP.length ? `Not measured (--skip): ${SKIP.join(', ')}. ` : ''}` +
          `${DOCTORS} doctors, 12 specialties, 10 sites, ${PATIENTS.toLocaleString('en')} patients in 6 zones; seeded in ${s.seconds.toFixed(0)} s. The seed's INSERT is one bulk statement: it applies its own changes to the rollups and facts at once (decisions 039, 041, 042): Análisis, métricas and oportunidad read them (migrations 0030, 0033 and 0034). ` +
          `\`uptime\` before: \`${before}\`; after: \`${after}\`.`,
        '',
        ...table(['request', 'p50 ms (1)', 'p95 ms (1)', 'target', 'p95 ms (10)', 'target', 'met'], rows),
        '',
        ...exports,
      ],
      args,
    );
  } finally {
    await api.stop();
    if (args['keep-db'] === 'true' || args.reuse) console.log(`[bench] kept ${db.url}`);
    else await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
