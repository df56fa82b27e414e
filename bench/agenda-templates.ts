/**
 * Agenda templates at scale (issue 23, decision 035), on PostgreSQL, through one API process (production mode):
 *   - one template (Monday–Friday, two slots) over a year: the preview (dry_run) and the write — target ≤ 1 s;
 *   - bulk generation for 300 doctors (one template each, Monday–Friday 08:00–12:00) over 6 months, about
 *     40,000 agendas, all or nothing in one transaction — target ≤ 60 s;
 *   - the per-template analytics page afterwards.
 *
 *   npx tsx bench/agenda-templates.ts [--doctors=300] [--months=6] [--no-results]
 */
import pg from 'pg';
import { login, scratchDatabase, startApi } from './lib/api-process';
import { machineLine, report, stamp, table, uptime } from './lib/results';
import { parseArgs } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const BASE_URL = args.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DOCTORS = Number(args.doctors ?? 300);
const MONTHS = Number(args.months ?? 6);
/** Year runs: each on its own doctor, so each writes a whole year; the median is reported. */
const YEAR_RUNS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const day = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: string, n: number) => day(new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000));
// Tomorrow in Bogotá or later: no slot of the range is in the past.
const start = addDays(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date()), 2);

/** One specialty at one site, and DOCTORS + 1 doctors who practise it there. */
async function seed(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const s = await c.query(`insert into specialties (name) values ('Medicina General Bench') returning id`);
  const l = await c.query(
    `insert into locations (name, status) values ('Sede Bench', 'Activa') returning id`,
  );
  const specialtyId = Number(s.rows[0].id);
  const locationId = Number(l.rows[0].id);
  await c.query('insert into location_specialties (location_id, specialty_id) values ($1, $2)', [
    locationId,
    specialtyId,
  ]);
  const d = await c.query(
    `insert into doctors (name, license_number)
     select 'Doctor Bench ' || g, 'RM-TB' || g from generate_series(1, $1) g returning id`,
    [DOCTORS + YEAR_RUNS],
  );
  const ids = d.rows.map((r) => Number(r.id));
  await c.query(`insert into doctor_specialties (doctor_id, specialty_id) select unnest($1::int[]), $2`, [
    ids,
    specialtyId,
  ]);
  await c.query(`insert into doctor_locations (doctor_id, location_id) select unnest($1::int[]), $2`, [
    ids,
    locationId,
  ]);
  await c.end();
  return { specialtyId, locationId, doctorIds: ids };
}

async function call(base: string, token: string, method: string, path: string, body?: unknown) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: Record<string, unknown> & { generated_count?: number } };
  const seconds = (performance.now() - t0) / 1000;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return { json, seconds };
}

async function main() {
  const before = uptime();
  console.log(`[bench] ${before}`);
  const db = await scratchDatabase(BASE_URL, 'ips_bench_templates');
  const api = await startApi({ DATABASE_URL: db.url });
  try {
    const world = await seed(db.url);
    const token = await login(api.base);
    const template = async (doctorId: number, name: string, slots: object[]) =>
      Number(
        (
          await call(api.base, token, 'POST', '/agenda-templates', {
            name,
            doctor_id: doctorId,
            specialty_id: world.specialtyId,
            location_id: world.locationId,
            days_of_week: [1, 2, 3, 4, 5],
            time_slots: slots,
          })
        ).json.data.id,
      );
    const rows: (string | number)[][] = [];

    // One template over a year (366 days from the start), on YEAR_RUNS doctors; previews repeated.
    const yearIds: number[] = [];
    for (const doctorId of world.doctorIds.slice(0, YEAR_RUNS))
      yearIds.push(
        await template(doctorId, `Año completo ${doctorId}`, [
          { start: '07:00', end: '12:00', capacity: 10 },
          { start: '14:00', end: '18:00', capacity: 8 },
        ]),
      );
    const yearBody = (id: number) => ({ template_id: id, start_date: start, end_date: addDays(start, 365) });
    // Warm-up (the first requests compile the route's code paths): two previews, not measured.
    for (let i = 0; i < 2; i++)
      await call(api.base, token, 'POST', '/agenda-templates/generate-schedule', {
        ...yearBody(yearIds[0]!),
        dry_run: true,
      });
    const previews: number[] = [];
    let planned = 0;
    for (let i = 0; i < 5; i++) {
      const r = await call(api.base, token, 'POST', '/agenda-templates/generate-schedule', {
        ...yearBody(yearIds[0]!),
        dry_run: true,
      });
      previews.push(r.seconds);
      planned = r.json.data.generated_count!;
    }
    const p = median(previews);
    rows.push([
      `one template, a year, preview (dry_run), median of 5`,
      planned,
      p.toFixed(2),
      '≤ 1',
      p <= 1 ? 'yes' : 'NO',
    ]);
    const writes: number[] = [];
    for (const id of yearIds) {
      const r = await call(api.base, token, 'POST', '/agenda-templates/generate-schedule', yearBody(id));
      writes.push(r.seconds);
      planned = r.json.data.generated_count!;
    }
    const w = median(writes);
    rows.push([
      `one template, a year, write, median of ${YEAR_RUNS} doctors`,
      planned,
      w.toFixed(2),
      '≤ 1',
      w <= 1 ? 'yes' : 'NO',
    ]);

    // Bulk: one template per doctor, six months, all or nothing.
    const ids: number[] = [];
    for (const doctorId of world.doctorIds.slice(YEAR_RUNS))
      ids.push(
        await template(doctorId, `Mañanas ${doctorId}`, [{ start: '08:00', end: '12:00', capacity: 8 }]),
      );
    const sixMonths = (() => {
      const d = new Date(`${start}T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() + MONTHS);
      return addDays(day(d), -1);
    })();
    const bulk = await call(api.base, token, 'POST', '/agenda-templates/generate-bulk', {
      template_ids: ids,
      start_date: start,
      end_date: sixMonths,
    });
    rows.push([
      `bulk, ${ids.length} doctors × ${MONTHS} months, write`,
      bulk.json.data.generated_count!,
      bulk.seconds.toFixed(2),
      '≤ 60',
      bulk.seconds <= 60 ? 'yes' : 'NO',
    ]);

    const stats = await call(api.base, token, 'GET', '/agenda-templates/analytics?limit=100');
    rows.push(['analytics, a page of 100 templates', '–', stats.seconds.toFixed(2), '–', '–']);

    const after = uptime();
    report(
      [
        `## ${stamp()} UTC — Agenda templates (bench/agenda-templates.ts)`,
        '',
        `${await machineLine(BASE_URL)}. One API process on PostgreSQL (production mode), one client; each ` +
          `figure is one request, end to end (generation runs in one transaction: plan, multi-row inserts under ` +
          `the overlap exclusion constraint, an audit row per agenda). Range from ${start}; bulk to ${sixMonths}, ` +
          `holidays of the seeded table skipped. The machine is shared with other agents' builds and tests. ` +
          `\`uptime\` before: \`${before}\`; after: \`${after}\`.`,
        '',
        ...table(['request', 'agendas', 'seconds', 'target s', 'met'], rows),
      ],
      args,
    );
  } finally {
    await api.stop();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
