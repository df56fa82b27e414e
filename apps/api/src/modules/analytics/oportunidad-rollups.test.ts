import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { appointments } from '../../db/schema/appointments';
import { eps } from '../../db/schema/catalogs';
import { holidays } from '../../db/schema/holidays';
import { patients } from '../../db/schema/patients';
import { onPostgres } from '../../test/helpers';
import { appointmentRow, at, rowsOf } from './test-factory';
import { book, createAgenda, newPatient, worldFixture, type World } from '../../test/factories/world';
import { oportunidad, oportunidadDetailRows } from './oportunidad';
import { oportunidadAppointments } from './oportunidad-list';
import { factDetailBatches } from './oportunidad-rollups';

/*
 * The oportunidad facts and rollups of migration 0033 (decision 041) against a recount from appointments written here
 * independently (a window over each patient's specialty and year, working days counted day by day), after each step
 * of a mixed sequence: bookings, a multi-row insert, an earlier appointment that takes the first visit from a later
 * one, cancelling and un-cancelling the first, corrections either way, a desired date, request and assigned days that
 * move (across a year), a change of specialty, site and patient, a new EPS, holidays added, moved and removed,
 * deletes (an appointment, a patient with cascade), the rebuild and a truncate. Then every report read from the
 * rollups equals the one counted from appointments. With them the population rollup of migration 0034 (decision 042),
 * behind the total of the report's appointment list.
 */

const TZ = 'America/Bogota';
const ctx = worldFixture();
let w: World;
const db = () => w.t.app.deps.db;

const rows = rowsOf(db);

const recount = sql`select a.id as appointment_id, a.patient_id, a.specialty_id, a.location_id,
    coalesce(p.insurance_eps_id, 0) as eps_id, a.req::text as req_day, a.given::text as given_day,
    a.desired_date::text as desired_date,
    (select count(*) from generate_series(a.req + 1, a.given, interval '1 day') d
      where extract(isodow from d) not in (6, 7) and d::date not in (select date from holidays)) as working_days
  from (select x.*, (x.created_at at time zone ${TZ})::date as req, (x.scheduled_at at time zone ${TZ})::date as given,
          row_number() over (partition by x.patient_id, x.specialty_id,
            extract(year from x.scheduled_at at time zone ${TZ}) order by x.scheduled_at, x.id) as rn
        from appointments x where x.status <> 'Cancelada') a
    left join patients p on p.id = a.patient_id
  where coalesce(a.first_visit, a.rn = 1) and a.given >= a.req`;

/** The facts and the rollups equal the recount and its sums (rows whose measures are all zero left out). */
async function expectExact(step: string) {
  await db().execute(sql`select analytics_drain()`);
  const facts = sql`select appointment_id, patient_id, specialty_id, location_id, eps_id, req_day::text,
    given_day::text, desired_date::text, working_days from oportunidad_facts`;
  expect(await rows(facts), step).toEqual(await rows(recount));
  const rolled = sql`select req_day::text, specialty_id, location_id, eps_id, n, lag_sum, n_desired,
      desired_lag_sum, working_days_sum from oportunidad_day_rollups
    where n <> 0 or lag_sum <> 0 or n_desired <> 0 or desired_lag_sum <> 0 or working_days_sum <> 0`;
  const summed = sql`select req_day, specialty_id, location_id, eps_id, count(*) as n,
      sum(given_day::date - req_day::date) as lag_sum, count(desired_date) as n_desired,
      coalesce(sum(greatest(given_day::date - desired_date::date, 0)), 0) as desired_lag_sum,
      sum(working_days) as working_days_sum
    from (${recount}) f group by 1, 2, 3, 4`;
  expect(await rows(rolled), step).toEqual(await rows(summed));
  // The population (first visits and controls) per request day, specialty, site and EPS (migration 0034).
  const population = sql`select req_day::text, specialty_id, location_id, eps_id, n from oportunidad_request_rollups
    where n <> 0`;
  const populationRecount = sql`select (a.created_at at time zone ${TZ})::date::text as req_day, a.specialty_id,
      a.location_id, coalesce(p.insurance_eps_id, 0) as eps_id, count(*) as n
    from appointments a join patients p on p.id = a.patient_id
    where a.status <> 'Cancelada'
      and (a.scheduled_at at time zone ${TZ})::date >= (a.created_at at time zone ${TZ})::date
    group by 1, 2, 3, 4`;
  expect(await rows(population), step).toEqual(await rows(populationRecount));
}

const appt: ReturnType<typeof appointmentRow> = (...args) => appointmentRow(w)(...args);
const set = (id: number, fields: Partial<typeof appointments.$inferInsert>) =>
  db().update(appointments).set(fields).where(eq(appointments.id, id));

let p1: number;
let p2: number;
let p3: number;
let eps1: number;
let eps2: number;

beforeAll(async () => {
  w = ctx.w;
  [p1, p2, p3] = [await newPatient(w), await newPatient(w), await newPatient(w)];
  [eps1, eps2] = (
    await db()
      .insert(eps)
      .values([
        { code: 'EPSR01', name: 'EPS Rollup Uno' },
        { code: 'EPSR02', name: 'EPS Rollup Dos' },
      ])
      .returning({ id: eps.id })
  ).map((r) => r.id) as [number, number];
  await db().update(patients).set({ insuranceEpsId: eps1 }).where(eq(patients.id, p1));
});

describe('oportunidad facts and rollups', () => {
  it('equal a recount from appointments after every kind of change', async () => {
    await expectExact('backfill');
    const agenda = await createAgenda(w);
    await book(w, agenda, '08:00', { patientId: p1 });
    await book(w, agenda, '09:00', { patientId: p1 });
    await expectExact('booked: a first visit and a control');
    const inserted = await db()
      .insert(appointments)
      .values([
        appt(p2, '2026-03-16T08:00', { createdAt: at('2026-03-10T10:00'), desiredDate: '2026-03-12' }),
        appt(p2, '2026-03-20T08:00', { createdAt: at('2026-03-11T10:00') }),
        appt(p3, '2026-03-19T14:00', { status: 'Cancelada', createdAt: at('2026-03-15T09:00') }),
        appt(p3, '2026-03-20T15:00', { createdAt: at('2026-03-19T12:00'), firstVisit: false }),
        appt(p3, '2026-03-25T15:00', { createdAt: at('2026-03-19T12:00') }),
        // Recorded after the fact: given for a day before its request.
        appt(p3, '2026-03-02T07:00', { specialtyId: w.pediatricsId, createdAt: at('2026-03-05T07:00') }),
        appt(p1, '2026-12-30T10:00', { specialtyId: w.pediatricsId, createdAt: at('2026-12-01T07:00') }),
      ])
      .returning({ id: appointments.id });
    const [a, b, c, d, e, , g] = inserted.map((r) => r.id) as number[] as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    await expectExact('multi-row insert');
    // An earlier appointment of p2 in the same specialty and year takes the first visit from a.
    const [early] = await db()
      .insert(appointments)
      .values(appt(p2, '2026-03-13T08:00', { createdAt: at('2026-03-12T08:00') }))
      .returning({ id: appointments.id });
    await expectExact('an earlier appointment');
    await set(early!.id, { status: 'Cancelada' });
    await expectExact('the first cancelled: the next is first');
    await set(early!.id, { status: 'Confirmada' });
    await set(a, { status: 'Completada' });
    await expectExact('un-cancelled; attended');
    await set(b, { firstVisit: true });
    await set(early!.id, { firstVisit: false });
    await expectExact('corrections either way');
    await set(b, { desiredDate: '2026-03-18' });
    await set(e, { createdAt: at('2026-03-23T12:00') });
    await set(d, { scheduledAt: at('2026-03-27T15:00'), endsAt: at('2026-03-27T15:30') });
    await set(c, { status: 'Confirmada' });
    await expectExact('desired, request and assigned days');
    // Across a year: the December visit moves to January (a new group), then back.
    await set(g, { scheduledAt: at('2027-01-04T10:00'), endsAt: at('2027-01-04T10:30') });
    await expectExact('into the next year');
    await set(g, { scheduledAt: at('2026-12-29T10:00'), endsAt: at('2026-12-29T10:30') });
    await set(a, { specialtyId: w.pediatricsId, doctorId: w.drPed });
    await set(b, { locationId: w.southId });
    await set(c, { patientId: p2 });
    await db()
      .update(appointments)
      .set({ status: 'Completada' })
      .where(inArray(appointments.id, [b, c, d]));
    await set(b, { notes: 'nota' });
    await expectExact('specialty, site, patient; several rows; an uncounted column');
    await db().update(patients).set({ insuranceEpsId: eps2 }).where(eq(patients.id, p1));
    await db().update(patients).set({ insuranceEpsId: eps1 }).where(eq(patients.id, p2));
    await expectExact('new EPS');
    await db().update(patients).set({ insuranceEpsId: null }).where(eq(patients.id, p1));
    await expectExact('no EPS');
    // Holidays inside the intervals: added, moved, renamed, removed.
    await db()
      .insert(holidays)
      .values([
        { date: '2026-03-17', name: 'Festivo de prueba' },
        { date: '2026-03-18', name: 'Otro festivo de prueba' },
      ])
      .onConflictDoNothing();
    await expectExact('holidays added');
    await db().update(holidays).set({ date: '2026-03-24' }).where(eq(holidays.date, '2026-03-18'));
    await db().update(holidays).set({ name: 'Renombrado' }).where(eq(holidays.date, '2026-03-24'));
    await expectExact('holiday moved and renamed');
    await db()
      .delete(holidays)
      .where(inArray(holidays.date, ['2026-03-17', '2026-03-24']));
    await expectExact('holidays removed');
    await db().delete(appointments).where(eq(appointments.id, early!.id));
    await expectExact('appointment deleted');
    await db().delete(patients).where(eq(patients.id, p3));
    await expectExact('patient deleted');
    const before = await rows(sql`select * from oportunidad_day_rollups where n <> 0`);
    expect(before.length).toBeGreaterThan(0);
    await db().execute(sql`select analytics_rollups_rebuild(${TZ})`);
    expect(await rows(sql`select * from oportunidad_day_rollups where n <> 0`)).toEqual(before);
    await expectExact('rebuilt');
  });

  it('give every report and detail file as counted from appointments', async () => {
    const deps = w.t.app.deps;
    const detailRows = async (q: Parameters<typeof oportunidadDetailRows>[1]) => {
      const out: unknown[] = [];
      for await (const r of (await oportunidadDetailRows(deps, q)).rows) out.push(r);
      return out;
    };
    const answers = async () => {
      const out: unknown[] = [];
      for (const period of [{ month: 3 }, { month: 12 }, { semester: 1 }, { semester: 2 }, {}] as const)
        for (const f of [{}, { location_id: w.southId }, { location_id: w.northId }, { eps_id: eps1 }]) {
          const q = { year: 2026, ...period, ...f };
          out.push(await oportunidad(deps, q), await detailRows({ ...q, kind: 'detail', format: 'xlsx' }));
          for (const indicator of [undefined, 'P.3.1', 'P.3.2'] as const)
            out.push((await oportunidadAppointments(deps, { ...q, indicator, page: 1, limit: 2 })).total);
        }
      return out;
    };
    const fromRollups = await answers();
    await db().execute(sql`update analytics_rollup_settings set tz = 'UTC'`);
    try {
      const counted = await answers();
      expect(fromRollups).toEqual(counted);
      const march = counted[0] as Awaited<ReturnType<typeof oportunidad>>;
      expect(march.indicators.find((i) => i.indicator === 'P.3.1')?.from_request.denominator).toBeGreaterThan(
        0,
      );
    } finally {
      await db().execute(sql`select analytics_rollups_rebuild(${TZ})`);
    }
  });

  it('stream the detail file in batches by key, the same rows as one batch', async () => {
    const q = { year: 2026 };
    const all = async (size: number) => {
      const batches: Record<string, unknown>[][] = [];
      for await (const b of factDetailBatches(db(), q, '2026-01-01', '2027-01-01', size)) batches.push(b);
      return batches;
    };
    const whole = (await all(5000)).flat();
    const byTwo = await all(2);
    expect(whole.length).toBeGreaterThan(3);
    expect(byTwo.length).toBeGreaterThan(2);
    expect(byTwo.flat()).toEqual(whole);
  });

  it.skipIf(!onPostgres)('count one first visit when bookings of one patient commit together', async () => {
    const patientId = await newPatient(w);
    const days = Array.from({ length: 12 }, (_, i) => `2026-05-${String(4 + i).padStart(2, '0')}T09:00`);
    // Each booking's transaction stays open a moment after its insert, so all of them insert before any commits;
    // drains run meanwhile.
    await Promise.all([
      ...days.map((day) =>
        db().transaction(async (tx) => {
          await tx.insert(appointments).values(appt(patientId, day, { createdAt: at('2026-05-01T08:00') }));
          await tx.execute(sql`select pg_sleep(0.2)`);
        }),
      ),
      ...[0, 100, 300].map(async (ms) => {
        await new Promise((r) => setTimeout(r, ms));
        await db().execute(sql`select analytics_drain()`);
      }),
    ]);
    await db().execute(sql`select analytics_drain()`);
    const facts = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from oportunidad_facts where patient_id = ${patientId}`,
    );
    expect(facts.rows[0]!.n).toBe(1);
    await expectExact('concurrent bookings');
  });

  it('queue a booking, which the next report counts', async () => {
    const deps = w.t.app.deps;
    const q = { year: 2026, month: 6 };
    const before = await oportunidad(deps, q);
    const count = (r: typeof before) =>
      r.indicators.find((i) => i.indicator === 'P.3.1')!.from_request.denominator;
    const [row] = await db()
      .insert(appointments)
      .values(appt(await newPatient(w), '2026-06-10T09:00', { createdAt: at('2026-06-03T08:00') }))
      .returning({ id: appointments.id });
    const queued = await db().execute<{ n: number }>(sql`select count(*)::int as n from appointment_changes`);
    expect(queued.rows[0]!.n).toBeGreaterThan(0);
    const fact = sql`select count(*)::int as n from oportunidad_facts where appointment_id = ${row!.id}`;
    expect((await db().execute<{ n: number }>(fact)).rows[0]!.n).toBe(0);
    expect(count(await oportunidad(deps, q))).toBe(count(before) + 1);
    expect((await db().execute<{ n: number }>(fact)).rows[0]!.n).toBe(1);
    await expectExact('after the report');
  });

  it('are emptied by a truncate', async () => {
    await db().execute(sql`truncate appointments cascade`);
    await expectExact('truncated');
    expect(await rows(sql`select * from oportunidad_facts`)).toEqual([]);
    expect(await rows(sql`select * from oportunidad_day_rollups`)).toEqual([]);
  });
});
