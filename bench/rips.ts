/**
 * RIPS packages at scale (issue 20, decision 037): a month of a 300-doctor clinic, about 120,000 consultations
 * of 60,000 patients, on PostgreSQL. One API process (production mode), one client:
 *   - POST /api/rips/packages (RS, the month): validates every row and builds the JSON — target ≤ 10 s at 120,000;
 *   - the same for a quarter and a half of the rows (first 7 and 15 days): the server's peak RSS over its RSS
 *     before each build shows whether memory grows with the count;
 *   - the download of the 120,000-consultation JSON (streamed from its chunks).
 *
 *   npx tsx bench/rips.ts [--n=120000] [--quick] [--no-results] [--keep]
 *   (--keep leaves the seeded database in place, e.g. to EXPLAIN the month's query; drop it afterwards.)
 */
import pg from 'pg';
import { nitCheckDigit } from '../packages/shared/src/schemas/colombian-ids';
import { login, scratchDatabase, startApi, type ApiProcess } from './lib/api-process';
import { machineLine, report, stamp, table, uptime } from './lib/results';
import { parseArgs } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const quick = args.quick === 'true';
const keep = args.keep === 'true';
const BASE_URL = args.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const N = Number(args.n ?? (quick ? 20_000 : 120_000));
const DOCTORS = 300;
const PATIENTS = N / 2;
const DAYS = 28;
const day = (d: Date) => d.toISOString().slice(0, 10);
const start = new Date(Date.now() - 35 * 86_400_000);
const from = day(start);
const plus = (n: number) => day(new Date(start.getTime() + n * 86_400_000));

async function seed(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t0 = performance.now();
  await c.query(`update settings set value = to_jsonb($1::text) where key = 'org_nit'`, [
    `900123456-${nitCheckDigit('900123456')}`,
  ]);
  await c.query(`update settings set value = to_jsonb('680010123401'::text) where key = 'cod_prestador'`);
  await c.query(
    `insert into specialties (name, rips_service_group, rips_service_code) values ('Medicina General', '01', 328)`,
  );
  await c.query(`insert into locations (name) values ('Sede Bench')`);
  await c.query(
    `insert into services (name, base_price, cups_code) values ('Consulta general', 45000, '890201')`,
  );
  await c.query(
    `insert into doctors (name, license_number, document_type, document_number)
     select 'Doctor ' || g, 'RM-R' || g, 'CC', (79000000 + g)::text from generate_series(1, $1) g`,
    [DOCTORS],
  );
  // Every patient with what RIPS asks but one in two hundred without a zone (the problems are listed too).
  await c.query(
    `insert into patients (document, document_type_id, name, birth_date, gender, municipality_id,
        insurance_affiliation_type, rips_zone)
     select (1000000000 + g)::text, 1, 'Paciente ' || g, date '1950-01-01' + (g % 20000),
            (array['Masculino','Femenino'])[1 + g % 2], (select id from municipalities where code = '68001'),
            (array['Contributivo','Subsidiado'])[1 + g % 2], case when g % 200 = 0 then null else '02' end
       from generate_series(1, $1) g`,
    [PATIENTS],
  );
  // Each doctor sees about 14 patients a day for 28 days, every 20 minutes from 07:00 Bogotá (12:00 UTC).
  await c.query(
    `insert into appointments (patient_id, location_id, specialty_id, doctor_id, scheduled_at, ends_at,
        duration_minutes, status, service_id)
     select (select min(id) from patients) + (g % $2),
            (select id from locations limit 1), (select id from specialties limit 1),
            (select min(id) from doctors) + (g % ${DOCTORS}),
            t, t + interval '20 minutes', 20, 'Completada', (select id from services limit 1)
       from (select g, $3::date + ((g / ${DOCTORS}) % ${DAYS}) * interval '1 day' + interval '12 hours'
                       + ((g / ${DOCTORS}) / ${DAYS}) * interval '20 minutes' as t
               from generate_series(0, $1 - 1) g) x`,
    [N, PATIENTS, from],
  );
  await c.query(
    `insert into appointment_billing (appointment_id, service_id, service_name, doctor_id, doctor_name, base_price,
        final_price, status)
     select a.id, a.service_id, 'Consulta general', a.doctor_id, 'Doctor', 45000, 45000, 'billed' from appointments a`,
  );
  await c.query(
    `insert into rips_attendance (appointment_id, finalidad, causa, dx_main, dx_rel1, dx_type, modality,
        service_group, service_code, cups_code, concepto_recaudo, moderator_value)
     select a.id, '15', '38', (array['J069','I10X','E119','K297','M545'])[1 + a.id % 5],
            case when a.id % 3 = 0 then 'E669' end, '01', '01', '01', 328, '890201', '05', 0 from appointments a`,
  );
  await c.query('vacuum (analyze)');
  await c.end();
  return (performance.now() - t0) / 1000;
}

async function build(api: ApiProcess, token: string, to: string) {
  const rssBefore = api.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, api.rss())), 25);
  const t0 = performance.now();
  const res = await fetch(`${api.base}/api/rips/packages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ invoice_number: null, from, to }),
  });
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  if (res.status !== 201) throw new Error(`build → ${res.status} ${await res.text()}`);
  const data = ((await res.json()) as { data: Record<string, number> }).data;
  return { seconds, rssBefore, peak, data };
}

async function download(api: ApiProcess, token: string, id: number) {
  const rssBefore = api.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, api.rss())), 25);
  const t0 = performance.now();
  const res = await fetch(`${api.base}/api/rips/packages/${id}/download`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  clearInterval(sampler);
  return { seconds: (performance.now() - t0) / 1000, bytes, rssBefore, peak };
}

const mib = (b: number) => (b / 2 ** 20).toFixed(0);

async function main() {
  const before = uptime();
  console.log(`[bench] ${before}`);
  const db = await scratchDatabase(BASE_URL, 'ips_bench_rips');
  const api = await startApi({ DATABASE_URL: db.url });
  try {
    console.log(`[bench] seeding ${N.toLocaleString('en')} consultations…`);
    const seeded = await seed(db.url);
    console.log(`[bench] seeded in ${seeded.toFixed(0)} s`);
    const token = await login(api.base);
    // One warm-up build of a day (plans, JIT), not counted.
    await build(api, token, from);
    const rows: (string | number)[][] = [];
    let last: Awaited<ReturnType<typeof build>> | null = null;
    for (const [label, to] of [
      ['a week', plus(6)],
      ['half a month', plus(13)],
      ['the month', plus(DAYS - 1)],
    ] as const) {
      const r = await build(api, token, to);
      console.log(
        `[bench] ${label}: ${r.data.services_count} in ${r.seconds.toFixed(2)} s, peak +${mib(r.peak - r.rssBefore)} MiB`,
      );
      rows.push([
        label,
        r.data.services_count!.toLocaleString('en'),
        r.data.users_count!.toLocaleString('en'),
        r.data.problems_count!.toLocaleString('en'),
        `${mib(r.data.bytes!)} MiB`,
        r.seconds.toFixed(2),
        mib(r.rssBefore),
        mib(r.peak),
        `+${mib(r.peak - r.rssBefore)}`,
      ]);
      last = r;
    }
    const dl = await download(api, token, last!.data.id!);
    const after = uptime();
    const month = last!;
    report(
      [
        `## ${stamp()} UTC — RIPS packages, a month of ${N.toLocaleString('en')} consultations (bench/rips.ts)${quick ? ' (quick)' : ''}`,
        '',
        `${await machineLine(BASE_URL)}. Machine load (\`uptime\`) before: \`${before}\`; after: \`${after}\`. ` +
          `One API process on PostgreSQL (production mode); ${DOCTORS} doctors, ${PATIENTS.toLocaleString('en')} patients with two consultations each over ${DAYS} days, each billed with its attendance record; one patient in 200 lacks a zone (a problem each). Seeded in ${seeded.toFixed(0)} s. ` +
          'Each row is one POST /api/rips/packages (RS, from the first day) that validates every consultation and writes the JSON and its problems; RSS of the server sampled every 25 ms.',
        '',
        ...table(
          [
            'period',
            'consultations',
            'users',
            'problems',
            'JSON',
            'seconds',
            'RSS before MiB',
            'peak MiB',
            'growth MiB',
          ],
          rows,
        ),
        '',
        `- Target: the month (${month.data.services_count!.toLocaleString('en')} consultations) validated and built in ≤ 10 s: ${month.seconds.toFixed(2)} s — ${month.seconds <= 10 ? 'met' : 'NOT met'}.`,
        `- Download of the month's JSON (${mib(dl.bytes)} MiB streamed from its chunks): ${dl.seconds.toFixed(2)} s; server RSS ${mib(dl.rssBefore)} → peak ${mib(dl.peak)} MiB.`,
      ],
      args,
    );
  } finally {
    await api.stop();
    if (keep) console.log(`[bench] --keep: ${db.url} left in place`);
    else await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
