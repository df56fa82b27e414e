import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { appointments } from '../../db/schema/appointments';
import { municipalities, zones } from '../../db/schema/catalogs';
import { patients } from '../../db/schema/patients';
import { appointmentRow, at, rowsOf } from './test-factory';
import { book, createAgenda, newPatient, worldFixture, type World } from '../../test/factories/world';
import {
  doctorCounts,
  locations,
  newPatients,
  overview,
  performance,
  specialties,
  statusCounts,
  uniquePatients,
} from './service';

/*
 * The rollups of migration 0030 (decision 039) against a recount from appointments written here independently,
 * after each step of a mixed sequence: bookings (the real booking path and a multi-row insert), a first visit and a
 * control, a desired date after the request, status changes, a cancellation with its time, a reschedule to another
 * day and hour, a change of specialty, a patient who moves to another zone, deletes (one appointment, a patient with
 * cascade) and a truncate; with them the doctor rollup and the patients' visit days of migration 0033 (decision 041)
 * and the specialty by zone and municipality rollup of migration 0034 (decision 042).
 * Then every Análisis answer read from the rollups equals the one counted from appointments, Métricas' doctors too.
 */

const TZ = 'America/Bogota';
const ctx = worldFixture();
let w: World;
const db = () => w.t.app.deps.db;

const rows = rowsOf(db);

/** Each rollup and its recount, rows whose measures are all zero left out of both. */
async function expectExact(step: string) {
  await db().execute(sql`select analytics_drain()`);
  const day = sql`(a.scheduled_at at time zone ${TZ})::date`;
  const checks = [
    [
      sql`select day::text, status, specialty_id, n, duration_sum, lead_days_sum, cancel_timed,
          cancel_lead_seconds::numeric(20, 3) as secs from appointment_day_rollups
        where n <> 0 or duration_sum <> 0 or lead_days_sum <> 0 or cancel_timed <> 0 or cancel_lead_seconds <> 0`,
      sql`select ${day}::text as day, a.status, a.specialty_id, count(*) as n, sum(a.duration_minutes) as duration_sum,
          sum(${day} - (a.created_at at time zone ${TZ})::date) as lead_days_sum,
          count(a.cancelled_at) as cancel_timed,
          coalesce(sum(extract(epoch from a.scheduled_at - a.cancelled_at)), 0)::numeric(20, 3) as secs
        from appointments a group by 1, 2, 3`,
    ],
    [
      sql`select day::text, hour, n from appointment_hour_rollups where n <> 0`,
      sql`select ${day}::text as day, extract(hour from a.scheduled_at at time zone ${TZ})::int as hour,
          count(*) as n from appointments a where a.status <> 'Cancelada' group by 1, 2`,
    ],
    [
      sql`select day::text, zone_id, municipality_id, n from appointment_geo_rollups where n <> 0`,
      sql`select ${day}::text as day, coalesce(p.zone_id, 0) as zone_id, coalesce(p.municipality_id, 0)
          as municipality_id, count(*) as n
        from appointments a join patients p on p.id = a.patient_id where a.status <> 'Cancelada' group by 1, 2, 3`,
    ],
    [
      sql`select day::text, doctor_id, status, n from appointment_doctor_day_rollups where n <> 0`,
      sql`select ${day}::text as day, a.doctor_id, a.status, count(*) as n from appointments a group by 1, 2, 3`,
    ],
    [
      sql`select patient_id, day::text, prev_day::text, zone_id, municipality_id from patient_visit_days`,
      sql`select v.patient_id, v.day::text, coalesce(max(v.day) over (partition by v.patient_id order by v.day
            rows between unbounded preceding and 1 preceding), '-infinity')::text as prev_day,
          coalesce(p.zone_id, 0) as zone_id, coalesce(p.municipality_id, 0) as municipality_id
        from (select distinct a.patient_id, ${day} as day from appointments a where a.status <> 'Cancelada') v
          join patients p on p.id = v.patient_id`,
    ],
    [
      sql`select zone_id, day::text, prev_day::text, n from patient_visit_day_zone_rollups where n <> 0`,
      sql`select zone_id, day::text, prev_day::text, count(*) as n from patient_visit_days group by 1, 2, 3`,
    ],
    [
      sql`select day::text, zone_id, municipality_id, status, n, duration_sum, lead_days_sum, cancel_timed,
          cancel_lead_seconds::numeric(20, 3) as secs from appointment_geo_day_rollups
        where n <> 0 or duration_sum <> 0 or lead_days_sum <> 0 or cancel_timed <> 0 or cancel_lead_seconds <> 0`,
      sql`select ${day}::text as day, coalesce(p.zone_id, 0) as zone_id, coalesce(p.municipality_id, 0)
          as municipality_id, a.status, count(*) as n, sum(a.duration_minutes) as duration_sum,
          sum(${day} - (a.created_at at time zone ${TZ})::date) as lead_days_sum, count(a.cancelled_at) as cancel_timed,
          coalesce(sum(extract(epoch from a.scheduled_at - a.cancelled_at)), 0)::numeric(20, 3) as secs
        from appointments a join patients p on p.id = a.patient_id group by 1, 2, 3, 4`,
    ],
    [
      sql`select day::text, zone_id, municipality_id, hour, n from appointment_geo_hour_rollups where n <> 0`,
      sql`select ${day}::text as day, coalesce(p.zone_id, 0) as zone_id, coalesce(p.municipality_id, 0)
          as municipality_id, extract(hour from a.scheduled_at at time zone ${TZ})::int as hour, count(*) as n
        from appointments a join patients p on p.id = a.patient_id where a.status <> 'Cancelada' group by 1, 2, 3, 4`,
    ],
    [
      sql`select day::text, zone_id, municipality_id, specialty_id, n from appointment_geo_specialty_rollups
        where n <> 0`,
      sql`select ${day}::text as day, coalesce(p.zone_id, 0) as zone_id, coalesce(p.municipality_id, 0)
          as municipality_id, a.specialty_id, count(*) as n
        from appointments a join patients p on p.id = a.patient_id where a.status <> 'Cancelada' group by 1, 2, 3, 4`,
    ],
    [
      sql`select day::text, n from patient_created_day_rollups where n <> 0`,
      sql`select (created_at at time zone ${TZ})::date::text as day, count(*) as n from patients group by 1`,
    ],
    [
      sql`select day::text, prev_day::text, n from patient_visit_day_rollups where n <> 0`,
      sql`select day::text, prev_day::text, count(*) as n from (select v.patient_id, v.day,
            coalesce((select max(x.day) from (select ${day} as day from appointments a
              where a.patient_id = v.patient_id and a.status <> 'Cancelada') x where x.day < v.day), '-infinity') as prev_day
          from (select distinct a.patient_id, ${day} as day from appointments a where a.status <> 'Cancelada') v) r
        group by 1, 2`,
    ],
  ] as const;
  for (const [rolled, recount] of checks) expect(await rows(rolled), step).toEqual(await rows(recount));
}

let north: number;
let south: number;
let mNorth: number;
let mSouth: number;
let p1: number;
let p2: number;
let p3: number;

beforeAll(async () => {
  w = ctx.w;
  [north, south] = (
    await db()
      .insert(zones)
      .values([{ name: 'Zona Rollup Norte' }, { name: 'Zona Rollup Sur' }])
      .returning({ id: zones.id })
  ).map((r) => r.id) as [number, number];
  [mNorth, mSouth] = (
    await db()
      .insert(municipalities)
      .values([
        { name: 'Municipio Rollup Norte', zoneId: north },
        { name: 'Municipio Rollup Sur', zoneId: south },
      ])
      .returning({ id: municipalities.id })
  ).map((r) => r.id) as [number, number];
  p1 = await newPatient(w);
  p2 = await newPatient(w);
  p3 = await newPatient(w);
  await db().update(patients).set({ zoneId: north, municipalityId: mNorth }).where(eq(patients.id, p1));
  await db().update(patients).set({ zoneId: south, municipalityId: mSouth }).where(eq(patients.id, p2));
});

const appt: ReturnType<typeof appointmentRow> = (...args) => appointmentRow(w)(...args);

describe('appointment rollups', () => {
  it('equal a recount from appointments after every kind of change', async () => {
    await expectExact('backfill');
    // The real booking path (slot accounting, its own transaction): a first visit, then a control.
    const agenda = await createAgenda(w);
    const first = await book(w, agenda, '08:00', { patientId: p1 });
    const control = await book(w, agenda, '09:00', { patientId: p1 });
    expect(first.id).toBeGreaterThan(0);
    await expectExact('booked');
    // A multi-row insert: past and future, a desired date after the request, a cancelled one with its time.
    const inserted = await db()
      .insert(appointments)
      .values([
        appt(p2, '2026-03-16T08:00', {
          status: 'Completada',
          createdAt: at('2026-03-10T10:00'),
          desiredDate: '2026-03-12',
        }),
        appt(p2, '2026-03-17T23:30', { status: 'Completada', createdAt: at('2026-03-17T08:00') }),
        appt(p3, '2026-03-19T14:00', {
          status: 'Cancelada',
          createdAt: at('2026-03-15T09:00'),
          cancelledAt: at('2026-03-18T14:00'),
        }),
        appt(p3, '2026-03-20T15:00', { createdAt: at('2026-03-19T12:00'), firstVisit: false }),
        appt(p1, '2026-02-27T07:00', { status: 'Pendiente', createdAt: at('2026-02-01T07:00') }),
      ])
      .returning({ id: appointments.id });
    const [a, b, c, d, e] = inserted.map((r) => r.id) as [number, number, number, number, number];
    await expectExact('multi-row insert');
    // Attended, a no-show left Confirmada, a cancellation with and without a time.
    await db().update(appointments).set({ status: 'Completada' }).where(eq(appointments.id, first.id));
    await db()
      .update(appointments)
      .set({ status: 'Cancelada', cancelledAt: at('2026-03-19T18:00') })
      .where(eq(appointments.id, d));
    await db().update(appointments).set({ status: 'Cancelada' }).where(eq(appointments.id, e));
    await expectExact('status changes');
    // Only the cancellation time changes (same status): the lead-time sums move.
    await db()
      .update(appointments)
      .set({ cancelledAt: at('2026-03-17T06:00') })
      .where(eq(appointments.id, c));
    // Reschedule to another day and hour, duration and request untouched; a change of specialty.
    await db()
      .update(appointments)
      .set({ scheduledAt: at('2026-03-18T11:00'), endsAt: at('2026-03-18T11:45'), durationMinutes: 45 })
      .where(eq(appointments.id, a));
    await db()
      .update(appointments)
      .set({ specialtyId: w.pediatricsId, doctorId: w.drPed })
      .where(eq(appointments.id, b));
    // Back from cancelled; one statement over several rows; an update that changes no counted column.
    await db()
      .update(appointments)
      .set({ status: 'Confirmada', cancelledAt: null })
      .where(eq(appointments.id, d));
    await db()
      .update(appointments)
      .set({ status: 'Completada' })
      .where(inArray(appointments.id, [control.id, d]));
    await db().update(appointments).set({ notes: 'nota' }).where(eq(appointments.id, b));
    await expectExact('updates');
    // The patient moves: the consultations follow to the new zone, one of them recorded and not yet applied; then to
    // none.
    await db()
      .insert(appointments)
      .values(appt(p1, '2026-03-18T16:00', { status: 'Completada' }));
    await db().update(patients).set({ zoneId: south, municipalityId: mSouth }).where(eq(patients.id, p1));
    await expectExact('patient moved');
    await db().update(patients).set({ zoneId: null, municipalityId: null }).where(eq(patients.id, p3));
    await expectExact('patient without zone');
    // Deletes: one appointment; a patient, whose appointments go by cascade.
    await db().delete(appointments).where(eq(appointments.id, a));
    await expectExact('appointment deleted');
    await db()
      .insert(appointments)
      .values(appt(p3, '2026-03-21T10:00', { doctorId: w.drB }));
    await db().delete(patients).where(eq(patients.id, p3));
    await expectExact('patient deleted');
    // A bulk statement (more than 1,000 rows) applies its own changes at once: inserted, updated, deleted.
    const start = Date.parse('2025-01-06T13:00:00Z');
    const bulk = await db()
      .insert(appointments)
      .values(
        Array.from({ length: 1001 }, (_, i) =>
          appt(p2, '2025-01-06T08:00', {
            scheduledAt: new Date(start + i * 30 * 60_000),
            endsAt: new Date(start + (i + 1) * 30 * 60_000),
            status: 'Cancelada',
          }),
        ),
      )
      .returning({ id: appointments.id });
    const bulkIds = bulk.map((r) => r.id);
    expect(await rows(sql`select * from appointment_changes`)).toEqual([]);
    await expectExact('bulk insert');
    await db().update(appointments).set({ status: 'Completada' }).where(inArray(appointments.id, bulkIds));
    await expectExact('bulk update');
    await db().delete(appointments).where(inArray(appointments.id, bulkIds));
    await expectExact('bulk delete');
    // The rebuild finds what the triggers kept.
    const before = await rows(sql`select * from appointment_geo_rollups where n <> 0`);
    await db().execute(sql`select analytics_rollups_rebuild(${TZ})`);
    expect(await rows(sql`select * from appointment_geo_rollups where n <> 0`)).toEqual(before);
    await expectExact('rebuilt');
  });

  it('give every Análisis answer as counted from appointments', async () => {
    const deps = w.t.app.deps;
    const now = new Date('2026-03-20T17:00:00Z');
    const answers = async () => {
      const out: unknown[] = [];
      for (const range of ['7d', '30d', '90d', '365d'] as const) {
        for (const geo of [{}, { zone_id: south }, { zone_id: north }, { municipality_id: mSouth }]) {
          const q = { range, ...geo };
          out.push(await overview(deps, q, now), await specialties(deps, q, now));
          out.push(await performance(deps, q, now), await locations(deps, { ...q, months: 4 }, now));
          out.push(await statusCounts(deps, q, now), await uniquePatients(deps, q, now));
          out.push(await newPatients(deps, q, now));
          for (const offset of [0, 1, 5]) out.push(await doctorCounts(deps, { ...q, limit: 2, offset }, now));
        }
      }
      return out;
    };
    const fromRollups = await answers();
    // Another timezone in the rollups: the service counts everything from appointments.
    await db().execute(sql`update analytics_rollup_settings set tz = 'UTC'`);
    try {
      const counted = await answers();
      expect(fromRollups).toEqual(counted);
      const o = counted[0] as Awaited<ReturnType<typeof overview>>;
      expect(o.totals.total_consultations).toBeGreaterThan(0);
    } finally {
      await db().execute(sql`select analytics_rollups_rebuild(${TZ})`);
    }
  });

  it('are emptied by a truncate', async () => {
    await db().execute(sql`truncate appointments cascade`);
    await expectExact('truncated');
    expect(await rows(sql`select * from appointment_day_rollups`)).toEqual([]);
  });
});
