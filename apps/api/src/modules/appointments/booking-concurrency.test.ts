import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { availabilities } from '../../db/schema/agendas';
import { doctors } from '../../db/schema/resources';
import { onPostgres, type TestApp } from '../../test/helpers';
import { createAgenda, newPatient, nextWeekday, worldFixture, type World } from '../../test/factories/world';

/*
 * ASVS 5.0 2.3.4: a limited resource cannot be double-booked. These run only against a real PostgreSQL
 * (TEST_DATABASE_URL), where the requests really run in parallel on a pool of connections; PGlite has one.
 */

const OVERLAP =
  'Conflicto de agenda: Existe un solapamiento en ese horario (doctor, paciente, sala). Ajusta fecha/hora o duración.';

// The app is built only when a test runs: on PGlite every test here is skipped, and so are the file's hooks.
const ctx = worldFixture();
let t: TestApp;
let w: World;
beforeAll(() => {
  ({ t, w } = ctx);
});

async function confirmedCount(availabilityId: number) {
  const res = await t.app.deps.db.execute<{ n: number; booked: number }>(sql`
    select (select count(*)::int from appointments where availability_id = ${availabilityId} and status = 'Confirmada') as n,
      (select booked_slots from availabilities where id = ${availabilityId}) as booked`);
  return res.rows[0]!;
}

describe.skipIf(!onPostgres)('concurrent booking on PostgreSQL', () => {
  it('60 bookings at an agenda with 5 free slots: exactly 5 booked, the rest 409 in Spanish, no 5xx', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(3, 14), capacity: 6 });
    const pre = await w.c.reception({
      method: 'POST',
      url: '/api/appointments',
      payload: { patient_id: await newPatient(w), availability_id: agenda.id },
    });
    expect(pre.statusCode).toBe(201);
    const patients = await Promise.all(Array.from({ length: 60 }, () => newPatient(w)));
    const results = await Promise.all(
      patients.map((patient_id, i) =>
        w.c[i % 2 ? 'agent' : 'reception']({
          method: 'POST',
          url: '/api/appointments',
          payload: { patient_id, availability_id: agenda.id, reason: 'Control' },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(55);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toBe('No hay cupos disponibles en esta agenda');
    const times = results.filter((r) => r.statusCode === 201).map((r) => r.json().data.scheduled_at);
    expect(new Set(times).size).toBe(5);
    expect(await confirmedCount(agenda.id)).toEqual({ n: 6, booked: 6 });
  });

  it('50 bookings of one patient at one time with 50 doctors: exactly one wins', async () => {
    const date = nextWeekday(4, 21);
    const db = t.app.deps.db;
    const made = await db
      .insert(doctors)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          name: `Doctor Concurrente ${i}`,
          licenseNumber: `RM-C${i}`,
        })),
      )
      .returning({ id: doctors.id });
    const agendas = await db
      .insert(availabilities)
      .values(
        made.map((d) => ({
          locationId: w.northId,
          specialtyId: w.generalId,
          doctorId: d.id,
          date,
          startTime: '08:00',
          endTime: '12:00',
          capacity: 4,
        })),
      )
      .returning({ id: availabilities.id });
    const patient_id = await newPatient(w);
    const results = await Promise.all(
      agendas.map((a) =>
        w.c.reception({
          method: 'POST',
          url: '/api/appointments',
          payload: { patient_id, availability_id: a.id, scheduled_at: `${date} 09:00:00` },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(OVERLAP);
    const res = await db.execute<{ n: number; booked: number }>(sql`
      select (select count(*)::int from appointments where patient_id = ${patient_id} and status <> 'Cancelada') as n,
        (select sum(booked_slots)::int from availabilities where date = ${date}) as booked`);
    expect(res.rows[0]).toEqual({ n: 1, booked: 1 });
  });

  it('50 bookings of one time in one agenda by different patients: one wins, no 5xx', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(5, 28), capacity: 8, doctor_id: w.drB });
    const patients = await Promise.all(Array.from({ length: 50 }, () => newPatient(w)));
    const results = await Promise.all(
      patients.map((patient_id) =>
        w.c.reception({
          method: 'POST',
          url: '/api/appointments',
          payload: { patient_id, availability_id: agenda.id, scheduled_at: `${agenda.date} 10:00` },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(OVERLAP);
    expect(await confirmedCount(agenda.id)).toEqual({ n: 1, booked: 1 });
  });
});
