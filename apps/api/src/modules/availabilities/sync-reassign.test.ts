import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { appointments } from '../../db/schema/appointments';
import type { TestApp } from '../../test/helpers';
import {
  book,
  bookedSlots,
  createAgenda,
  nextWeekday,
  worldFixture,
  type World,
} from '../../test/factories/world';

const ctx = worldFixture();
let t: TestApp;
let w: World;
beforeAll(() => {
  ({ t, w } = ctx);
});

const drift = (id: number, value: number) =>
  t.app.deps.db.execute(sql`update availabilities set booked_slots = ${value} where id = ${id}`);

describe('slot sync', () => {
  it('sync-slots sets booked_slots back to the Confirmada count', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(1, 3) });
    await book(w, agenda, '08:00');
    await book(w, agenda, '08:30');
    await book(w, agenda, '09:00', { status: 'Pendiente' });
    await drift(agenda.id, 5);
    const detail = (await w.c.admin({ method: 'GET', url: `/api/availabilities/${agenda.id}` })).json().data;
    expect(detail).toMatchObject({ booked_slots: 5, confirmed_count: 2, slots_in_sync: false });
    const res = await w.c.reception({ method: 'POST', url: `/api/availabilities/${agenda.id}/sync-slots` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ updated: 1, booked_slots: 2, previous_booked_slots: 5 });
    expect(await bookedSlots(w, agenda.id)).toBe(2);
    const again = await w.c.reception({ method: 'POST', url: `/api/availabilities/${agenda.id}/sync-slots` });
    expect(again.json().data.updated).toBe(0);
    expect(
      (await w.c.agent({ method: 'POST', url: `/api/availabilities/${agenda.id}/sync-slots` })).statusCode,
    ).toBe(403);
  });

  it('sync-all fixes every drifted agenda', async () => {
    const a = await createAgenda(w, { date: nextWeekday(2, 3) });
    const b = await createAgenda(w, { date: nextWeekday(2, 3), doctor_id: w.drB });
    await book(w, a, '10:00');
    await drift(a.id, 0);
    await drift(b.id, 3);
    const res = await w.c.admin({ method: 'POST', url: '/api/availabilities/sync-all', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.updated).toBeGreaterThanOrEqual(2);
    expect(await bookedSlots(w, a.id)).toBe(1);
    expect(await bookedSlots(w, b.id)).toBe(0);
  });
});

describe('sync appointment times', () => {
  it('lays the non-cancelled appointments one after another from the start time', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(3, 3), start_time: '07:00', end_time: '11:00' });
    await book(w, agenda, '08:15', { durationMinutes: 20 });
    await book(w, agenda, '09:00', { durationMinutes: 45, status: 'Pendiente' });
    await book(w, agenda, '09:00', { durationMinutes: 30, status: 'Cancelada' });
    await book(w, agenda, '10:30', { durationMinutes: 30 });
    const res = await w.c.admin({
      method: 'POST',
      url: `/api/availabilities/${agenda.id}/sync-appointment-times`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { updated: 3, total: 3 },
      message: '3 citas sincronizadas correctamente',
    });
    const list = (
      await w.c.admin({ method: 'GET', url: `/api/appointments?availability_id=${agenda.id}` })
    ).json().data;
    const live = list.filter((a: { status: string }) => a.status !== 'Cancelada');
    expect(live.map((a: { scheduled_at: string }) => a.scheduled_at.slice(11))).toEqual([
      '07:00:00',
      '07:20:00',
      '08:05:00',
    ]);
    const again = await w.c.admin({
      method: 'POST',
      url: `/api/availabilities/${agenda.id}/sync-appointment-times`,
    });
    expect(again.json().data.updated).toBe(0);
  });

  it('moving appointments through each other is fine within the transaction', async () => {
    // 07:30 and 08:00 laid out from 07:45 pass through an overlap of the two that is gone at commit.
    const agenda = await createAgenda(w, { date: nextWeekday(4, 3), start_time: '07:45', end_time: '10:00' });
    await book(w, agenda, '07:00', { durationMinutes: 30 });
    await book(w, agenda, '08:00', { durationMinutes: 30 });
    const res = await w.c.admin({
      method: 'POST',
      url: `/api/availabilities/${agenda.id}/sync-appointment-times`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.updated).toBe(2);
  });

  it("an agenda without appointments answers 'Aviso: No hay citas para sincronizar'", async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(5, 3) });
    const res = await w.c.admin({
      method: 'POST',
      url: `/api/availabilities/${agenda.id}/sync-appointment-times`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { updated: 0 },
      message: 'Aviso: No hay citas para sincronizar',
    });
  });
});

describe('reassign an appointment to another agenda', () => {
  it('lists candidates: same specialty, Activa, from today, with room', async () => {
    const date = nextWeekday(1, 10);
    const source = await createAgenda(w, { date });
    const other = await createAgenda(w, { date, doctor_id: w.drB, start_time: '14:00', end_time: '16:00' });
    const full = await createAgenda(w, { date: addDays(date, 1), doctor_id: w.drB, capacity: 1 });
    await book(w, { ...full, doctor_id: w.drB }, '08:00', { doctorId: w.drB });
    await createAgenda(w, { date, doctor_id: w.drPed, specialty_id: w.pediatricsId });
    const res = await w.c.agent({
      method: 'GET',
      url: `/api/availabilities/${source.id}/available-for-reassignment`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().specialty_name).toBe('Medicina General');
    const ids = res.json().data.available_agendas.map((a: { id: number }) => a.id);
    expect(ids).toContain(other.id);
    expect(ids).not.toContain(source.id);
    expect(ids).not.toContain(full.id);
    expect(res.json().data.available_agendas.find((a: { id: number }) => a.id === other.id)).toMatchObject({
      doctor_name: 'María Villamizar',
      location_name: 'Sede Norte',
      available_slots: 8,
      booked_slots: 0,
    });
  });

  it('moves a Confirmada appointment to the first free time of the target, slots moving with it', async () => {
    const date = nextWeekday(2, 10);
    const source = await createAgenda(w, { date });
    const target = await createAgenda(w, { date, doctor_id: w.drB, start_time: '14:00', end_time: '16:00' });
    await book(w, { ...target, doctor_id: w.drB }, '14:00', { doctorId: w.drB });
    const appt = await book(w, source, '09:00');
    const res = await w.c.reception({
      method: 'POST',
      url: '/api/availabilities/reassign-appointment',
      payload: { appointment_id: appt.id, new_availability_id: target.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Reasignación exitosa',
      data: {
        patient_name: 'Paciente de Prueba',
        new_availability_id: target.id,
        scheduled_at: `${date} 14:30:00`,
      },
    });
    expect(await bookedSlots(w, source.id)).toBe(0);
    expect(await bookedSlots(w, target.id)).toBe(2);
    const [row] = await t.app.deps.db.select().from(appointments).where(eq(appointments.id, appt.id));
    expect(row).toMatchObject({ availabilityId: target.id, doctorId: w.drB });
  });

  it('into a full agenda: 409 and nothing moves', async () => {
    const date = nextWeekday(3, 10);
    const source = await createAgenda(w, { date });
    const target = await createAgenda(w, { date, doctor_id: w.drB, capacity: 1 });
    await book(w, { ...target, doctor_id: w.drB }, '08:00', { doctorId: w.drB });
    const appt = await book(w, source, '09:00');
    const snapshot = async () => ({
      source: (await w.c.admin({ method: 'GET', url: `/api/availabilities/${source.id}` })).json().data,
      target: (await w.c.admin({ method: 'GET', url: `/api/availabilities/${target.id}` })).json().data,
      appointment: (await t.app.deps.db.select().from(appointments).where(eq(appointments.id, appt.id)))[0],
    });
    const before = await snapshot();
    const res = await w.c.admin({
      method: 'POST',
      url: '/api/availabilities/reassign-appointment',
      payload: { appointment_id: appt.id, new_availability_id: target.id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No hay cupos disponibles en esta agenda');
    const after = await snapshot();
    expect(after.source.booked_slots).toBe(1);
    expect(after.target.booked_slots).toBe(1);
    expect(after.appointment).toEqual(before.appointment);
  });

  it('refuses a missing target, another specialty and a non-Confirmada appointment', async () => {
    const date = nextWeekday(4, 10);
    const source = await createAgenda(w, { date });
    const ped = await createAgenda(w, { date, doctor_id: w.drPed, specialty_id: w.pediatricsId });
    const appt = await book(w, source, '08:00');
    const pending = await book(w, source, '08:30', { status: 'Pendiente' });
    const post = (payload: object) =>
      w.c.admin({ method: 'POST', url: '/api/availabilities/reassign-appointment', payload });
    const missing = await post({ appointment_id: appt.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Debe seleccionar una agenda de destino');
    expect((await post({ appointment_id: appt.id, new_availability_id: ped.id })).json().message).toBe(
      'La agenda de destino debe ser de la misma especialidad',
    );
    expect((await post({ appointment_id: pending.id, new_availability_id: ped.id })).json().message).toBe(
      'Solo se pueden reasignar citas confirmadas',
    );
    expect((await post({ appointment_id: 987654, new_availability_id: ped.id })).statusCode).toBe(404);
  });
});
