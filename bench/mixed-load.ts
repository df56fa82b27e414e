/**
 * Mixed load (issue 8, benchmark 4) with autocannon against the API in its own process on PostgreSQL:
 * 70 % reads (quick search, patient directory, agendas of a day, appointments of a day), 20 % writes (quick
 * bookings into many agendas, patient creations), 10 % the Panel de Citas Médicas (its five requests:
 * three appointment counts and two agenda ranges, as apps/web get-dashboard.ts sends them). The load is stepped
 * up (closed-loop autocannon connections: 1, 2, 4, …) until a step misses p95 ≤ 100 ms, p99 ≤ 300 ms, 0 errors,; the throughput of
 * the highest step that held is reported. A 409 from a booking (agenda full,
 * patient busy at that time) is counted apart, not as an error; the agendas have room for every booking.
 *
 *   npx tsx bench/mixed-load.ts [--duration=60] [--connections=1,2,4,8,12,16,24,32,48,64]
 *     [--patients=100000] [--quick] [--no-results]
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { addDays } from '../packages/shared/src/scheduling/calendar-days';
import { localDateTime } from '../packages/shared/src/format';
import { login, scratchDatabase, startApi } from './lib/api-process';
import { cannon } from './lib/cannon';
import { machineLine, ms, pct, report, stamp, table, uptime } from './lib/results';
import { parseArgs } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const quick = args.quick === 'true';
const BASE_URL = args.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(args.duration ?? (quick ? 5 : 60));
/**
 * Closed-loop connections per step. autocannon's overallRate sends each connection's share at the top of every
 * second, a burst of all connections at once that measures queueing of the burst rather than the rate, so the
 * load is stepped by connection count: each step is as many users as connections, each sending its next request
 * when the previous answer arrives.
 */
const STEPS = (args.connections ?? (quick ? '2,8,16' : '1,2,4,8,12,16,24,32,48,64')).split(',').map(Number);
const PATIENTS = Number(args.patients ?? (quick ? 20_000 : 100_000));
const TZ = 'America/Bogota';
const DOCTORS = 60;
const GOAL = { p95: 100, p99: 300 };

type Endpoint = 'quick' | 'directory' | 'agendas' | 'appointments' | 'booking' | 'create' | 'panel';
/** Weights in twentieths: reads 14 (70 %), writes 4 (20 %), the Panel 2 (10 %). */
const WEIGHTS: Record<Endpoint, number> = {
  quick: 4,
  directory: 3,
  agendas: 4,
  appointments: 3,
  booking: 3,
  create: 1,
  panel: 2,
};
const GROUP: Record<Endpoint, 'read' | 'write' | 'Panel'> = {
  quick: 'read',
  directory: 'read',
  agendas: 'read',
  appointments: 'read',
  booking: 'write',
  create: 'write',
  panel: 'Panel',
};
/** 1 → 'a', 27 → 'ba': names may hold only letters and spaces. */
const letters = (n: number) =>
  n.toString(26).replace(/./g, (d) => 'abcdefghijklmnopqrstuvwxyz'[parseInt(d, 26)]!);
const rnd = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** Doctors, agendas from a week ago to two weeks ahead (08:00–18:00 every 15 min, 40 places) and past bookings. */
async function seedScheduling(c: pg.Client, today: string) {
  const q = (text: string, params: unknown[] = []) => c.query(text, params);
  const specialties = (
    await q(`insert into specialties (name) select unnest($1::text[]) on conflict do nothing returning id`, [
      ['Medicina General', 'Pediatría', 'Ginecología', 'Odontología'],
    ])
  ).rows.map((r) => r.id as number);
  const loc = (await q(`insert into locations (name) values ('Sede Bench') returning id`)).rows[0].id;
  const docs = (
    await q(
      `insert into doctors (name, license_number) select 'Doctor Bench ' || g, 'RM-MX' || g from generate_series(1, $1) g returning id`,
      [DOCTORS],
    )
  ).rows.map((r) => r.id as number);
  const from = addDays(today, -7);
  await q(
    `insert into availabilities (location_id, specialty_id, doctor_id, date, start_time, end_time, capacity, duration_minutes)
     select $1, ($2::int[])[1 + (d.i % array_length($2::int[], 1))], d.id, ($3::date + k), '08:00', '18:00', 40, 15
     from unnest($4::int[]) with ordinality d(id, i), generate_series(0, 21) k`,
    [loc, specialties, from, docs],
  );
  // Ten bookings in every agenda up to today, so the lists and the Panel have something to count.
  await q(
    `insert into appointments (patient_id, availability_id, location_id, specialty_id, doctor_id, scheduled_at, ends_at,
       duration_minutes, status, appointment_type, manual)
     select (select min(id) from patients) + ((a.id * 37 + s * 7919) % $2), a.id, a.location_id, a.specialty_id, a.doctor_id,
       ((a.date + time '08:00' + s * interval '15 minutes') at time zone $3),
       ((a.date + time '08:15' + s * interval '15 minutes') at time zone $3),
       15, case when s % 3 = 0 then 'Pendiente' else 'Confirmada' end, 'Presencial', false
     from availabilities a, generate_series(0, 9) s where a.date <= $1::date`,
    [today, PATIENTS, TZ],
  );
  await q(
    `update availabilities a set booked_slots = (select count(*) from appointments p where p.availability_id = a.id and p.status <> 'Cancelada')`,
  );
  const future = (
    await q(`select id from availabilities where date > $1::date order by id`, [today])
  ).rows.map((r) => r.id as number);
  // Bookings go to active patients only (an inactive one is refused with 409, rightly).
  const active = (
    await q(`select id from patients where status = 'Activo' order by md5(id::text) limit 20000`)
  ).rows.map((r) => r.id as number);
  return { future, active, docs };
}

async function main() {
  const before = uptime();
  console.log(`[bench] ${before}`);
  const db = await scratchDatabase(BASE_URL, 'ips_bench_mixed');
  try {
    const t0 = performance.now();
    const gen = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'bench/generate-patients.ts', `--n=${PATIENTS}`, `--url=${db.url}`],
      { stdio: 'inherit' },
    );
    if (gen.status !== 0) throw new Error('generate-patients failed');
    const api = await startApi({ DATABASE_URL: db.url });
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const today = localDateTime(new Date(), TZ).slice(0, 10);
      const data = await seedScheduling(c, today);
      await c.query('vacuum analyze');
      console.log(`[bench] data ready in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      const token = await login(api.base);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const days = Array.from({ length: 22 }, (_, k) => addDays(today, k - 7));
      const prefixes = ['ma', 'jua', 'car', 'lop', 'gom', 'rodri', 'san', 'vill', 'pe', 'gar', 'mar', 'dia'];
      const directory = [
        'page=1&limit=12',
        'status=Activo&page=1&limit=12',
        'gender=Femenino&page=1&limit=12',
        'search=rodriguez&page=1&limit=12',
        'page=2&limit=12',
      ];
      const weekAgo = addDays(today, -6);
      const panel = [
        `/api/appointments?start_date=${weekAgo}&end_date=${today}&page=1&limit=1`,
        `/api/appointments?start_date=${weekAgo}&end_date=${today}&status=Confirmada&page=1&limit=1`,
        `/api/appointments?start_date=${weekAgo}&end_date=${today}&status=Pendiente&page=1&limit=1`,
        `/api/availabilities?start_date=${today}&end_date=${addDays(today, 6)}`,
        `/api/availabilities?start_date=${weekAgo}&end_date=${today}`,
      ];
      let panelNext = 0;
      let docSeq = 0;
      const runTag = Date.now() % 1_000_000;

      // What each response was, read by the 'response' listener right after (same client, same tick).
      let last: Endpoint = 'quick';
      /** Why bookings were refused (409 bodies), to tell a full agenda from a busy patient. */
      const refusals = new Map<string, number>();
      const get = (endpoint: Endpoint, path: () => string) => () => ({
        method: 'GET',
        path: '/api/health',
        headers,
        setupRequest: (req: Record<string, unknown>) => ({ ...req, path: path() }),
        onResponse: () => void (last = endpoint),
      });
      const post = (endpoint: Endpoint, path: string, body: () => object) => () => ({
        method: 'POST',
        path,
        headers,
        setupRequest: (req: Record<string, unknown>) => ({ ...req, body: JSON.stringify(body()) }),
        onResponse: (status: number, text: string) => {
          last = endpoint;
          if (status === 409) refusals.set(text.slice(0, 160), (refusals.get(text.slice(0, 160)) ?? 0) + 1);
        },
      });
      const make: Record<Endpoint, () => Record<string, unknown>> = {
        quick: get('quick', () => `/api/patients/search/quicksearch?query=${rnd(prefixes)}`),
        directory: get('directory', () => `/api/patients-v2?${rnd(directory)}`),
        agendas: get('agendas', () => `/api/availabilities?date=${rnd(days)}`),
        appointments: get(
          'appointments',
          () => `/api/appointments?date=${rnd(days.slice(0, 8))}&page=1&limit=20`,
        ),
        booking: post('booking', '/api/appointments', () => ({
          patient_id: rnd(data.active),
          availability_id: rnd(data.future),
        })),
        create: post('create', '/api/patients', () => {
          docSeq++;
          return {
            document: `77${runTag}${String(docSeq).padStart(6, '0')}`,
            name: `Paciente Carga ${letters(docSeq)}`,
            phone: `31${String(10_000_000 + docSeq).slice(-8)}`,
          };
        }),
        panel: get('panel', () => panel[panelNext++ % panel.length]!),
      };
      /** Each connection gets its own random sequence of requests drawn with the weights of the mix. */
      const bag = (Object.entries(WEIGHTS) as [Endpoint, number][]).flatMap(([e, w]) =>
        Array<Endpoint>(w).fill(e),
      );
      const sequence = () => Array.from({ length: 400 }, () => make[rnd(bag)]());

      // Smoke test: every kind once must answer 2xx (409 allowed for a booking).
      for (const e of Object.keys(make) as Endpoint[]) {
        const r = make[e]() as {
          method: string;
          path: string;
          setupRequest: (x: object) => { path: string; body?: string };
        };
        const req = r.setupRequest(r);
        const res = await fetch(`${api.base}${req.path}`, { method: r.method, headers, body: req.body });
        if (!res.ok && res.status !== 409)
          throw new Error(`${r.method} ${req.path} → ${res.status} ${(await res.text()).slice(0, 300)}`);
      }

      interface Step {
        connections: number;
        achieved: number;
        p50: number;
        p95: number;
        p99: number;
        byEndpoint: Map<Endpoint, number[]>;
        ok: number;
        conflicts: number;
        errors: number;
        codes: string;
        held: boolean;
      }
      const group = (s: Step, g: string) =>
        [...s.byEndpoint].filter(([e]) => GROUP[e] === g).flatMap(([, xs]) => xs);
      const kinds = (s: Step) => ['read', 'write', 'Panel'].map((g) => ms(pct(group(s, g), 95))).join(' / ');
      const perEndpoint = (s: Step) =>
        (Object.keys(WEIGHTS) as Endpoint[])
          .map((e) => `${e} ${ms(pct(s.byEndpoint.get(e) ?? [], 95))}`)
          .join(', ');
      const steps: Step[] = [];
      for (const connections of STEPS) {
        const byEndpoint = new Map<Endpoint, number[]>();
        const all: number[] = [];
        const codes = new Map<string, number>();
        let conflicts = 0;
        let bad = 0;
        const r = await cannon(
          {
            url: api.base,
            connections,
            duration: DURATION,
            timeout: 10,
            requests: [{ method: 'GET', path: '/api/health' }],
            setupClient: (client) =>
              (client as unknown as { setRequests: (r: unknown[]) => void }).setRequests(sequence()),
          },
          (tracker) =>
            tracker.on('response', (_client, status, _bytes, time) => {
              all.push(time);
              const list = byEndpoint.get(last) ?? [];
              list.push(time);
              byEndpoint.set(last, list);
              const key = `${last} ${status}`;
              codes.set(key, (codes.get(key) ?? 0) + 1);
              if (status >= 200 && status < 300) return;
              if (status === 409 && last === 'booking') conflicts++;
              else bad++;
            }),
        );
        const errors = bad + r.errors + r.timeouts;
        const achieved = all.length / r.duration;
        const step: Step = {
          connections,
          achieved,
          p50: pct(all, 50),
          p95: pct(all, 95),
          p99: pct(all, 99),
          byEndpoint,
          ok: all.length - bad - conflicts,
          conflicts,
          errors,
          codes: [...codes]
            .filter(([k]) => !/ 2\d\d$/.test(k))
            .map(([k, n]) => `${n}× ${k}`)
            .join(', '),
          held: false,
        };
        step.held = step.p95 <= GOAL.p95 && step.p99 <= GOAL.p99 && errors === 0;
        steps.push(step);
        console.log(`[bench]   p95 by endpoint: ${perEndpoint(step)}`);
        console.log(
          `[bench] ${connections} connections: ${achieved.toFixed(0)} req/s, p50 ${ms(step.p50)} p95 ${ms(step.p95)} p99 ${ms(step.p99)} ms, ` +
            `errors ${errors}, 409 ${conflicts}${step.codes ? ` (${step.codes})` : ''} → ${step.held ? 'held' : 'missed'}`,
        );
        if (!step.held) break;
      }
      for (const [text, n] of refusals) console.log(`[bench] 409 ×${n}: ${text}`);
      const after = uptime();
      const best = [...steps].reverse().find((s) => s.held);
      const booked = (
        await c.query<{ n: number }>(
          `select count(*)::int as n from appointments a join availabilities v on v.id = a.availability_id where v.date > $1::date`,
          [today],
        )
      ).rows[0]!.n;
      const drift = (
        await c.query<{ bad: number }>(
          `select count(*)::int as bad from availabilities a where a.booked_slots <>
             (select count(*) from appointments p where p.availability_id = a.id and p.status <> 'Cancelada')`,
        )
      ).rows[0]!.bad;
      report(
        [
          `## ${stamp()} UTC — mixed load (bench/mixed-load.ts)${quick ? ' (quick)' : ''}`,
          '',
          `${await machineLine(BASE_URL)}. API in its own process (pool of 10, logs at info to a file, RATE_LIMIT_SCALE=1000), autocannon in the bench process, ` +
            `closed-loop connections stepped up (${STEPS.join(', ')}), ${DURATION} s per step, stopping at the first step that misses; ${PATIENTS.toLocaleString('en')} patients, ${DOCTORS} doctors, ${data.future.length} open agendas ahead. ` +
            `Mix: 70 % reads (quick search 20 %, directory 15 %, agendas of a day 20 %, appointments of a day 15 %), 20 % writes (bookings 15 %, new patients 5 %), 10 % Panel requests. ` +
            `One run per step; latency at the client in ms. \`uptime\` before: \`${before}\`; after: \`${after}\`.`,
          '',
          ...table(
            [
              'connections',
              'req/s',
              'p50 / p95 / p99',
              'p95 read / write / Panel',
              'errors',
              '409 (booking refused)',
              'held',
            ],
            steps.map((s) => [
              s.connections,
              s.achieved.toFixed(0),
              `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.p99)}`,
              kinds(s),
              s.errors,
              s.conflicts,
              s.held ? 'yes' : `no${s.codes ? ` (${s.codes})` : ''}`,
            ]),
          ),
          '',
          best
            ? `- Highest rate held (p95 ≤ ${GOAL.p95} ms, p99 ≤ ${GOAL.p99} ms, 0 errors): **${best.achieved.toFixed(0)} req/s** at ${best.connections} connections (p95 ${ms(best.p95)} ms, p99 ${ms(best.p99)} ms).`
            : `- No step held the goal (p95 ≤ ${GOAL.p95} ms, p99 ≤ ${GOAL.p99} ms, 0 errors) — **missed** at ${STEPS[0]} connection(s).`,
          `- Bookings made into future agendas: ${booked}; agendas whose booked_slots differs from their bookings afterwards: ${drift}.`,
        ],
        args,
      );
    } finally {
      await c.end();
      await api.stop();
    }
  } finally {
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
