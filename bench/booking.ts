/**
 * Booking benchmark (issue 6 "Speed") on PostgreSQL, on a fresh scratch database:
 *   1. uncontended: `--clients` (default 10, = the pool size) closed-loop clients book quick appointments
 *      (POST /api/appointments without a time) through the real HTTP server, each request into an agenda no
 *      other in-flight request uses, each for a new patient → bookings/s and p50/p95/p99;
 *   2. hot agenda: 50 clients book into one agenda with 100 free slots → p99 and how many were refused;
 *   3. raw SQL: the same transaction (same statements: patient, agenda, conditional slot update, busy times,
 *      insert, audit, event + NOTIFY, read back) from a plain pg.Pool with the same number of
 *      connections → bookings/s, and the ratio route / raw.
 * Appends a section to bench/RESULTS.md unless --no-results.
 *
 *   npx tsx bench/booking.ts [--url=postgres://postgres@127.0.0.1:5432/postgres] [--n=2000] [--clients=10]
 */
import http from 'node:http';
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import { execSync } from 'node:child_process';
import pg from 'pg';
import { localDateTime, parseLocalDateTime, startOfLocalDay } from '../packages/shared/src/format';
import { addDays, toMinutes } from '../packages/shared/src/scheduling/calendar-days';
import { suggestNextTime } from '../packages/shared/src/scheduling/time-layout';
import { startServer, waitForExit } from '../apps/api/src/test/server-process';
import { percentiles, type LoadResult, type Percentiles } from './lib/http-load';
import { parseArgs } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const BASE_URL = args.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const N = Number(args.n ?? 2000);
const CLIENTS = Number(args.clients ?? 10);
const HOT_CLIENTS = 50;
const HOT_REQUESTS = 100;
const WARM = 50;
const ADMIN = { email: 'bench@ips.local', password: 'Bench-clave-2026' };
const TZ = 'America/Bogota';
/** Agendas 08:00–18:00 at 15 minutes: 40 positions, capacity 40. */
const PER_AGENDA = 40;

async function scratch() {
  const name = `ips_bench_booking_${Date.now()}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(BASE_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: BASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Master data, patients and agendas written with SQL (setup is not what is measured). */
async function seed(pool: pg.Pool, agendasNeeded: number, patientsNeeded: number) {
  const q = (text: string, params: unknown[] = []) => pool.query(text, params);
  const sp = (await q(`insert into specialties (name) values ('Medicina General') returning id`)).rows[0].id;
  const loc = (await q(`insert into locations (name) values ('Sede Bench') returning id`)).rows[0].id;
  const doctorsN = 40;
  const docs = (
    await q(
      `insert into doctors (name, license_number) select 'Doctor ' || g, 'RM-B' || g from generate_series(1, $1) g returning id`,
      [doctorsN],
    )
  ).rows.map((r) => r.id as number);
  const start = addDays(localDateTime(new Date(), TZ).slice(0, 10), 7);
  const dates = Math.ceil(agendasNeeded / doctorsN);
  const agendaRows = (
    await q(
      `insert into availabilities (location_id, specialty_id, doctor_id, date, start_time, end_time, capacity, duration_minutes)
       select $1, $2, d.id, ($3::date + k), '08:00', '18:00', ${PER_AGENDA}, 15
       from unnest($4::int[]) d(id), generate_series(0, $5 - 1) k
       order by k, d.id returning id, date::text as date`,
      [loc, sp, start, docs, dates],
    )
  ).rows as { id: number; date: string }[];
  const hot = (
    await q(
      `insert into availabilities (location_id, specialty_id, doctor_id, date, start_time, end_time, capacity, duration_minutes)
       values ($1, $2, $3, $4::date - 1, '06:00', '20:00', 200, 15) returning id`,
      [loc, sp, docs[0], start],
    )
  ).rows[0].id as number;
  const patientIds = (
    await q(
      `insert into patients (document, name, phone) select (80000000 + g)::text, 'Paciente Bench ' || g, '3000000000'
       from generate_series(1, $1) g returning id`,
      [patientsNeeded],
    )
  ).rows.map((r) => r.id as number);
  return { agendas: agendaRows, hot, patients: patientIds };
}

function poster(base: string, token: string, maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const u = new URL(base);
  return {
    post(path: string, body: object): Promise<[number, number, string]> {
      return new Promise((resolve, reject) => {
        const data = JSON.stringify(body);
        const t0 = performance.now();
        const req = http.request(
          {
            host: u.hostname,
            port: u.port,
            path,
            method: 'POST',
            agent,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(data),
            },
          },
          (res) => {
            const parts: Buffer[] = [];
            res.on('data', (c: Buffer) => parts.push(c));
            res.on('end', () =>
              resolve([res.statusCode ?? 0, performance.now() - t0, Buffer.concat(parts).toString('utf8')]),
            );
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(data);
      });
    },
    close: () => agent.destroy(),
  };
}

/** Closed loop: `clients` workers, worker i takes jobs i, i+clients, … so that jobs of one agenda never overlap. */
async function closedLoop(
  total: number,
  clients: number,
  job: (k: number) => Promise<[number, number]>,
): Promise<LoadResult & { codes: Map<number, number> }> {
  const samples: number[] = [];
  const codes = new Map<number, number>();
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      for (let k = i; k < total; k += clients) {
        const [status, ms] = await job(k);
        codes.set(status, (codes.get(status) ?? 0) + 1);
        if (status >= 500 || status === 0) errors++;
        samples.push(ms);
      }
    }),
  );
  return { samples, errors, codes, seconds: (performance.now() - t0) / 1000 };
}

/** The booking transaction of POST /appointments (quick path), statement for statement, as plain SQL. */
async function rawBooking(pool: pg.Pool, agendaId: number, patientId: number): Promise<number> {
  const c = await pool.connect();
  const t0 = performance.now();
  try {
    await c.query('begin');
    const p = await c.query('select id, name, status from patients where id = $1', [patientId]);
    if (p.rows[0]?.status !== 'Activo') throw new Error('patient');
    const a = (await c.query('select *, date::text as day from availabilities where id = $1', [agendaId]))
      .rows[0];
    const taken = await c.query(
      `update availabilities set booked_slots = booked_slots + 1, updated_at = now()
       where id = $1 and status = 'Activa' and booked_slots < capacity returning id, booked_slots, capacity`,
      [agendaId],
    );
    if (taken.rowCount !== 1) throw new Error('full');
    const from = startOfLocalDay(a.day, TZ);
    const to = startOfLocalDay(addDays(a.day, 1), TZ);
    const busy = await c.query(
      `select scheduled_at, ends_at from appointments where (doctor_id = $1 or patient_id = $2)
       and status <> 'Cancelada' and scheduled_at < $4 and ends_at > $3`,
      [a.doctor_id, patientId, from, to],
    );
    const mins = (d: Date) => toMinutes(localDateTime(d, TZ).slice(11, 16));
    const time = suggestNextTime(
      a.start_time,
      a.end_time,
      a.duration_minutes,
      busy.rows.map((r) => ({ start: mins(r.scheduled_at), end: mins(r.ends_at) })),
    );
    if (!time) throw new Error('no time');
    const start = parseLocalDateTime(`${a.day} ${time}`, TZ)!;
    const end = new Date(start.getTime() + a.duration_minutes * 60_000);
    const ins = await c.query(
      `insert into appointments (patient_id, availability_id, location_id, specialty_id, doctor_id, scheduled_at,
         ends_at, duration_minutes, status, appointment_type, manual)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'Confirmada', 'Presencial', false) returning *`,
      [patientId, agendaId, a.location_id, a.specialty_id, a.doctor_id, start, end, a.duration_minutes],
    );
    const id = ins.rows[0].id;
    await c.query(
      `insert into audit_log (table_name, record_id, action, new_values) values ('appointments', $1, 'create', $2)`,
      [String(id), JSON.stringify({ id, status: 'Confirmada' })],
    );
    for (const [channel, type] of [
      ['appointments', 'appointment.created'],
      ['agendas', 'agenda.updated'],
    ]) {
      const ev = await c.query(
        `insert into event_log (channel, type, payload) values ($1, $2, $3) returning id, created_at`,
        [channel, type, JSON.stringify({ id })],
      );
      await c.query('select pg_notify($1, $2)', [
        'app_events',
        JSON.stringify({ id: ev.rows[0].id, channel, type }),
      ]);
    }
    await c.query(
      `select a.*, p.name, p.document, d.name, s.name, l.name from appointments a join patients p on p.id = a.patient_id
       join doctors d on d.id = a.doctor_id join specialties s on s.id = a.specialty_id
       join locations l on l.id = a.location_id where a.id = $1`,
      [id],
    );
    await c.query('commit');
    return performance.now() - t0;
  } catch (err) {
    await c.query('rollback');
    throw err;
  } finally {
    c.release();
  }
}

const f = (p: Percentiles) => `${p.p50.toFixed(1)} / ${p.p95.toFixed(1)} / ${p.p99.toFixed(1)}`;

async function main() {
  const db = await scratch();
  const loadBefore = execSync('uptime').toString().trim();
  console.log(`[bench] ${loadBefore}`);
  // The server runs as its own process, as in production: the load generator's CPU is not the server's.
  const server = await startServer({
    DATABASE_URL: db.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_MODE: 'false',
    LOG_LEVEL: 'info',
  });
  const raw = new pg.Pool({ connectionString: db.url, max: CLIENTS });
  try {
    const agendasNeeded = Math.ceil((2 * N) / PER_AGENDA) + CLIENTS * 2;
    const data = await seed(raw, agendasNeeded, WARM + 2 * N + HOT_REQUESTS + 10);
    const base = server.base;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (login.status !== 200) throw new Error(`login → ${login.status}`);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const client = poster(base, token, HOT_CLIENTS);

    // Agendas are split: the first half for the route, the second for raw SQL; job k uses agenda k mod A.
    const half = Math.floor(data.agendas.length / 2);
    const routeAgendas = data.agendas.slice(0, half);
    const rawAgendas = data.agendas.slice(half);
    const warm = WARM;
    await closedLoop(warm, CLIENTS, async (k) => {
      const [s, ms] = await client.post('/api/appointments', {
        patient_id: data.patients[k],
        availability_id: routeAgendas[k % routeAgendas.length]!.id,
      });
      return [s, ms];
    });
    const route = await closedLoop(N, CLIENTS, async (k) => {
      const [s, ms, body] = await client.post('/api/appointments', {
        patient_id: data.patients[warm + k],
        availability_id: routeAgendas[(warm + k) % routeAgendas.length]!.id,
        reason: 'Control',
      });
      if (s !== 201) console.error(`[bench] route ${s} ${body.slice(0, 160)}`);
      return [s, ms];
    });
    const hot = await closedLoop(HOT_REQUESTS, HOT_CLIENTS, async (k) => {
      const [s, ms, body] = await client.post('/api/appointments', {
        patient_id: data.patients[warm + N + k],
        availability_id: data.hot,
        duration_minutes: 5,
      });
      if (s !== 201) console.error(`[bench] hot ${s} ${body.slice(0, 160)}`);
      return [s, ms];
    });
    const rawRun = await closedLoop(N, CLIENTS, async (k) => {
      const ms = await rawBooking(
        raw,
        rawAgendas[k % rawAgendas.length]!.id,
        data.patients[warm + N + HOT_REQUESTS + k]!,
      );
      return [201, ms];
    });
    client.close();

    const check = await raw.query<{ bad: number }>(
      `select count(*)::int as bad from availabilities a where a.booked_slots <>
         (select count(*) from appointments p where p.availability_id = a.id and p.status = 'Confirmada')`,
    );
    const loadAfter = execSync('uptime').toString().trim();
    const pr = percentiles(route);
    const ph = percentiles(hot);
    const pw = percentiles(rawRun);
    const ratio = pr.rps / pw.rps;
    const [v] = (await raw.query<{ version: string }>('select version()')).rows;
    const engine = `PostgreSQL ${/PostgreSQL ([\d.]+)/.exec(v?.version ?? '')?.[1] ?? '?'}`;
    const cpu = os.cpus();
    const lines = [
      '',
      `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — booking (bench/booking.ts), ${engine}`,
      '',
      `${cpu.length} × ${cpu[0]?.model.trim()}, Node ${process.version}; server in its own process (pool of 10 connections), raw SQL client with ${CLIENTS} connections. ` +
        `**The machine is shared with other sessions**; \`uptime\` before: \`${loadBefore}\`; after: \`${loadAfter}\`. One run; latency at the HTTP client (raw SQL: around the transaction) in ms, p50 / p95 / p99.`,
      '',
      '| scenario | clients | requests | answers | p50 / p95 / p99 | bookings/s |',
      '| --- | --- | --- | --- | --- | --- |',
      `| uncontended quick booking (HTTP) | ${CLIENTS} | ${N} | ${[...route.codes].map(([c, n]) => `${n}×${c}`).join(', ')} | ${f(pr)} | ${pr.rps.toFixed(0)} |`,
      `| hot agenda (one agenda, HTTP) | ${HOT_CLIENTS} | ${HOT_REQUESTS} | ${[...hot.codes].map(([c, n]) => `${n}×${c}`).join(', ')} | ${f(ph)} | ${ph.rps.toFixed(0)} |`,
      `| same transaction as raw SQL (pg.Pool) | ${CLIENTS} | ${N} | ${N}×ok | ${f(pw)} | ${pw.rps.toFixed(0)} |`,
      '',
      `- Route / raw SQL throughput: **${ratio.toFixed(2)}** (goal ≥ 0.5).`,
      `- Goal uncontended ≥ 300 bookings/s with p95 ≤ 50 ms: ${pr.rps.toFixed(0)}/s, p95 ${pr.p95.toFixed(1)} ms — ${pr.rps >= 300 && pr.p95 <= 50 ? 'met' : '**missed**'}.`,
      `- Goal hot agenda p99 ≤ 150 ms: ${ph.p99.toFixed(1)} ms — ${ph.p99 <= 150 ? 'met' : '**missed**'}; 5xx: ${hot.errors + route.errors}.`,
      `- Agendas whose booked_slots differs from their Confirmada count afterwards: ${check.rows[0]!.bad}.`,
      '',
    ];
    if (args['no-results'] !== 'true') appendFileSync('bench/RESULTS.md', lines.join('\n'));
    console.log(lines.join('\n'));
  } finally {
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    await raw.end();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
