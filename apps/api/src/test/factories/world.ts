import { afterAll, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { localDate } from '@ips/shared/format';
import { addDays, isoWeekday } from '@ips/shared/scheduling/calendar-days';
import { availabilities } from '../../db/schema/agendas';
import { buildTestApp, type TestApp } from '../helpers';
import { insertAppointment, type NewAppointment } from '../../modules/appointments/service';
import { callers, createPatient, type Call } from './patients';

/** Helpers for the agenda and appointment tests (not a test file itself). */

export const TZ = 'America/Bogota';
export const today = () => localDate(new Date(), TZ);
/** The first date on or after `from + minDays` that falls on the ISO weekday (1 Monday … 7 Sunday). */
export function nextWeekday(isoDay: number, minDays = 1, from = today()): string {
  let d = addDays(from, minDays);
  while (isoWeekday(d) !== isoDay) d = addDays(d, 1);
  return d;
}

export interface World {
  t: TestApp;
  c: Awaited<ReturnType<typeof callers>>;
  generalId: number;
  pediatricsId: number;
  northId: number;
  southId: number;
  /** Medicina General at Sede Norte and Sede Sur. */
  drA: number;
  /** Medicina General at Sede Norte. */
  drB: number;
  /** Pediatría at Sede Norte. */
  drPed: number;
}

async function created(call: Call, url: string, payload: object): Promise<number> {
  const res = await call({ method: 'POST', url, payload });
  if (res.statusCode !== 201) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
  return res.json().data.id as number;
}

/** Two specialties, two sites and three doctors, created through the master-data API. */
export async function buildWorld(t: TestApp): Promise<World> {
  const c = await callers(t.app);
  const generalId = await created(c.admin, '/api/specialties', { name: 'Medicina General' });
  const pediatricsId = await created(c.admin, '/api/specialties', { name: 'Pediatría' });
  const northId = await created(c.admin, '/api/locations', {
    name: 'Sede Norte',
    specialty_ids: [generalId, pediatricsId],
  });
  const southId = await created(c.admin, '/api/locations', { name: 'Sede Sur', specialty_ids: [generalId] });
  const doctor = (name: string, license: string, specialty: number, locations: number[]) =>
    created(c.admin, '/api/doctors', {
      name,
      license_number: license,
      specialty_ids: [specialty],
      location_ids: locations,
    });
  return {
    t,
    c,
    generalId,
    pediatricsId,
    northId,
    southId,
    drA: await doctor('Jorge Martínez', 'RM-1001', generalId, [northId, southId]),
    drB: await doctor('María Villamizar', 'RM-1002', generalId, [northId]),
    drPed: await doctor('Diana Jaimes', 'RM-1003', pediatricsId, [northId]),
  };
}

/**
 * The fixture of the tests that need a world: a fresh app and world per test file, built in beforeAll and closed
 * in afterAll. `ctx.t` and `ctx.w` are set once beforeAll has run (read them in a test or a later hook).
 */
export function worldFixture() {
  const ctx = { t: undefined as unknown as TestApp, w: undefined as unknown as World };
  beforeAll(async () => {
    ctx.t = await buildTestApp();
    ctx.w = await buildWorld(ctx.t);
  });
  afterAll(async () => ctx.t?.close());
  return ctx;
}

export function agendaPayload(w: World, fields: Record<string, unknown> = {}) {
  return {
    location_id: w.northId,
    specialty_id: w.generalId,
    doctor_id: w.drA,
    date: nextWeekday(3),
    start_time: '08:00',
    end_time: '12:00',
    capacity: 8,
    duration_minutes: 30,
    ...fields,
  };
}

export type AgendaDto = Record<string, unknown> & {
  id: number;
  date: string;
  start_time: string;
  booked_slots: number;
  capacity: number;
  status: string;
};

export async function createAgenda(w: World, fields: Record<string, unknown> = {}): Promise<AgendaDto> {
  const res = await w.c.admin({
    method: 'POST',
    url: '/api/availabilities',
    payload: agendaPayload(w, fields),
  });
  if (res.statusCode !== 201) throw new Error(`createAgenda → ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** A past agenda, written directly: the API refuses past dates. */
export async function insertPastAgenda(
  w: World,
  date: string,
  fields: Partial<typeof availabilities.$inferInsert> = {},
) {
  const [row] = await w.t.app.deps.db
    .insert(availabilities)
    .values({
      locationId: w.northId,
      specialtyId: w.generalId,
      doctorId: w.drA,
      date,
      startTime: '08:00',
      endTime: '12:00',
      capacity: 8,
      ...fields,
    })
    .returning();
  return row!;
}

export async function newPatient(w: World, fields: Record<string, unknown> = {}) {
  return (await createPatient(w.c.admin, fields)).id;
}

/** Books through the slot accounting, in its own transaction, as the booking routes will. */
export async function book(
  w: World,
  agenda: { id: number; date: string; doctor_id?: number; doctorId?: number },
  time: string,
  fields: Partial<NewAppointment> = {},
) {
  const patientId = fields.patientId ?? (await newPatient(w));
  const doctorId = agenda.doctor_id ?? agenda.doctorId ?? w.drA;
  return w.t.app.deps.db.transaction((tx) =>
    insertAppointment(tx, TZ, {
      patientId,
      availabilityId: agenda.id,
      locationId: w.northId,
      specialtyId: w.generalId,
      doctorId,
      scheduledAt: `${agenda.date} ${time}`,
      durationMinutes: 30,
      status: 'Confirmada',
      reason: 'Control',
      ...fields,
    }),
  );
}

/**
 * Lets appointments booked days ahead be marked attended now: the tests of billing and transitions are not about
 * the attendance time (item 19). Stored past the form's range on purpose, then read as the server reads it.
 */
export async function attendAnyTime(t: TestApp, minutes = 60 * 24 * 365 * 10) {
  await t.app.deps.db.execute(
    sql`insert into settings (key, value) values ('attend_early_tolerance_minutes', ${JSON.stringify(minutes)}::jsonb)
        on conflict (key) do update set value = excluded.value`,
  );
  await t.app.deps.settings.reload();
}

export async function bookedSlots(w: World, id: number): Promise<number> {
  const res = await w.t.app.deps.db.execute(sql`select booked_slots from availabilities where id = ${id}`);
  return (res.rows[0] as { booked_slots: number }).booked_slots;
}

/**
 * Links a doctor record to a user account (doctors.user_id) through the doctors API, as an administrator does:
 * a doctor user reads the patients and appointments of that record's agendas (decision 020).
 */
export async function linkDoctorUser(w: World, doctorId: number, userId: number | null) {
  const res = await w.c.admin({
    method: 'PUT',
    url: `/api/doctors/${doctorId}`,
    payload: { user_id: userId },
  });
  if (res.statusCode !== 200) throw new Error(`link doctor ${doctorId} → ${res.statusCode} ${res.body}`);
}
