import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { localDate } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { appointments } from '../../db/schema/appointments';
import { toErrorResponse } from '../../plugins/errors';
import type { TestApp } from '../../test/helpers';
import {
  book,
  bookedSlots,
  createAgenda,
  newPatient,
  nextWeekday,
  TZ,
  worldFixture,
  type World,
} from '../../test/factories/world';
import * as repo from './repo';
import { insertAppointment } from './service';
import { takeSlot } from './slots';

const ctx = worldFixture();
let t: TestApp;
let w: World;
beforeAll(() => {
  ({ t, w } = ctx);
});

const OVERLAP =
  'Conflicto de agenda: Existe un solapamiento en ese horario (doctor, paciente, sala). Ajusta fecha/hora o duración.';

describe('scheduled_at is wall-clock text in the organisation timezone', () => {
  it(`'2026-12-01 08:00:00' goes in and comes out the same, stored as the Bogotá instant (process TZ ${process.env.TZ ?? 'unset'})`, async () => {
    const patientId = await newPatient(w);
    const row = await t.app.deps.db.transaction((tx) =>
      insertAppointment(tx, TZ, {
        patientId,
        locationId: w.northId,
        specialtyId: w.generalId,
        doctorId: w.drPed,
        scheduledAt: '2026-12-01 08:00:00',
        durationMinutes: 45,
        status: 'Pendiente',
      }),
    );
    expect(row.scheduledAt.toISOString()).toBe('2026-12-01T13:00:00.000Z');
    const stored = await t.app.deps.db.execute(
      sql`select to_char(scheduled_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as utc from appointments where id = ${row.id}`,
    );
    expect(stored.rows[0]).toEqual({ utc: '2026-12-01 13:00:00' });
    const res = await w.c.agent({
      method: 'GET',
      url: `/api/appointments?date=2026-12-01&patient_id=${patientId}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      scheduled_at: '2026-12-01 08:00:00',
      ends_at: '2026-12-01 08:45:00',
      availability_id: null,
      doctor_name: 'Diana Jaimes',
      patient_name: 'Paciente de Prueba',
    });
    // The next local day does not see it, although in UTC it is still 1 December there.
    const next = await w.c.agent({
      method: 'GET',
      url: `/api/appointments?date=2026-12-02&patient_id=${patientId}`,
    });
    expect(next.json().data).toEqual([]);
    const late = await t.app.deps.db.transaction((tx) =>
      insertAppointment(tx, TZ, {
        patientId,
        locationId: w.northId,
        specialtyId: w.generalId,
        doctorId: w.drPed,
        scheduledAt: '2026-12-01T22:30',
        durationMinutes: 30,
        status: 'Pendiente',
      }),
    );
    expect(late.scheduledAt.toISOString()).toBe('2026-12-02T03:30:00.000Z');
    const sameDay = await w.c.agent({
      method: 'GET',
      url: `/api/appointments?date=2026-12-01&patient_id=${patientId}`,
    });
    expect(sameDay.json().data.map((a: { scheduled_at: string }) => a.scheduled_at)).toEqual([
      '2026-12-01 08:00:00',
      '2026-12-01 22:30:00',
    ]);
  });
});

describe('overlap constraints on appointments', () => {
  const base = (patientId: number, at: Date, fields: Partial<repo.AppointmentValues> = {}) => ({
    patientId,
    locationId: w.northId,
    specialtyId: w.generalId,
    doctorId: w.drB,
    scheduledAt: at,
    endsAt: new Date(at.getTime() + 30 * 60_000),
    durationMinutes: 30,
    status: 'Confirmada',
    ...fields,
  });
  const attempt = (values: repo.AppointmentValues) =>
    repo.insert(t.app.deps.db, values).then(
      () => null,
      (e: unknown) => e,
    );

  it('two overlapping appointments of one doctor: the second is refused with a Spanish 409', async () => {
    const at = new Date('2027-03-01T14:00:00Z');
    await repo.insert(t.app.deps.db, base(await newPatient(w), at));
    const err = await attempt(base(await newPatient(w), new Date(at.getTime() + 15 * 60_000)));
    expect(toErrorResponse(err)).toEqual([
      409,
      expect.objectContaining({ success: false, message: OVERLAP }),
    ]);
    // Back to back is fine, and a cancelled one never blocks.
    expect(await attempt(base(await newPatient(w), new Date(at.getTime() + 30 * 60_000)))).toBeNull();
    expect(await attempt(base(await newPatient(w), at, { status: 'Cancelada' }))).toBeNull();
  });

  it('the same patient with two doctors at once, and one room twice, are refused too', async () => {
    const at = new Date('2027-03-02T14:00:00Z');
    const patientId = await newPatient(w);
    await repo.insert(t.app.deps.db, base(patientId, at, { roomId: 7 }));
    const samePatient = await attempt(base(patientId, at, { doctorId: w.drA }));
    expect(toErrorResponse(samePatient)?.[0]).toBe(409);
    const sameRoom = await attempt(base(await newPatient(w), at, { doctorId: w.drA, roomId: 7 }));
    expect(toErrorResponse(sameRoom)?.[1].message).toBe(OVERLAP);
    expect(await attempt(base(await newPatient(w), at, { doctorId: w.drA, roomId: 8 }))).toBeNull();
  });
});

describe('slot accounting', () => {
  it('takeSlot stops at capacity with 409 and never on a non-active agenda', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(1, 3), capacity: 2, doctor_id: w.drB });
    await t.app.deps.db.transaction((tx) => takeSlot(tx, agenda.id));
    await t.app.deps.db.transaction((tx) => takeSlot(tx, agenda.id));
    const full = await t.app.deps.db.transaction((tx) => takeSlot(tx, agenda.id)).catch((e: unknown) => e);
    expect(toErrorResponse(full)).toEqual([
      409,
      expect.objectContaining({ message: 'No hay cupos disponibles en esta agenda' }),
    ]);
    expect(await bookedSlots(w, agenda.id)).toBe(2);
  });

  it('concurrent bookings for the last slot: one wins', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(2, 3), capacity: 1, doctor_id: w.drB });
    const results = await Promise.allSettled([
      book(w, { ...agenda, doctor_id: w.drB }, '08:00', { doctorId: w.drB }),
      book(w, { ...agenda, doctor_id: w.drB }, '09:00', { doctorId: w.drB }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await bookedSlots(w, agenda.id)).toBe(1);
  });
});

describe('GET /appointments and cancelling one', () => {
  it('filters by status, agenda, doctor and dates', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(3, 3) });
    const a = await book(w, agenda, '08:00');
    await book(w, agenda, '08:30', { status: 'Pendiente' });
    const list = async (qs: string) =>
      (await w.c.agent({ method: 'GET', url: `/api/appointments?${qs}` })).json() as {
        data: { id: number; status: string }[];
        total: number;
      };
    expect((await list(`availability_id=${agenda.id}`)).total).toBe(2);
    expect((await list(`availability_id=${agenda.id}&status=confirmed`)).data.map((x) => x.id)).toEqual([
      a.id,
    ]);
    expect((await list(`start_date=${agenda.date}&end_date=${agenda.date}&doctor_id=${w.drA}`)).total).toBe(
      2,
    );
    expect((await list(`patient_id=${a.patientId}`)).data[0]).toMatchObject({
      id: a.id,
      status: 'Confirmada',
    });
    expect((await w.c.doctor({ method: 'GET', url: '/api/appointments?status=perdida' })).statusCode).toBe(
      400,
    );
  });

  it("cancels with 'Cita cancelada por el administrativo' by default and gives the slot back", async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(4, 3) });
    const a = await book(w, agenda, '08:00');
    const b = await book(w, agenda, '08:30', { status: 'Pendiente' });
    expect(await bookedSlots(w, agenda.id)).toBe(1);
    const res = await w.c.agent({ method: 'POST', url: `/api/appointments/${a.id}/cancel`, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Cita cancelada',
      data: { status: 'Cancelada', cancellation_reason: 'Cita cancelada por el administrativo' },
    });
    expect(await bookedSlots(w, agenda.id)).toBe(0);
    const withReason = await w.c.admin({
      method: 'POST',
      url: `/api/appointments/${b.id}/cancel`,
      payload: { reason: 'Paciente viajó' },
    });
    expect(withReason.json().data.cancel_reason).toBe('Paciente viajó');
    expect(await bookedSlots(w, agenda.id)).toBe(0);
    const again = await w.c.admin({ method: 'POST', url: `/api/appointments/${a.id}/cancel`, payload: {} });
    expect(again.statusCode).toBe(409);
    const done = await book(w, agenda, '09:00', { status: 'Completada' });
    expect((await w.c.admin({ method: 'POST', url: `/api/appointments/${done.id}/cancel` })).statusCode).toBe(
      409,
    );
    expect(
      (await w.c.doctor({ method: 'POST', url: `/api/appointments/${done.id}/cancel`, payload: {} }))
        .statusCode,
    ).toBe(403);
    expect(
      (await w.c.admin({ method: 'POST', url: '/api/appointments/987654/cancel', payload: {} })).statusCode,
    ).toBe(404);
    const [row] = await t.app.deps.db.select().from(appointments).where(eq(appointments.id, a.id));
    expect(row!.cancelledAt).toBeInstanceOf(Date);
  });
});

describe('calendar summary', () => {
  it('counts non-cancelled appointments and agendas per day; the current month by default', async () => {
    const date = nextWeekday(5, 40);
    const agenda = await createAgenda(w, { date });
    await book(w, agenda, '08:00');
    await book(w, agenda, '08:30', { status: 'Cancelada' });
    const res = await w.c.agent({
      method: 'GET',
      url: `/api/appointments/summary?start=${date}&end=${addDays(date, 1)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().by_day).toEqual([
      { date, appointments: 1, availabilities: 1 },
      { date: addDays(date, 1), appointments: 0, availabilities: 0 },
    ]);
    const month = (await w.c.agent({ method: 'GET', url: '/api/appointments/summary' })).json().data;
    const thisMonth = localDate(new Date(), TZ).slice(0, 7);
    expect(month.start).toBe(`${thisMonth}-01`);
    expect(month.end.slice(0, 7)).toBe(thisMonth);
    expect(addDays(month.end, 1).slice(8)).toBe('01');
    const backwards = await w.c.agent({
      method: 'GET',
      url: `/api/appointments/summary?start=${date}&end=${addDays(date, -1)}`,
    });
    expect(backwards.statusCode).toBe(400);
  });
});

describe('calendar summary counted per instant, then per local day', () => {
  it('several appointments at one time, a late evening that is already the next day in UTC, every status', async () => {
    const day = '2031-06-10';
    const at = async (
      date: string,
      time: string,
      doctorId: number,
      status: 'Pendiente' | 'Confirmada' | 'Completada' | 'Cancelada',
    ) => {
      const patientId = await newPatient(w);
      return t.app.deps.db.transaction((tx) =>
        insertAppointment(tx, TZ, {
          patientId,
          locationId: w.northId,
          specialtyId: w.generalId,
          doctorId,
          scheduledAt: `${date} ${time}:00`,
          durationMinutes: 30,
          status,
        }),
      );
    };
    // The day before: its last minutes are the range's first UTC hours, yet not in the range.
    await at(addDays(day, -1), '23:30', w.drA, 'Confirmada');
    // Three doctors at one time, and a cancelled one beside them that is not counted.
    await at(day, '08:00', w.drA, 'Confirmada');
    await at(day, '08:00', w.drB, 'Pendiente');
    await at(day, '08:00', w.drPed, 'Completada');
    await at(day, '08:00', w.drA, 'Cancelada');
    // 22:30 in Bogotá is 03:30 of the next day in UTC: it belongs to the local day.
    const late = await at(day, '22:30', w.drA, 'Confirmada');
    expect(late.scheduledAt.toISOString()).toBe('2031-06-11T03:30:00.000Z');
    await at(addDays(day, 1), '00:00', w.drB, 'Pendiente');
    await at(addDays(day, 1), '00:00', w.drPed, 'Cancelada');
    // After the range.
    await at(addDays(day, 3), '07:00', w.drA, 'Confirmada');
    const res = await w.c.agent({
      method: 'GET',
      url: `/api/appointments/summary?start=${day}&end=${addDays(day, 2)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().by_day).toEqual([
      { date: day, appointments: 4, availabilities: 0 },
      { date: addDays(day, 1), appointments: 1, availabilities: 0 },
      { date: addDays(day, 2), appointments: 0, availabilities: 0 },
    ]);
  });
});
