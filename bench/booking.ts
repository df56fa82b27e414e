/**
 * Booking benchmark (issue 6 "Speed") on PostgreSQL, on a fresh scratch database:
 *   1. uncontended: `--clients` (default 10, = the pool size) closed-loop clients book quick appointments
 *      (POST /api/appointments without a time) through the real HTTP server, each request into an agenda no
 *      other in-flight request uses, each for a new patient → bookings/s and p50/p95/p99;
 *   2. hot agenda: 50 clients book 100 appointments into one agenda with 200 free slots, in `--hot-rounds`
 *      (default 5) rounds on fresh agendas, so that p99 rests on 500 answers; then one overflow round: 50
 *      clients send 100 requests at an agenda with 40 free slots → 40 bookings, 60 refusals (409) that come
 *      back as fast as the bookings (nothing retries);
 *   3. raw SQL: the same database work as the route (the same two statements: the context read, and the
 *      booking statement with booking_slot, the insert, the audit row and the two events, its own transaction;
 *      decision 015) from a plain pg.Pool with the same number of connections → bookings/s, and the ratio
 *      route / raw.
 * Appends a section to bench/RESULTS.md unless --no-results.
 *
 *   npx tsx bench/booking.ts [--url=postgres://postgres@127.0.0.1:5432/postgres] [--n=2000] [--clients=10]
 *     [--hot-rounds=5] [--no-results] [--keep-db] (keep the scratch database to look at plans)
 */
import { appendFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { execSync } from 'node:child_process';
import pg from 'pg';
import { localDateTime } from '../packages/shared/src/format';
import { addDays, toMinutes } from '../packages/shared/src/scheduling/calendar-days';
import { startServer, waitForExit } from '../apps/api/src/test/server-process';
import { makeClient, percentiles, type LoadResult, type Percentiles } from './lib/http-load';
import { parseArgs } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const BASE_URL = args.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const N = Number(args.n ?? 2000);
const CLIENTS = Number(args.clients ?? 10);
const HOT_CLIENTS = 50;
const HOT_REQUESTS = 100;
const HOT_ROUNDS = Number(args['hot-rounds'] ?? 5);
/** Free slots of the overflow round's agenda: fewer than HOT_REQUESTS. */
const OVERFLOW_SLOTS = 40;
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
  // Hot agendas: one per round, on the days before the others (06:00–20:00; bookings of 5 minutes).
  const hot = (
    await q(
      `insert into availabilities (location_id, specialty_id, doctor_id, date, start_time, end_time, capacity, duration_minutes)
       select $1, $2, $3, $4::date - 1 - r, '06:00', '20:00', 200, 15 from generate_series(0, $5 - 1) r
       order by r returning id`,
      [loc, sp, docs[0], start, HOT_ROUNDS],
    )
  ).rows.map((r) => r.id as number);
  const overflow = (
    await q(
      `insert into availabilities (location_id, specialty_id, doctor_id, date, start_time, end_time, capacity, duration_minutes)
       values ($1, $2, $3, $4::date - 1, '06:00', '20:00', $5, 15) returning id`,
      [loc, sp, docs[1], start, OVERFLOW_SLOTS],
    )
  ).rows[0].id as number;
  const patientIds = (
    await q(
      `insert into patients (document, name, phone) select (80000000 + g)::text, 'Paciente Bench ' || g, '3000000000'
       from generate_series(1, $1) g returning id`,
      [patientsNeeded],
    )
  ).rows.map((r) => r.id as number);
  return { agendas: agendaRows, hot, overflow, patients: patientIds };
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

/**
 * What POST /appointments (quick path) sends to the database, statement for statement, as plain SQL on a
 * pg.Pool (decision 015): the context read (patient, agenda, names; a named prepared statement, as the route's),
 * then book_appointment (migration 0013: takes the slot and picks the time under the agenda's lock, inserts the
 * appointment, its audit row and its two events), which is its own transaction. The route checks the same
 * things in between.
 */
const CONTEXT_SQL = `select p.id, p.status, p.name, p.document, p.phone, p.email, p.birth_date, e.name as eps,
    a.id as agenda_id, a.status as agenda_status, a.location_id, a.specialty_id, a.doctor_id, a.capacity,
    a.booked_slots, a.duration_minutes, a.start_time, a.end_time, a.date::text as day, d.name as doctor_name, s.name as specialty_name, l.name as location_name
  from patients p left join eps e on e.id = p.insurance_eps_id
  left join availabilities a on a.id = $2
  left join doctors d on d.id = coalesce(a.doctor_id, $3::int)
  left join specialties s on s.id = coalesce(a.specialty_id, $4::int)
  left join locations l on l.id = coalesce(a.location_id, $5::int)
  where p.id = $1`;
const BOOK_SQL = `select * from book_appointment(
    p_key => $1::text, p_agenda_id => $2::int, p_take_slot => true, p_start => null::timestamptz,
    p_first_minute => $4::int, p_end_minute => $5::int, p_tz => $7::text, p_patient_id => $3::int,
    p_location_id => $8::int, p_specialty_id => $9::int, p_doctor_id => $10::int, p_duration => $6::int,
    p_status => 'Confirmada', p_appointment_type => 'Presencial', p_reason => $11::text, p_notes => null::text,
    p_insurance_type => null::text, p_room_id => null::int, p_manual => false, p_user_id => $12::int,
    p_request_id => $13::text, p_appointments_channel => 'appointments', p_agendas_channel => 'agendas')`;

async function rawBooking(
  pool: pg.Pool,
  agendaId: number,
  patientId: number,
  userId: number,
): Promise<number> {
  const t0 = performance.now();
  const ctx = (
    await pool.query({ name: 'booking_context', text: CONTEXT_SQL, values: [patientId, agendaId, 0, 0, 0] })
  ).rows[0];
  if (ctx?.status !== 'Activo') throw new Error('patient');
  if (ctx.agenda_status !== 'Activa') throw new Error('agenda');
  const start = toMinutes(ctx.start_time);
  const today = localDateTime(new Date(), TZ).slice(0, 10);
  const notBefore =
    ctx.day === today ? toMinutes(localDateTime(new Date(), TZ).slice(11, 16)) + 1 : undefined;
  const first =
    notBefore !== undefined && notBefore > start
      ? start + Math.ceil((notBefore - start) / ctx.duration_minutes) * ctx.duration_minutes
      : start;
  const booked = await pool.query(BOOK_SQL, [
    null,
    agendaId,
    patientId,
    first,
    toMinutes(ctx.end_time),
    ctx.duration_minutes,
    TZ,
    ctx.location_id,
    ctx.specialty_id,
    ctx.doctor_id,
    'Control',
    userId,
    'raw',
  ]);
  if (booked.rows[0]?.outcome !== 'ok' || !booked.rows[0]?.appointment)
    throw new Error(`booking: ${booked.rows[0]?.outcome}`);
  return performance.now() - t0;
}

/**
 * CPU seconds (user + system) used so far by the server process, by the database's backends serving this
 * database, and by this process. Wall-clock figures on a shared machine swing with the other load; CPU per
 * booking says where the work is. Linux only (/proc); zeros elsewhere.
 */
const TICKS = (() => {
  try {
    return Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
  } catch {
    return 100;
  }
})();
/** [user, system] CPU seconds of a process. */
function procCpu(pid: number): [number, number] {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [Number(fields[11]) / TICKS, Number(fields[12]) / TICKS];
  } catch {
    return [0, 0];
  }
}
async function cpuNow(pool: pg.Pool, serverPid: number) {
  const { rows } = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  const own = process.cpuUsage();
  const [serverUser, serverSystem] = procCpu(serverPid);
  return {
    server: serverUser + serverSystem,
    serverSystem,
    database: rows.reduce((s, r) => s + procCpu(r.pid).reduce((a, b) => a + b), 0),
    client: (own.user + own.system) / 1e6,
  };
}
type Cpu = Awaited<ReturnType<typeof cpuNow>>;
const ms = (seconds: number, n: number) => ((seconds * 1000) / n).toFixed(2);
const perBooking = (a: Cpu, b: Cpu, n: number) =>
  `server ${ms(b.server - a.server, n)} ms (of which system ${ms(b.serverSystem - a.serverSystem, n)}), database ${ms(b.database - a.database, n)} ms, load generator ${ms(b.client - a.client, n)} ms`;

const codes = (r: { codes: Map<number, number> }) => [...r.codes].map(([c, n]) => `${n}×${c}`).join(', ');

/** One result from several runs: all samples, summed time and counts. */
function mergeRuns(runs: (LoadResult & { codes: Map<number, number> })[]) {
  const codes = new Map<number, number>();
  for (const r of runs) for (const [c, n] of r.codes) codes.set(c, (codes.get(c) ?? 0) + n);
  return {
    samples: runs.flatMap((r) => r.samples),
    errors: runs.reduce((s, r) => s + r.errors, 0),
    seconds: runs.reduce((s, r) => s + r.seconds, 0),
    codes,
  };
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
  // An idle connection cut when the scratch database is dropped at the end is not a result.
  raw.on('error', (err) => console.error(`[bench] idle connection: ${err.message}`));
  try {
    const agendasNeeded = Math.ceil((2 * N) / PER_AGENDA) + CLIENTS * 2;
    const hotPatients = HOT_REQUESTS * (HOT_ROUNDS + 1);
    const data = await seed(raw, agendasNeeded, WARM + 2 * N + hotPatients + 10);
    const base = server.base;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (login.status !== 200) throw new Error(`login → ${login.status}`);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const adminId = (await raw.query<{ id: number }>('select id from users where email = $1', [ADMIN.email]))
      .rows[0]!.id;
    const client = makeClient(base, token, HOT_CLIENTS);

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
    const serverPid = server.child.pid!;
    const cpu0 = await cpuNow(raw, serverPid);
    const route = await closedLoop(N, CLIENTS, async (k) => {
      const [s, ms, body] = await client.post('/api/appointments', {
        patient_id: data.patients[warm + k],
        availability_id: routeAgendas[(warm + k) % routeAgendas.length]!.id,
        reason: 'Control',
      });
      if (s !== 201) console.error(`[bench] route ${s} ${body.slice(0, 160)}`);
      return [s, ms];
    });
    const cpu1 = await cpuNow(raw, serverPid);
    const hotRound = (agenda: number, firstPatient: number, expect: (s: number) => boolean) =>
      closedLoop(HOT_REQUESTS, HOT_CLIENTS, async (k) => {
        const [s, ms, body] = await client.post('/api/appointments', {
          patient_id: data.patients[firstPatient + k],
          availability_id: agenda,
          duration_minutes: 5,
        });
        if (!expect(s)) console.error(`[bench] hot ${s} ${body.slice(0, 160)}`);
        return [s, ms];
      });
    const rounds = [];
    for (let r = 0; r < HOT_ROUNDS; r++)
      rounds.push(await hotRound(data.hot[r]!, warm + N + r * HOT_REQUESTS, (s) => s === 201));
    const hot = mergeRuns(rounds);
    const over = await hotRound(
      data.overflow,
      warm + N + HOT_ROUNDS * HOT_REQUESTS,
      (s) => s === 201 || s === 409,
    );
    const cpu2 = await cpuNow(raw, serverPid);
    const rawRun = await closedLoop(N, CLIENTS, async (k) => {
      const ms = await rawBooking(
        raw,
        rawAgendas[k % rawAgendas.length]!.id,
        data.patients[warm + N + hotPatients + k]!,
        adminId,
      );
      return [201, ms];
    });
    const cpu3 = await cpuNow(raw, serverPid);
    client.close();

    const check = await raw.query<{ bad: number }>(
      `select count(*)::int as bad from availabilities a where a.booked_slots <>
         (select count(*) from appointments p where p.availability_id = a.id and p.status = 'Confirmada')`,
    );
    const loadAfter = execSync('uptime').toString().trim();
    const pr = percentiles(route);
    const ph = percentiles(hot);
    const po = percentiles(over);
    const worstRound = Math.max(...rounds.map((r) => percentiles(r).max));
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
      `| uncontended quick booking (HTTP) | ${CLIENTS} | ${N} | ${codes(route)} | ${f(pr)} | ${pr.rps.toFixed(0)} |`,
      `| hot agenda (one agenda per round, HTTP) | ${HOT_CLIENTS} | ${HOT_ROUNDS} × ${HOT_REQUESTS} | ${codes(hot)} | ${f(ph)} | ${ph.rps.toFixed(0)} |`,
      `| overflow: ${HOT_REQUESTS} requests, ${OVERFLOW_SLOTS} free slots (HTTP) | ${HOT_CLIENTS} | ${HOT_REQUESTS} | ${codes(over)} | ${f(po)} | ${po.rps.toFixed(0)} answers/s |`,
      `| same transaction as raw SQL (pg.Pool) | ${CLIENTS} | ${N} | ${N}×ok | ${f(pw)} | ${pw.rps.toFixed(0)} |`,
      '',
      `- Route / raw SQL throughput: **${ratio.toFixed(2)}** (goal ≥ 0.5).`,
      `- CPU per booking (user + system, from /proc): route — ${perBooking(cpu0, cpu1, N)}; raw SQL — ${perBooking(cpu2, cpu3, N)}.`,
      `- Goal uncontended ≥ 300 bookings/s with p95 ≤ 50 ms: ${pr.rps.toFixed(0)}/s, p95 ${pr.p95.toFixed(1)} ms — ${pr.rps >= 300 && pr.p95 <= 50 ? 'met' : '**missed**'}.`,
      `- Goal hot agenda p99 ≤ 150 ms: ${ph.p99.toFixed(1)} ms over ${ph.n} answers (slowest answer of any round ${worstRound.toFixed(1)} ms) — ${ph.p99 <= 150 ? 'met' : '**missed**'}; 5xx: ${hot.errors + over.errors + route.errors}.`,
      `- Overflow round: ${over.codes.get(201) ?? 0} booked of ${OVERFLOW_SLOTS} free slots, ${over.codes.get(409) ?? 0} refused with 409, p99 ${po.p99.toFixed(1)} ms; no client retries, so refusals add no load.`,
      `- Agendas whose booked_slots differs from their Confirmada count afterwards: ${check.rows[0]!.bad}.`,
      '',
    ];
    if (args['no-results'] !== 'true') appendFileSync('bench/RESULTS.md', lines.join('\n'));
    console.log(lines.join('\n'));
  } finally {
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    await raw.end();
    if (args['keep-db'] === 'true') console.log(`[bench] kept ${db.url}`);
    else await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
