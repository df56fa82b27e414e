/**
 * Appointment screens' reads at a clinic's size: on a database loaded by bench/generate-patients.ts and
 * bench/generate-schedule.ts (by default 1,000,000 patients, 300 doctors, 72,600 agendas, 2,000,000
 * appointments), every API call the scheduling screens make, with the query parameters the web app sends
 * (URLSearchParams, as apps/web/src/lib/api-client.ts builds them):
 *   - Panel de Citas Médicas ('/'): the three counts of the period (total, Confirmada, Pendiente: the list's
 *     `total` with limit=1) for 'Última semana' (the default) and 'Último trimestre' (the longest), and the
 *     agendas of the next 7 and of the last 7 days (GET /availabilities, like every agenda list here, in pages of
 *     2,000 read to the last, as lib/fetch-all-pages.ts does);
 *   - Agenda del Día (/daily-agenda): the day's agendas and its appointments, 1000 a page, every page;
 *   - Gestión de agenda (/appointments): the week navigator's and the month calendar's summaries, the upcoming
 *     Activa agendas, the month's Activa agendas, the filter options; a selected day's agendas and its day
 *     detail ('Ver Detalles': the day's appointments, 1000 a page, every page);
 *   - Cola Diaria: its first screen, GET /appointments/daily-queue?date=…&page=1&limit=25 (the first page and the
 *     day's counters in one call), then a page in the middle of the day, a status and a search (their first page);
 *   - the manual booking dialog's conflict check (doctor, patient, time) and a patient's appointments;
 *   - each screen's whole load (its calls sent together, as the browser does; informative, not a goal);
 *   - POST /auto-assignment/smart-assign that must search many days: the specialty's agendas of the next
 *     `--fill-days` working days are first filled to the last free time (Confirmada, one in ten Pendiente, as the
 *     generator does, so they still count free slots and the search examines each of them), then `--smart`
 *     calls book on the first day after; and a patient who can only come in the evening (nothing fits in 30
 *     days: the search examines up to 300 agendas and the patient joins the waiting queue). These WRITE to the
 *     database: one extra call of each kind goes to an in-process API to record its SQL; the filler, the
 *     bookings and the queue entry carry the reason 'bench:schedule-reads' and are removed at the end (booked
 *     slots given back; their audit and event rows stay).
 * Calls run for "today" and the next working day in the organisation's timezone (today: the next working day
 * when today has no agendas). The API runs in its own process (bench/lib/api-process.ts) and is measured at
 * 1 and at 10 closed-loop clients, `--runs` times (medians of the runs). A second, in-process API records the
 * SQL of each call (bench/lib/plans.ts) for EXPLAIN (ANALYZE, BUFFERS), saved to bench/plans/schedule/. The
 * bench's goal: every screen call p95 ≤ 100 ms at 1 client. Appends a section to bench/RESULTS.md unless
 * --no-results (nor are plans written then).
 *
 *   npx tsx bench/schedule-reads.ts [--url=postgres://…/ips_bench] [--runs=3] [--n1=60] [--n10=150]
 *     [--smart=10] [--fill-days=10] [--only=text] [--quick] [--label=text] [--no-results] [--plans-dir=dir]
 * (`--only` keeps the calls whose screen and name contain the text; the smart assignment runs only when the text
 * is part of 'smart-assign'.)
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { localDate, localDateTime, startOfLocalDay } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { DAILY_QUEUE_PAGE } from '@ips/shared/schemas/appointment-booking';
import { AGENDA_LIST_MAX } from '@ips/shared/schemas/availabilities';
import { buildApp } from '../apps/api/src/app';
import {
  TREND_DAYS,
  UPCOMING_DAYS,
  periodRange,
  type DashboardPeriod,
} from '../apps/web/src/features/appointments/utils/dashboard-stats';
import { monthRange, weekRange } from '../apps/web/src/features/agendas/utils/week';
import { BENCH_ADMIN, login, startApi } from './lib/api-process';
import {
  makeClient,
  medianOf,
  percentiles,
  runLoad,
  type LoadResult,
  type Percentiles,
} from './lib/http-load';
import { capture, installCapture } from './lib/plans';
import { machineLine, ms, report, stamp, table, uptime } from './lib/results';
import { benchConfig, parseArgs, targetFrom } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const quick = args.quick === 'true';
const RUNS = Number(args.runs ?? (quick ? 1 : 3));
const N1 = Number(args.n1 ?? (quick ? 20 : 60));
const N10 = Number(args.n10 ?? (quick ? 40 : 150));
const SMART_CALLS = Number(args.smart ?? (quick ? 4 : 10));
const FILL_DAYS = Number(args['fill-days'] ?? 10);
const CONCURRENCY = [1, 10] as const;
const GOAL_P95 = 100;
/** Rows the bench writes (filler, smart-assign bookings, queue entry), removed at the end. */
const MARK = 'bench:schedule-reads';
/** --plans-dir writes the plans elsewhere, also with --no-results (a development run). */
const PLAN_DIR = args['plans-dir'] ?? 'bench/plans/schedule';
/** The web app's page size for a day's appointments (get-appointments.ts). */
const PAGE = 1000;
const writePlans = args['no-results'] !== 'true' || args['plans-dir'] !== undefined;
const target = targetFrom(args);

const log = (msg: string) => console.log(`[schedule-reads] ${msg}`);
const fmt = (p: Percentiles) => `${ms(p.p50)} / ${ms(p.p95)} / ${ms(p.p99)}`;
const slug = (s: string) =>
  s
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/** The path the web app's api client builds: undefined values left out, URLSearchParams encoding. */
function apiPath(path: string, query: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

type Client = ReturnType<typeof makeClient>;

interface Scenario {
  screen: string;
  name: string;
  /** One call cycled through these paths; the first one's SQL is recorded and explained. */
  paths?: string[];
  /** A screen's whole load (several calls); returns whether every answer was 200. */
  load?: (c: Client) => Promise<boolean>;
}

/** A closed loop like runLoad's, over a task of several requests (a screen's whole load). */
async function runTasks(
  c: Client,
  task: (c: Client) => Promise<boolean>,
  total: number,
  concurrency: number,
): Promise<LoadResult> {
  const samples: number[] = [];
  let errors = 0;
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    for (let k = next++; k < total; k = next++) {
      const t = performance.now();
      if (await task(c)) samples.push(performance.now() - t);
      else errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { samples, errors, seconds: (performance.now() - t0) / 1000 };
}

/** Statements on the scheduling tables (the session check and the settings reads are left out). */
const SCHEDULE_SQL =
  /\b(from|join|into|update)\s+"?(appointments|availabilities|doctors|specialties|locations|doctor_\w+|location_\w+|queue_entries|patients)"?/i;
/** Only reads are explained: EXPLAIN ANALYZE runs the statement. */
const READ_ONLY = (text: string) =>
  /^\s*select\b/i.test(text) &&
  !/\bfor\s+(update|share|no key update)\b|book_appointment|pg_notify|pg_advisory|nextval|set_config/i.test(
    text,
  );

type Statement = Awaited<ReturnType<typeof capture>>[number];

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the distinct read statements a call sent (the first of each text), written to
 * bench/plans/schedule/<file>.txt; returns a one-line summary: the slowest statement's execution time, a seq
 * scan on a big table if any, and how many statements the call sent.
 */
async function explain(db: pg.Client, file: string, title: string, statements: Statement[]): Promise<string> {
  const groups = new Map<string, { first: Statement; n: number }>();
  for (const st of statements) {
    const g = groups.get(st.text);
    if (g) g.n++;
    else groups.set(st.text, { first: st, n: 1 });
  }
  const out = [
    `# ${title}`,
    '',
    `${statements.length} statements on the scheduling tables, ${groups.size} distinct.`,
    '',
  ];
  const timed: { ms: number; n: number; seq: string[] }[] = [];
  let k = 0;
  for (const [text, g] of groups) {
    k++;
    out.push(`## statement ${k}${g.n > 1 ? ` (sent ${g.n} times)` : ''}`, '', text, '');
    out.push(`params: ${JSON.stringify(g.first.values)}`, '');
    if (!READ_ONLY(text)) {
      out.push('(a write or a locking read: not explained)', '');
      continue;
    }
    const { rows } = await db.query<Record<string, string>>(
      `explain (analyze, buffers) ${text}`,
      g.first.values.map((v) => (v instanceof Date ? v.toISOString() : v)),
    );
    const plan = rows.map((r) => Object.values(r)[0]).join('\n');
    out.push(plan, '');
    const seq = [...plan.matchAll(/Seq Scan on (appointments|availabilities|patients)\b/g)].map((m) => m[1]!);
    timed.push({ ms: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN), n: g.n, seq });
  }
  if (writePlans) {
    mkdirSync(PLAN_DIR, { recursive: true });
    writeFileSync(join(PLAN_DIR, `${file}.txt`), out.join('\n'));
  }
  if (timed.length === 0) return 'no read on the scheduling tables';
  const main = timed.reduce((a, b) => (b.ms > a.ms ? b : a));
  const seq = [...new Set(timed.flatMap((t) => t.seq))];
  const repeated = timed.filter((t) => t.n > 1).map((t) => `${t.n} × ${t.ms.toFixed(2)} ms`);
  return [
    `${main.ms.toFixed(1)} ms`,
    seq.length ? ` SEQ SCAN ON ${seq.join(', ').toUpperCase()}` : '',
    statements.length > 1 ? ` (slowest of ${statements.length} statements` : '',
    repeated.length ? `; repeated: ${repeated.join(', ')}` : '',
    statements.length > 1 ? ')' : '',
  ].join('');
}

/** The next working days (a day with Activa agendas) from `from` on. */
async function workingDays(db: pg.Client, from: string, n: number, specialtyId?: number): Promise<string[]> {
  const { rows } = await db.query<{ d: string }>(
    `select distinct to_char(date, 'YYYY-MM-DD') d from availabilities
      where date >= $1::date and status = 'Activa' and ($2::int is null or specialty_id = $2)
      order by 1 limit $3`,
    [from, specialtyId ?? null, n],
  );
  return rows.map((r) => r.d);
}

async function buildScenarios(db: pg.Client, today: string, tz: string) {
  const [dayA, dayB] = await workingDays(db, today, 2);
  if (!dayA || !dayB)
    throw new Error('No hay agendas desde hoy: cargue la agenda (bench/generate-schedule.ts)');
  const days = [dayA, dayB];
  const perDay = new Map<string, number>();
  for (const d of days) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int n from appointments where scheduled_at >= $1 and scheduled_at < $2`,
      [startOfLocalDay(d, tz), startOfLocalDay(addDays(d, 1), tz)],
    );
    perDay.set(d, rows[0]!.n);
  }

  // Panel de Citas Médicas (get-dashboard.ts): counts of the period, agendas of the next and last 7 days.
  const counts = (period: DashboardPeriod) => {
    const r = periodRange(period, today);
    const between = { start_date: r.start, end_date: r.end };
    return {
      total: apiPath('/appointments', { ...between, page: 1, limit: 1 }),
      confirmed: apiPath('/appointments', { ...between, status: 'Confirmada', page: 1, limit: 1 }),
      pending: apiPath('/appointments', { ...between, status: 'Pendiente', page: 1, limit: 1 }),
    };
  };
  const week = counts('week');
  const quarter = counts('quarter');
  // GET /availabilities as lib/fetch-all-pages.ts asks it: pages of AGENDA_LIST_MAX (2,000), every page.
  const agendaPage = (q: Record<string, string | number>, page = 1) =>
    apiPath('/availabilities', { ...q, page, limit: AGENDA_LIST_MAX });
  const nextWeek = agendaPage({ start_date: today, end_date: addDays(today, UPCOMING_DAYS - 1) });
  const lastWeek = agendaPage({ start_date: addDays(today, -(TREND_DAYS - 1)), end_date: today });
  // 'Próximas disponibilidades' (upcoming-availabilities.tsx): the agendas that can still take an appointment.
  const bookable = (page: number) =>
    apiPath('/availabilities', {
      bookable: 'true',
      start_date: today,
      end_date: addDays(today, UPCOMING_DAYS - 1),
      page,
      limit: 10,
    });

  // Agenda del Día (day-agenda-view.tsx): the day's agendas, its appointments 1000 a page (every page).
  const dayAgendas = (d: string) => agendaPage({ date: d });
  const dayPage = (d: string, page: number) => apiPath('/appointments', { date: d, page, limit: PAGE });
  const laterPages = days.flatMap((d) =>
    Array.from({ length: Math.max(0, Math.ceil(perDay.get(d)! / PAGE) - 1) }, (_, i) => dayPage(d, i + 2)),
  );

  // Gestión de agenda (calendar-tab.tsx, week-navigator.tsx, month-summary-calendar.tsx, day-detail-dialog.tsx).
  const wk = weekRange(today);
  const month = monthRange(today.slice(0, 7));
  const monthFrom = month.start < today ? today : month.start;
  const weekSummary = apiPath('/appointments/summary', { start: wk.start, end: wk.end });
  const monthSummary = apiPath('/appointments/summary', { start: month.start, end: month.end });
  const upcomingQuery = { status: 'Activa', start_date: today, end_date: addDays(today, 7) };
  const monthQuery = { status: 'Activa', start_date: monthFrom, end_date: month.end };
  const upcoming = agendaPage(upcomingQuery);
  const monthList = agendaPage(monthQuery);
  const filterOptions = apiPath('/availabilities/filters/options');

  // The manual booking dialog's conflict check: a doctor with an agenda on the day, a time inside it, a patient.
  const { rows: agendas } = await db.query<{
    doctor_id: number;
    date: string;
    start: string;
    duration: number;
  }>(
    `select doctor_id, to_char(date, 'YYYY-MM-DD') date, to_char(start_time + interval '2 hours', 'HH24:MI') start,
            duration_minutes duration
       from availabilities where date = any($1::date[]) and status = 'Activa' order by id limit 6`,
    [days],
  );
  const { rows: people } = await db.query<{ id: number }>(
    `select p.id from patients p where p.status = 'Activo' and p.id % 997 = 3 and exists
       (select 1 from appointments a where a.patient_id = p.id) order by p.id limit 8`,
  );
  if (agendas.length === 0 || people.length === 0) throw new Error('Sin agendas o pacientes de muestra');
  const conflicts = agendas.map((a, i) =>
    apiPath('/appointments/conflicts', {
      doctor_id: a.doctor_id,
      patient_id: people[i % people.length]!.id,
      scheduled_at: `${a.date} ${a.start}:00`,
      duration_minutes: a.duration,
    }),
  );
  const patientAppointments = people.map((p) => apiPath('/appointments', { patient_id: p.id }));

  const ok = (r: [number, number, string]) => r[0] === 200;
  const all = async (c: Client, paths: string[]) => (await Promise.all(paths.map((p) => c.get(p)))).every(ok);
  /** Page 1, then the other pages together (lib/fetch-all-pages.ts). */
  const everyPage = async (c: Client, page: (n: number) => string, size: number) => {
    const first = await c.get(page(1));
    if (!ok(first)) return false;
    const total = Number(/"total":(\d+)/.exec(first[2].slice(-300))?.[1] ?? 0);
    const rest = Array.from({ length: Math.max(0, Math.ceil(total / size) - 1) }, (_, i) => page(i + 2));
    return all(c, rest);
  };
  const dayAppointments = (c: Client, d: string) => everyPage(c, (n) => dayPage(d, n), PAGE);
  const agendaPages = (c: Client, q: Record<string, string | number>) =>
    everyPage(c, (n) => agendaPage(q, n), AGENDA_LIST_MAX);
  let turn = 0;
  const nextDay = () => days[turn++ % days.length]!;
  // Cola Diaria (daily-queue-view.tsx): a page of the day as the web asks it (date, status, q, page, limit).
  const dailyPage = (d: string, page: number, filters: { status?: string; q?: string } = {}) =>
    apiPath('/appointments/daily-queue', { date: d, ...filters, page, limit: DAILY_QUEUE_PAGE });

  const P = 'Panel de Citas Médicas';
  const A = 'Agenda del Día';
  const G = 'Gestión de agenda';
  const scenarios: Scenario[] = [
    { screen: P, name: 'count of the period, week (default)', paths: [week.total] },
    { screen: P, name: 'count Confirmada, week', paths: [week.confirmed] },
    { screen: P, name: 'count Pendiente, week', paths: [week.pending] },
    { screen: P, name: 'count of the period, quarter (longest)', paths: [quarter.total] },
    { screen: P, name: 'count Confirmada, quarter', paths: [quarter.confirmed] },
    { screen: P, name: 'count Pendiente, quarter', paths: [quarter.pending] },
    { screen: P, name: 'agendas of the next 7 days', paths: [nextWeek] },
    { screen: P, name: 'agendas of the last 7 days (trend)', paths: [lastWeek] },
    { screen: P, name: "'Próximas disponibilidades': bookable agendas, page 1 of 10", paths: [bookable(1)] },
    { screen: P, name: "'Próximas disponibilidades': page 5", paths: [bookable(5)] },
    {
      screen: P,
      name: 'whole load, week (5 calls together)',
      load: (c) => all(c, [week.total, week.confirmed, week.pending, nextWeek, lastWeek]),
    },
    {
      screen: P,
      name: 'whole load, quarter (5 calls together)',
      load: (c) => all(c, [quarter.total, quarter.confirmed, quarter.pending, nextWeek, lastWeek]),
    },
    { screen: A, name: "the day's agendas", paths: days.map(dayAgendas) },
    { screen: A, name: "the day's appointments, page 1 (limit 1000)", paths: days.map((d) => dayPage(d, 1)) },
    ...(laterPages.length
      ? [{ screen: A, name: "the day's appointments, pages 2–n", paths: laterPages }]
      : []),
    {
      screen: A,
      name: 'whole load (agendas ‖ page 1 → other pages)',
      load: async (c) => {
        const d = nextDay();
        const [a, b] = await Promise.all([c.get(dayAgendas(d)), dayAppointments(c, d)]);
        return ok(a) && b;
      },
    },
    { screen: G, name: 'week navigator summary', paths: [weekSummary] },
    { screen: G, name: 'month calendar summary', paths: [monthSummary] },
    { screen: G, name: 'day list: upcoming Activa agendas (8 days), page 1', paths: [upcoming] },
    {
      screen: G,
      name: 'day list: upcoming Activa agendas (8 days), every page',
      load: (c) => agendaPages(c, upcomingQuery),
    },
    { screen: G, name: "availability list: the month's Activa agendas, page 1", paths: [monthList] },
    {
      screen: G,
      name: "availability list: the month's Activa agendas, every page",
      load: (c) => agendaPages(c, monthQuery),
    },
    { screen: G, name: 'filter options', paths: [filterOptions] },
    { screen: G, name: "day list: a selected day's agendas", paths: days.map(dayAgendas) },
    {
      screen: G,
      name: "day detail ('Ver Detalles'): the day's appointments, every page",
      load: (c) => dayAppointments(c, nextDay()),
    },
    {
      screen: G,
      name: 'whole load (5 calls together)',
      load: async (c) =>
        (
          await Promise.all([
            all(c, [weekSummary, monthSummary, filterOptions]),
            agendaPages(c, upcomingQuery),
            agendaPages(c, monthQuery),
          ])
        ).every(Boolean),
    },
    // What Cola Diaria asks first (daily-queue-view.tsx): the day's first page and its counters, in one call.
    {
      screen: 'Cola Diaria',
      name: `first screen: page 1 (${DAILY_QUEUE_PAGE} rows) and the day's counters`,
      paths: days.map((d) => dailyPage(d, 1)),
    },
    // What a person asks next: a page further on, a status, a search (each its own call, first page).
    {
      screen: 'Cola Diaria',
      name: 'a page in the middle of the day',
      paths: days.map((d) => dailyPage(d, Math.ceil(perDay.get(d)! / DAILY_QUEUE_PAGE / 2))),
    },
    {
      screen: 'Cola Diaria',
      name: 'status Pendiente, page 1',
      paths: days.map((d) => dailyPage(d, 1, { status: 'Pendiente' })),
    },
    {
      screen: 'Cola Diaria',
      name: "search 'gomez' (patient, document, doctor or specialty), page 1",
      paths: days.map((d) => dailyPage(d, 1, { q: 'gomez' })),
    },
    { screen: 'Booking dialogs', name: 'conflict check (doctor, patient, time)', paths: conflicts },
    { screen: 'Patient detail', name: "a patient's appointments", paths: patientAppointments },
  ];
  const only = args.only;
  return {
    days,
    perDay,
    scenarios: scenarios.filter(
      (s) => !only || `${s.screen} ${s.name}`.toLowerCase().includes(only.toLowerCase()),
    ),
  };
}

interface SmartRow {
  name: string;
  calls: number;
  latency: Percentiles;
  outcome: string;
  plan: string;
}

/**
 * Smart assignment that must search many days. Writes: the filler appointments, one booking per call of the
 * first kind, one queue entry for the second; all removed in `cleanup`.
 */
async function smartAssignRows(
  db: pg.Client,
  tz: string,
  today: string,
  api: { base: string; token: string },
  inproc: { base: string; token: string },
): Promise<{ rows: SmartRow[]; notes: string[] }> {
  const notes: string[] = [];
  const apiClient = makeClient(api.base, api.token, 2);
  const inprocClient = makeClient(inproc.base, inproc.token, 2);
  const key = () => ({ 'idempotency-key': randomUUID() });
  try {
    const { rows: sp } = await db.query<{ id: number; name: string; doctors: number }>(
      `select s.id, s.name, count(ds.doctor_id)::int doctors from specialties s
         join doctor_specialties ds on ds.specialty_id = s.id group by s.id order by 3 desc, 1 limit 1`,
    );
    const specialty = sp[0]!;
    const fill = await workingDays(db, today, FILL_DAYS, specialty.id);
    const windowFrom = startOfLocalDay(today, tz);
    const windowTo = startOfLocalDay(addDays(today, 31), tz);
    // Patients free in the whole search window and not waiting in a queue: one per booking, one for the queue.
    const { rows: free } = await db.query<{ id: number }>(
      `select p.id from patients p where p.status = 'Activo'
          and not exists (select 1 from appointments a where a.patient_id = p.id
                            and a.scheduled_at >= $1 and a.scheduled_at < $2)
          and not exists (select 1 from queue_entries q where q.patient_id = p.id)
        order by p.id limit $3`,
      [windowFrom, windowTo, SMART_CALLS + 2],
    );
    if (free.length < SMART_CALLS + 2)
      throw new Error('Faltan pacientes libres para la asignación inteligente');
    const patients = free.map((r) => r.id);

    const t0 = performance.now();
    const { rows: filled } = await db.query<{ n: number; agendas: number }>(
      `with target as (
         select a.id, a.doctor_id, a.location_id, a.specialty_id, a.date, a.start_time, a.duration_minutes,
                (extract(epoch from a.end_time - a.start_time) / 60)::int / a.duration_minutes as slots
           from availabilities a
          where a.specialty_id = $1 and a.status = 'Activa' and a.date = any($2::date[])),
       times as (
         select t.*, (t.date + t.start_time + make_interval(mins => g * t.duration_minutes)) at time zone $3 as at
           from target t cross join lateral generate_series(0, t.slots - 1) g),
       free_times as (
         select t.*, row_number() over (order by t.date, t.id, t.at) as rn from times t
          where not exists (select 1 from appointments x where x.doctor_id = t.doctor_id and x.status <> 'Cancelada'
                              and tstzrange(x.scheduled_at, x.ends_at)
                                  && tstzrange(t.at, t.at + make_interval(mins => t.duration_minutes)))),
       people as (
         select p.id, row_number() over (order by p.id desc) as rn from patients p
          where p.status = 'Activo' and p.id <> all($4::int[])
            and not exists (select 1 from appointments x where x.patient_id = p.id
                              and x.scheduled_at >= $5 and x.scheduled_at < $6)
          order by p.id desc limit (select count(*) from free_times)),
       ins as (
         insert into appointments (patient_id, availability_id, location_id, specialty_id, doctor_id,
                                   scheduled_at, ends_at, duration_minutes, status, appointment_type, reason)
         select p.id, f.id, f.location_id, f.specialty_id, f.doctor_id, f.at,
                f.at + make_interval(mins => f.duration_minutes), f.duration_minutes,
                case when f.rn % 10 = 0 then 'Pendiente' else 'Confirmada' end, 'Presencial', $7
           from free_times f join people p using (rn)
         returning availability_id, status),
       per_agenda as (
         select availability_id, count(*) filter (where status = 'Confirmada')::int n from ins group by 1),
       upd as (
         update availabilities v set booked_slots = v.booked_slots + c.n
           from per_agenda c where v.id = c.availability_id returning v.id)
       select (select count(*)::int from ins) n, (select count(*)::int from upd) agendas`,
      [specialty.id, fill, tz, patients, windowFrom, windowTo, MARK],
    );
    const lastFilled = fill[fill.length - 1]!;
    notes.push(
      `Smart assignment: ${specialty.name} (${specialty.doctors} doctors); its agendas of the next ${fill.length} working days ` +
        `(${fill[0]} to ${lastFilled}) filled to the last free time first: ${filled[0]!.n} appointments in ` +
        `${filled[0]!.agendas} agendas (${((performance.now() - t0) / 1000).toFixed(1)} s), one in ten Pendiente so they still count free slots.`,
    );
    await db.query('analyze appointments');

    const body = (patient: number, extra: object = {}) => ({
      patient_id: patient,
      specialty_id: specialty.id,
      location_id: null,
      preferred_doctor_id: null,
      urgency_level: 'Normal',
      appointment_type: 'Presencial',
      reason: MARK,
      notes: null,
      insurance_type: null,
      search_days_ahead: 30,
      ...extra,
    });
    const path = '/api/auto-assignment/smart-assign';
    const kinds = [
      {
        name: `smart-assign, ${specialty.name}, next ${fill.length} working days full (search_days_ahead 30)`,
        file: 'smart-assign-full-days',
        body: (k: number) => body(patients[k]!),
      },
      {
        name: `smart-assign, evening only: nothing fits in 30 days → waiting queue`,
        file: 'smart-assign-evening-queue',
        body: () => body(patients[SMART_CALLS + 1]!, { preferred_time_slots: ['evening'] }),
      },
    ];
    const rows: SmartRow[] = [];
    for (const kind of kinds) {
      // One call to the in-process API to record its SQL (it writes too), then the measured calls.
      let answer = '';
      const statements = await capture(async () => {
        const [status, , text] = await inprocClient.post(path, kind.body(SMART_CALLS), key());
        if (status !== 200) throw new Error(`smart-assign (in process) → ${status} ${text.slice(0, 300)}`);
        answer = text;
      }, SCHEDULE_SQL);
      const plan = await explain(db, kind.file, `${kind.name}: POST ${path}`, statements);
      log(`plan ${kind.name}: ${plan}`);
      const samples: number[] = [];
      const outcomes = new Map<string, number>();
      const t = performance.now();
      for (let k = 0; k < SMART_CALLS; k++) {
        const [status, took, text] = await apiClient.post(path, kind.body(k), key());
        if (status !== 200) throw new Error(`smart-assign → ${status} ${text.slice(0, 300)}`);
        samples.push(took);
        const r = JSON.parse(text) as {
          data: { assignment_type: string; appointment: { scheduled_at: string } | null };
        };
        const o =
          r.data.assignment_type === 'appointment'
            ? `booked on ${r.data.appointment!.scheduled_at.slice(0, 10)}`
            : 'queued';
        outcomes.set(o, (outcomes.get(o) ?? 0) + 1);
      }
      const latency = percentiles({ samples, errors: 0, seconds: (performance.now() - t) / 1000 });
      const outcome = [...outcomes].map(([o, n]) => `${n} × ${o}`).join(', ');
      log(`${kind.name}: ${fmt(latency)} ms; ${outcome}; first answer ${answer.slice(0, 120)}…`);
      rows.push({ name: kind.name, calls: SMART_CALLS, latency, outcome, plan });
    }
    return { rows, notes };
  } finally {
    apiClient.close();
    inprocClient.close();
  }
}

/** Removes what the bench wrote (also left over by an interrupted run) and gives the booked slots back. */
async function cleanup(db: pg.Client): Promise<string> {
  const { rows } = await db.query<{ n: number; agendas: number[] }>(
    `with gone as (delete from appointments where reason = $1 returning availability_id, status),
          per_agenda as (select availability_id, count(*) filter (where status = 'Confirmada')::int n
                           from gone where availability_id is not null group by 1),
          upd as (update availabilities v set booked_slots = v.booked_slots - c.n
                    from per_agenda c where v.id = c.availability_id returning v.id)
     select (select count(*)::int from gone) n, coalesce((select array_agg(id) from upd), '{}') agendas`,
    [MARK],
  );
  const queue = await db.query(`delete from queue_entries where reason = $1`, [MARK]);
  const touched = rows[0]!.agendas;
  const { rows: drift } = await db.query<{ n: number }>(
    `select count(*)::int n from availabilities a where a.id = any($1::int[]) and a.booked_slots <>
       (select count(*) from appointments p where p.availability_id = a.id and p.status = 'Confirmada')`,
    [touched],
  );
  return (
    `removed ${rows[0]!.n} appointments and ${queue.rowCount ?? 0} queue entries the bench wrote; ` +
    `of the ${touched.length} agendas touched, ${drift[0]!.n} have booked_slots different from their Confirmada count`
  );
}

async function main() {
  if (target.kind !== 'postgres') throw new Error('This bench runs on PostgreSQL (--url)');
  const url = target.databaseUrl!;
  const before = uptime();
  log(before);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  installCapture();
  const api = await startApi({ DATABASE_URL: url });
  const inprocApp = await buildApp(benchConfig(target, BENCH_ADMIN));
  try {
    const leftover = await cleanup(db);
    if (!leftover.startsWith('removed 0 appointments and 0')) log(`before: ${leftover}`);
    const { rows: sizes } = await db.query<Record<string, number>>(
      `select (select count(*)::int from patients) patients, (select count(*)::int from doctors) doctors,
              (select count(*)::int from availabilities) agendas, (select count(*)::int from appointments) appointments`,
    );
    const size = sizes[0]!;
    if (!size.appointments) throw new Error('Cargue primero la agenda (bench/generate-schedule.ts)');
    const tz = (
      (await (await fetch(`${api.base}/api/settings/public`)).json()) as { data: { org_timezone: string } }
    ).data.org_timezone;
    const now = new Date();
    const today = localDate(now, tz);
    const token = await login(api.base);
    await inprocApp.listen({ host: '127.0.0.1', port: 0 });
    const inprocBase = `http://127.0.0.1:${(inprocApp.server.address() as AddressInfo).port}`;
    const inprocToken = await login(inprocBase);
    const inproc = makeClient(inprocBase, inprocToken, 4);
    const client = makeClient(api.base, token, 64);

    const { days, perDay, scenarios } = await buildScenarios(db, today, tz);
    const sizeLine =
      `${size.patients!.toLocaleString('en')} patients, ${size.doctors} doctors, ${size.agendas!.toLocaleString('en')} agendas, ` +
      `${size.appointments!.toLocaleString('en')} appointments`;
    log(sizeLine);
    log(
      `today ${today} (${localDateTime(now, tz).slice(11, 16)} in ${tz}); days measured: ${days
        .map((d) => `${d} (${perDay.get(d)} appointments)`)
        .join(', ')}`,
    );

    // Warm-up (every call once, each must answer 200) and the plans of each call's first path.
    const plans = new Map<string, string>();
    for (const s of scenarios) {
      for (const p of s.paths ?? []) {
        const [status, , body] = await client.get(p);
        if (status !== 200) throw new Error(`${p} → ${status} ${body.slice(0, 300)}`);
      }
      if (s.load && !(await s.load(client)))
        throw new Error(`${s.screen}: ${s.name} → an answer was not 200`);
      if (!s.paths) continue;
      const statements = await capture(() => inproc.get(s.paths![0]!), SCHEDULE_SQL);
      const plan = await explain(
        db,
        slug(`${s.screen} ${s.name}`),
        `${s.screen} — ${s.name}: GET ${s.paths[0]}`,
        statements,
      );
      plans.set(s.name, plan);
      log(`plan ${s.screen} — ${s.name}: ${plan}`);
    }

    const perRun = new Map<string, Percentiles[]>();
    for (let run = 1; run <= RUNS; run++) {
      for (const s of scenarios) {
        for (const c of CONCURRENCY) {
          const n = Math.max(c * 2, c === 1 ? N1 : N10);
          const r = s.paths ? await runLoad(client, s.paths, n, c) : await runTasks(client, s.load!, n, c);
          if (r.errors) log(`${s.screen} — ${s.name} c=${c}: ${r.errors} errors`);
          const p = percentiles(r);
          perRun.set(`${s.name}@${c}`, [...(perRun.get(`${s.name}@${c}`) ?? []), p]);
          log(`run ${run} ${s.screen} — ${s.name} c=${c}: ${fmt(p)} ms, ${p.rps.toFixed(0)} req/s`);
        }
      }
    }
    client.close();

    let cleaned = '';
    // --only that names no smart-assign call measures the screens' reads alone (nothing is written).
    const runSmart = !args.only || 'smart-assign'.includes(args.only.toLowerCase());
    let smart: Awaited<ReturnType<typeof smartAssignRows>> = { rows: [], notes: [] };
    if (runSmart)
      try {
        smart = await smartAssignRows(
          db,
          tz,
          today,
          { base: api.base, token },
          { base: inprocBase, token: inprocToken },
        );
      } finally {
        cleaned = await cleanup(db);
        log(cleaned);
      }
    inproc.close();
    const after = uptime();

    const rows = scenarios.map((s) => {
      const c1 = medianOf(perRun.get(`${s.name}@1`)!);
      const c10 = medianOf(perRun.get(`${s.name}@10`)!);
      return { s, c1, c10, met: c1.p95 <= GOAL_P95 };
    });
    const calls = rows.filter((r) => r.s.paths);
    const missed = calls.filter((r) => !r.met);
    const smartMissed = smart.rows.filter((r) => r.latency.p95 > GOAL_P95);
    report(
      [
        `## ${stamp()} UTC — appointment screens' reads (bench/schedule-reads.ts), ${sizeLine}${args.label ? ` — ${args.label}` : ''}${quick ? ' (quick)' : ''}`,
        '',
        `${await machineLine(url)}. API in its own process (pool of 10, logs at info to a file, RATE_LIMIT_SCALE=1000), ` +
          `the admin user's token; each call as the web app sends it, for ${days.join(' and ')} (today ${today}, ${tz}). ` +
          `Median of ${RUNS} run(s) of ${N1} requests at 1 client and ${N10} at 10 (closed loop, the paths of a call cycled); ` +
          `latency at the HTTP client in ms, p50 / p95 / p99. Plans: \`${PLAN_DIR}/\` (EXPLAIN (ANALYZE, BUFFERS) of the SQL each call sent, recorded from an in-process API). ` +
          `\`uptime\` before: \`${before}\`; after: \`${after}\`.`,
        '',
        ...table(
          [
            'screen',
            'call',
            '1 client',
            '10 clients',
            'req/s at 10',
            'server time of the slowest statement',
            `p95 ≤ ${GOAL_P95} ms at 1 client`,
          ],
          rows.map((r) => [
            r.s.screen,
            r.s.name,
            fmt(r.c1),
            fmt(r.c10),
            r.c10.rps.toFixed(0),
            plans.get(r.s.name) ?? '(several calls)',
            r.s.paths
              ? r.met
                ? 'met'
                : '**missed**'
              : `(informative: ${r.c1.p95 <= GOAL_P95 ? 'within' : 'over'})`,
          ]),
        ),
        ...(runSmart
          ? [
              '',
              ...table(
                [
                  'call (writes; 1 client, sequential)',
                  'calls',
                  'p50 / p95 / p99',
                  'outcome',
                  'server time of the slowest statement',
                  `p95 ≤ ${GOAL_P95} ms`,
                ],
                smart.rows.map((r) => [
                  r.name,
                  r.calls,
                  fmt(r.latency),
                  r.outcome,
                  r.plan,
                  r.latency.p95 <= GOAL_P95 ? 'met' : '**missed**',
                ]),
              ),
              '',
              ...smart.notes.map((n) => `- ${n}`),
              `- Writes: besides the calls measured, one call of each smart-assign kind went to the in-process API to record its SQL; afterwards the bench ${cleaned}. Audit and event rows of the bookings stay.`,
            ]
          : [
              '',
              `- Only the calls named by \`--only=${args.only}\` were measured; no smart assignment, nothing written.`,
            ]),
        `- Goal (this bench's): every screen call p95 ≤ ${GOAL_P95} ms at 1 client: ` +
          (missed.length + smartMissed.length === 0
            ? '**met** by every call.'
            : `**missed** by ${[...missed.map((r) => `${r.s.screen} — ${r.s.name} (${ms(r.c1.p95)} ms)`), ...smartMissed.map((r) => `${r.name} (${ms(r.latency.p95)} ms)`)].join('; ')}.`),
      ],
      args,
    );
  } finally {
    await inprocApp.close();
    await api.stop();
    await db.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
