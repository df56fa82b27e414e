import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { appointments } from '../../db/schema/appointments';
import { doctors } from '../../db/schema/resources';
import type { TestApp } from '../../test/helpers';
import { bookingFixture, OVERLAP } from './booking-test-setup';
import { bookedSlots, createAgenda, newPatient, nextWeekday, type World } from '../../test/factories/world';

const fixture = bookingFixture();
const { agenda, post, audits } = fixture;
let t: TestApp;
let w: World;
beforeAll(() => {
  ({ t, w } = fixture.ctx);
});

describe('POST /appointments', () => {
  it('a quick appointment (no time) is Confirmada at the next free time and takes a slot', async () => {
    const a = await agenda();
    const first = await post({ patient_id: await newPatient(w), availability_id: a.id, reason: 'Control' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      success: true,
      message: 'Cita creada exitosamente',
      data: {
        status: 'Confirmada',
        scheduled_at: `${a.date} 08:00:00`,
        duration_minutes: 30,
        doctor_id: w.drA,
        location_id: w.northId,
        specialty_id: w.generalId,
        availability_id: a.id,
      },
    });
    const second = await post({
      patient_id: await newPatient(w),
      availability_id: a.id,
      duration_minutes: 45,
    });
    // The scan steps by the appointment's own duration from the agenda start (spec §5 "suggested next time").
    expect(second.json().data).toMatchObject({ scheduled_at: `${a.date} 08:45:00`, duration_minutes: 45 });
    expect(await bookedSlots(w, a.id)).toBe(2);
    expect(await audits(first.json().data.id)).toEqual(['create']);
  });

  it('a manual appointment from an agenda must be on its date and within its hours', async () => {
    const a = await agenda();
    const p = await newPatient(w);
    const late = await post({
      patient_id: p,
      availability_id: a.id,
      scheduled_at: `${a.date} 11:45:00`,
      manual: true,
    });
    // A start inside the hours whose appointment would run past the end says by when it must end (issue 15).
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('La cita debe terminar a más tardar a las 12:00');
    const atEnd = await post({
      patient_id: p,
      availability_id: a.id,
      scheduled_at: `${a.date} 12:00`,
      manual: true,
    });
    expect(atEnd.statusCode).toBe(400);
    expect(atEnd.json()).toMatchObject({
      message: 'La cita debe terminar a más tardar a las 12:00',
      errors: { scheduled_at: ['La cita debe terminar a más tardar a las 12:00'] },
    });
    const after = await post({ patient_id: p, availability_id: a.id, scheduled_at: `${a.date} 12:30` });
    expect(after.json().message).toBe('La hora debe estar entre 08:00 y 12:00');
    const early = await post({ patient_id: p, availability_id: a.id, scheduled_at: `${a.date} 07:30` });
    expect(early.json().message).toBe('La hora debe estar entre 08:00 y 12:00');
    const otherDay = await post({
      patient_id: p,
      availability_id: a.id,
      scheduled_at: `${addDays(a.date, 1)} 09:00`,
    });
    expect(otherDay.statusCode).toBe(400);
    expect(otherDay.json().message).toBe(`La fecha de la cita debe ser la de la agenda (${a.date})`);
    const wrongDoctor = await post({ patient_id: p, availability_id: a.id, doctor_id: w.drB });
    expect(wrongDoctor.json().message).toBe('La ubicación, especialidad y doctor deben ser los de la agenda');
    const ok = await post({
      patient_id: p,
      availability_id: a.id,
      scheduled_at: `${a.date} 11:30:00`,
      manual: true,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({
      status: 'Confirmada',
      manual: true,
      scheduled_at: `${a.date} 11:30:00`,
    });
  });

  it('a standalone appointment (no agenda) is Pendiente and takes no slot', async () => {
    const date = nextWeekday(2, 200);
    const res = await post({
      patient_id: await newPatient(w),
      availability_id: null,
      location_id: w.northId,
      specialty_id: w.pediatricsId,
      doctor_id: w.drPed,
      scheduled_at: `${date} 10:00:00`,
      duration_minutes: 30,
      appointment_type: 'Control',
      insurance_type: 'EPS',
      manual: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'Pendiente',
      availability_id: null,
      appointment_type: 'Control',
    });
    const missing = await post({ patient_id: await newPatient(w), scheduled_at: `${date} 11:00` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ doctor_id: ['Debe seleccionar un doctor'] });
  });

  it('refuses overlaps for the doctor and the patient, and a full agenda', async () => {
    const a = await agenda({ capacity: 2 });
    const p = await newPatient(w);
    expect(
      (await post({ patient_id: p, availability_id: a.id, scheduled_at: `${a.date} 09:00` })).statusCode,
    ).toBe(201);
    const doctorClash = await post({
      patient_id: await newPatient(w),
      availability_id: a.id,
      scheduled_at: `${a.date} 09:15`,
    });
    expect(doctorClash.statusCode).toBe(409);
    expect(doctorClash.json().message).toBe(OVERLAP);
    // The same patient at the same time with another doctor.
    const b = await createAgenda(w, { date: a.date, doctor_id: w.drB, capacity: 4 });
    const patientClash = await post({
      patient_id: p,
      availability_id: b.id,
      scheduled_at: `${a.date} 09:00`,
    });
    expect(patientClash.statusCode).toBe(409);
    expect(patientClash.json().message).toBe(OVERLAP);
    expect((await post({ patient_id: await newPatient(w), availability_id: a.id })).statusCode).toBe(201);
    const full = await post({ patient_id: await newPatient(w), availability_id: a.id });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('No hay cupos disponibles en esta agenda');
    expect(await bookedSlots(w, a.id)).toBe(2);
    expect(await bookedSlots(w, b.id)).toBe(0);
  });

  it('the same Idempotency-Key twice gives one appointment (also concurrently)', async () => {
    const a = await agenda();
    const p = await newPatient(w);
    const body = { patient_id: p, availability_id: a.id, reason: 'Control' };
    const first = await post(body, { 'idempotency-key': 'reserva-1' });
    const again = await post(body, { 'idempotency-key': 'reserva-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    const other = await post(
      { ...body, patient_id: await newPatient(w) },
      { 'idempotency-key': 'reserva-1' },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('La clave de idempotencia ya se usó para una cita de otro paciente');

    const q = await newPatient(w);
    const burst = await Promise.all(
      Array.from({ length: 6 }, () =>
        post({ patient_id: q, availability_id: a.id }, { 'idempotency-key': 'reserva-2' }),
      ),
    );
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(burst.map((r) => r.json().data.id)).size).toBe(1);
    const rows = await t.app.deps.db.select().from(appointments).where(eq(appointments.availabilityId, a.id));
    expect(rows).toHaveLength(2);
    expect(await bookedSlots(w, a.id)).toBe(2);
    const bad = await post(body, { 'idempotency-key': 'x'.repeat(201) });
    expect(bad.statusCode).toBe(400);
  });

  it('doctors do not book; unknown patient or agenda is 404; a past time is refused', async () => {
    const a = await agenda();
    const p = await newPatient(w);
    expect((await post({ patient_id: p, availability_id: a.id }, {}, w.c.doctor)).statusCode).toBe(403);
    for (const role of ['admin', 'supervisor', 'agent'] as const)
      expect(
        (await post({ patient_id: await newPatient(w), availability_id: a.id }, {}, w.c[role])).statusCode,
      ).toBe(201);
    expect((await post({ patient_id: 999_999, availability_id: a.id })).json().message).toBe(
      'Paciente no encontrado',
    );
    expect((await post({ patient_id: p, availability_id: 999_999 })).statusCode).toBe(404);
    const past = await post({
      patient_id: p,
      location_id: w.northId,
      specialty_id: w.generalId,
      doctor_id: w.drB,
      scheduled_at: '2020-01-06 08:00:00',
    });
    expect(past.statusCode).toBe(409);
    expect(past.json().message).toBe('No se puede agendar una cita en una fecha u hora pasada');
  });
});

describe('GET /appointments/conflicts, my-appointments, daily-queue', () => {
  it('reports doctor, patient and room conflicts with items, and honours exclude_id', async () => {
    const date = nextWeekday(5, 500);
    const p = await newPatient(w);
    const res = await post({
      patient_id: p,
      location_id: w.northId,
      specialty_id: w.generalId,
      doctor_id: w.drA,
      room_id: 7,
      scheduled_at: `${date} 10:00`,
      duration_minutes: 30,
    });
    const id = res.json().data.id as number;
    const get = (q: string) => w.c.agent({ method: 'GET', url: `/api/appointments/conflicts?${q}` });
    const all = await get(
      `doctor_id=${w.drA}&patient_id=${p}&room_id=7&scheduled_at=${date}%2010:15:00&duration_minutes=30`,
    );
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({
      conflict: true,
      doctor_conflict: true,
      patient_conflict: true,
      room_conflict: true,
    });
    expect(all.json().data.items.map((i: { type: string }) => i.type)).toEqual(['doctor', 'patient', 'room']);
    expect(all.json().data.items[0]).toMatchObject({
      id,
      scheduled_at: `${date} 10:00:00`,
      ends_at: `${date} 10:30:00`,
    });
    const roomOnly = await get(`doctor_id=${w.drB}&room_id=7&scheduled_at=${date}%2010:00`);
    expect(roomOnly.json()).toMatchObject({ conflict: true, doctor_conflict: false, room_conflict: true });
    const after = await get(`doctor_id=${w.drA}&scheduled_at=${date}%2010:30`);
    expect(after.json().conflict).toBe(false);
    const excluded = await get(`doctor_id=${w.drA}&scheduled_at=${date}%2010:00&exclude_id=${id}`);
    expect(excluded.json().conflict).toBe(false);
    expect((await get('scheduled_at=mañana')).statusCode).toBe(400);
  });

  it("my-appointments lists the linked doctor's own; other users get none", async () => {
    await t.app.deps.db.update(doctors).set({ userId: t.users.doctor.id }).where(eq(doctors.id, w.drPed));
    const date = nextWeekday(1, 600);
    const mine = await post({
      patient_id: await newPatient(w),
      location_id: w.northId,
      specialty_id: w.pediatricsId,
      doctor_id: w.drPed,
      scheduled_at: `${date} 08:00`,
    });
    await post({
      patient_id: await newPatient(w),
      location_id: w.northId,
      specialty_id: w.generalId,
      doctor_id: w.drB,
      scheduled_at: `${date} 08:00`,
    });
    const res = await w.c.doctor({ method: 'GET', url: `/api/appointments/my-appointments?date=${date}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().doctor).toEqual({ id: w.drPed, name: 'Diana Jaimes' });
    expect(res.json().data.map((a: { id: number }) => a.id)).toEqual([mine.json().data.id]);
    const agent = await w.c.agent({ method: 'GET', url: '/api/appointments/my-appointments' });
    expect(agent.json()).toMatchObject({ doctor: null, data: [], total: 0 });
  });

  it('daily-queue lists one day in time order with counts', async () => {
    const a = await agenda();
    await post({ patient_id: await newPatient(w), availability_id: a.id, scheduled_at: `${a.date} 10:00` });
    const early = await post({
      patient_id: await newPatient(w),
      availability_id: a.id,
      scheduled_at: `${a.date} 08:00`,
    });
    await w.c.reception({
      method: 'POST',
      url: `/api/appointments/${early.json().data.id}/cancel`,
      payload: {},
    });
    const res = await w.c.reception({
      method: 'GET',
      url: `/api/appointments/daily-queue?date=${a.date}&doctor_id=${w.drA}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.stats).toEqual({
      total: 2,
      pendiente: 0,
      confirmada: 1,
      completada: 0,
      cancelada: 1,
    });
    expect(res.json().data.appointments.map((x: { scheduled_at: string }) => x.scheduled_at)).toEqual([
      `${a.date} 08:00:00`,
      `${a.date} 10:00:00`,
    ]);
  });
});

describe(`timezone (process TZ ${process.env.TZ ?? 'unset'})`, () => {
  it('08:00 in Bogotá is stored as 13:00 UTC and read back as 08:00', async () => {
    const a = await agenda();
    const res = await post({
      patient_id: await newPatient(w),
      availability_id: a.id,
      scheduled_at: `${a.date} 08:00:00`,
    });
    const row = await t.app.deps.db.execute<{ utc: string }>(
      sql`select to_char(scheduled_at at time zone 'UTC', 'HH24:MI') as utc from appointments where id = ${res.json().data.id}`,
    );
    expect(row.rows[0]!.utc).toBe('13:00');
    expect(res.json().data.scheduled_at).toBe(`${a.date} 08:00:00`);
    const quick = await post({ patient_id: await newPatient(w), availability_id: a.id });
    expect(quick.json().data.scheduled_at).toBe(`${a.date} 08:30:00`);
  });
});
