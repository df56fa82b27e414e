import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { auditLog, eventLog } from '../../db/schema/system';
import { toErrorResponse } from '../../plugins/errors';
import type { TestApp } from '../../test/helpers';
import * as repo from './repo';
import {
  book,
  createAgenda,
  insertPastAgenda,
  nextWeekday,
  today,
  worldFixture,
  type World,
} from '../../test/factories/world';

const ctx = worldFixture();
let t: TestApp;
let w: World;
beforeAll(() => {
  ({ t, w } = ctx);
});

describe('agenda CRUD', () => {
  it('creates an agenda with names and slot counts, audited and announced with its id only', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(1, 3), notes: 'Consulta externa' });
    expect(agenda).toMatchObject({
      doctor_name: 'Jorge Martínez',
      specialty_name: 'Medicina General',
      location_name: 'Sede Norte',
      start_time: '08:00:00',
      end_time: '12:00:00',
      capacity: 8,
      booked_slots: 0,
      available_slots: 8,
      status: 'Activa',
      notes: 'Consulta externa',
      appointments: [],
      exclude_weekends: true,
      auto_distribute: false,
    });
    const [audit] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'availabilities'), eq(auditLog.recordId, String(agenda.id))))
      .orderBy(auditLog.id);
    expect(audit).toMatchObject({ action: 'create', userId: t.users.admin.id });
    const events = await t.app.deps.db.select().from(eventLog).where(eq(eventLog.channel, 'agendas'));
    expect(events.at(-1)).toMatchObject({ type: 'agenda.created', payload: { id: agenda.id } });
  });

  it('lists with filters, each row with names, available slots and the attended (Completada) count', async () => {
    const date = nextWeekday(2, 3);
    const a = await createAgenda(w, { date, doctor_id: w.drA });
    const b = await createAgenda(w, { date, doctor_id: w.drB, start_time: '14:00', end_time: '18:00' });
    await createAgenda(w, {
      date,
      doctor_id: w.drPed,
      specialty_id: w.pediatricsId,
      start_time: '07:00',
      end_time: '09:00',
    });
    await book(w, a, '08:00');
    await book(w, a, '09:00', { status: 'Completada' });
    await book(w, b, '14:00', { status: 'Cancelada' });
    const list = async (qs: string) =>
      (await w.c.agent({ method: 'GET', url: `/api/availabilities?${qs}` })).json().data as {
        id: number;
        doctor_id: number;
        booked_slots: number;
        available_slots: number;
      }[];
    expect((await list(`date=${date}`)).length).toBe(3);
    expect((await list(`date=${date}&specialty_id=${w.generalId}`)).map((r) => r.id)).toEqual([a.id, b.id]);
    expect((await list(`start_date=${date}&end_date=${date}&doctor_id=${w.drB}`)).map((r) => r.id)).toEqual([
      b.id,
    ]);
    expect((await list(`date=${date}&location_id=${w.southId}`)).length).toBe(0);
    expect((await list(`date=${date}&status=active&doctor_id=${w.drA}`))[0]).toMatchObject({
      booked_slots: 1,
      available_slots: 7,
      completed_slots: 1,
    });
    expect((await list(`date=${date}&doctor_id=${w.drB}`))[0]).toMatchObject({ completed_slots: 0 });
    expect((await list(`date=${date}&status=Cancelada`)).length).toBe(0);
    expect((await list(`date=${date}&specialty_id=all`)).length).toBe(3);
  });

  it('GET one includes its appointments for the details dialog', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(3, 3) });
    const patientId = (await book(w, agenda, '09:30', { reason: 'Dolor lumbar' })).patientId;
    const res = await w.c.agent({ method: 'GET', url: `/api/availabilities/${agenda.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ confirmed_count: 1, slots_in_sync: true, booked_slots: 1 });
    expect(res.json().data.appointments).toEqual([
      expect.objectContaining({
        patient_id: patientId,
        patient_name: 'Paciente de Prueba',
        status: 'Confirmada',
        time: '09:30',
        scheduled_at: `${agenda.date} 09:30:00`,
        duration_minutes: 30,
        reason: 'Dolor lumbar',
      }),
    ]);
    expect((await w.c.doctor({ method: 'GET', url: '/api/availabilities/987654' })).statusCode).toBe(404);
  });

  it('agents and doctors read but do not manage; reception manages', async () => {
    const payload = {
      location_id: w.northId,
      specialty_id: w.generalId,
      doctor_id: w.drB,
      date: nextWeekday(4, 3),
      start_time: '08:00',
      end_time: '09:00',
    };
    expect((await w.c.agent({ method: 'POST', url: '/api/availabilities', payload })).statusCode).toBe(403);
    expect((await w.c.doctor({ method: 'POST', url: '/api/availabilities', payload })).statusCode).toBe(403);
    expect((await w.c.reception({ method: 'POST', url: '/api/availabilities', payload })).statusCode).toBe(
      201,
    );
  });

  it('edits all fields; the appointments follow the agenda to its new time', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(5, 3), doctor_id: w.drB });
    await book(w, agenda, '08:30', { doctorId: w.drB });
    const date = addDays(agenda.date, 7);
    const res = await w.c.reception({
      method: 'PUT',
      url: `/api/availabilities/${agenda.id}`,
      payload: {
        doctor_id: w.drA,
        specialty_id: w.generalId,
        location_id: w.southId,
        date,
        start_time: '10:00',
        end_time: '14:00',
        capacity: 10,
        status: 'active',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      date,
      doctor_id: w.drA,
      location_name: 'Sede Sur',
      capacity: 10,
    });
    expect(res.json().data.appointments[0]).toMatchObject({ scheduled_at: `${date} 10:30:00` });
    const list = await w.c.admin({ method: 'GET', url: `/api/appointments?availability_id=${agenda.id}` });
    expect(list.json().data[0]).toMatchObject({ doctor_id: w.drA, location_id: w.southId });
  });
});

describe('one doctor, no two agendas at the same time', () => {
  it('refuses an overlapping agenda with 409; back-to-back is fine; a cancelled one does not block', async () => {
    const date = nextWeekday(1, 10);
    const first = await createAgenda(w, { date, doctor_id: w.drB, start_time: '08:00', end_time: '12:00' });
    const clash = await w.c.admin({
      method: 'POST',
      url: '/api/availabilities',
      payload: {
        location_id: w.northId,
        specialty_id: w.generalId,
        doctor_id: w.drB,
        date,
        start_time: '11:00',
        end_time: '13:00',
      },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(
      'El doctor ya tiene una agenda que se cruza con ese horario (' + date + ' 08:00–12:00)',
    );
    // Another doctor at the same time, and the same doctor right after, are fine.
    await createAgenda(w, { date, doctor_id: w.drA, start_time: '08:00', end_time: '12:00' });
    await createAgenda(w, { date, doctor_id: w.drB, start_time: '12:00', end_time: '13:00' });
    const cancel = await w.c.admin({
      method: 'POST',
      url: `/api/availabilities/${first.id}/cancel`,
      payload: { message: 'El doctor no asistirá' },
    });
    expect(cancel.statusCode).toBe(200);
    await createAgenda(w, { date, doctor_id: w.drB, start_time: '09:00', end_time: '11:00' });
  });

  it('the exclusion constraint holds when the friendly check is bypassed, and answers a Spanish 409', async () => {
    const date = nextWeekday(2, 10);
    await createAgenda(w, { date, doctor_id: w.drB });
    const err = await repo
      .insert(t.app.deps.db, {
        locationId: w.northId,
        specialtyId: w.generalId,
        doctorId: w.drB,
        date,
        startTime: '10:00',
        endTime: '11:00',
        capacity: 1,
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).not.toBeNull();
    expect(toErrorResponse(err)).toEqual([
      409,
      expect.objectContaining({ message: 'El doctor ya tiene una agenda que se cruza con ese horario' }),
    ]);
  });

  it('two concurrent requests for overlapping agendas: exactly one wins', async () => {
    const date = nextWeekday(3, 10);
    const make = (start: string, end: string) =>
      w.c.admin({
        method: 'POST',
        url: '/api/availabilities',
        payload: {
          location_id: w.northId,
          specialty_id: w.generalId,
          doctor_id: w.drB,
          date,
          start_time: start,
          end_time: end,
        },
      });
    const codes = (await Promise.all([make('08:00', '10:00'), make('09:00', '11:00')])).map(
      (r) => r.statusCode,
    );
    expect(codes.sort()).toEqual([201, 409]);
  });
});

describe('deleting an agenda', () => {
  it('only without live appointments; cancelled appointments keep their history', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(4, 10) });
    const appointment = await book(w, agenda, '08:00');
    const refused = await w.c.admin({ method: 'DELETE', url: `/api/availabilities/${agenda.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('tiene 1 cita(s) no canceladas');
    await w.c.admin({ method: 'POST', url: `/api/appointments/${appointment.id}/cancel`, payload: {} });
    const ok = await w.c.admin({ method: 'DELETE', url: `/api/availabilities/${agenda.id}` });
    expect(ok.statusCode).toBe(200);
    expect((await w.c.admin({ method: 'GET', url: `/api/availabilities/${agenda.id}` })).statusCode).toBe(
      404,
    );
    const kept = await w.c.admin({
      method: 'GET',
      url: `/api/appointments?patient_id=${appointment.patientId}`,
    });
    expect(kept.json().data[0]).toMatchObject({ status: 'Cancelada', availability_id: null });
    expect((await w.c.agent({ method: 'DELETE', url: `/api/availabilities/${agenda.id}` })).statusCode).toBe(
      403,
    );
  });

  it('a doctor with agendas cannot be deleted (friendly 409)', async () => {
    await insertPastAgenda(w, addDays(today(), -30), { doctorId: w.drPed, specialtyId: w.pediatricsId });
    const res = await w.c.admin({ method: 'DELETE', url: `/api/doctors/${w.drPed}` });
    expect(res.statusCode).toBe(409);
  });
});
