import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { agendaPatientNotices } from '../../db/schema/appointments';
import { eventLog } from '../../db/schema/system';
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

const appointmentsOf = async (id: number) =>
  (await w.c.admin({ method: 'GET', url: `/api/appointments?availability_id=${id}` })).json().data as {
    id: number;
    status: string;
    scheduled_at: string;
    cancellation_reason: string | null;
  }[];

describe('transfer an agenda to another date', () => {
  it('move: the agenda and its appointments change day, times kept, status Activa', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(1, 60) });
    await book(w, agenda, '08:00');
    await book(w, agenda, '09:30', { status: 'Pendiente' });
    const newDate = addDays(agenda.date, 2);
    const res = await w.c.reception({
      method: 'POST',
      url: `/api/availabilities/${agenda.id}/transfer`,
      payload: { new_date: newDate, mode: 'move' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Agenda Transferida', appointments_moved: 2 });
    expect(res.json().data).toMatchObject({
      id: agenda.id,
      date: newDate,
      status: 'Activa',
      booked_slots: 1,
    });
    expect((await appointmentsOf(agenda.id)).map((a) => a.scheduled_at)).toEqual([
      `${newDate} 08:00:00`,
      `${newDate} 09:30:00`,
    ]);
  });

  it('PUT with only date and status is the transfer dialog: a move', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(2, 70) });
    await book(w, agenda, '10:00');
    const newDate = addDays(agenda.date, 7);
    const res = await w.c.admin({
      method: 'PUT',
      url: `/api/availabilities/${agenda.id}`,
      payload: { date: newDate, status: 'active' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ date: newDate, status: 'Activa' });
    expect((await appointmentsOf(agenda.id))[0]!.scheduled_at).toBe(`${newDate} 10:00:00`);
  });

  it('copy: a new empty Activa agenda on the new date; the original and its appointments stay', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(3, 80), notes: 'Semanal' });
    await book(w, agenda, '08:00');
    const newDate = addDays(agenda.date, 7);
    const res = await w.c.admin({
      method: 'POST',
      url: `/api/availabilities/${agenda.id}/transfer`,
      payload: { new_date: newDate, mode: 'copy' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Agenda Copiada');
    const copy = res.json().data;
    expect(copy.id).not.toBe(agenda.id);
    expect(copy).toMatchObject({
      date: newDate,
      status: 'Activa',
      booked_slots: 0,
      capacity: 8,
      notes: 'Semanal',
      appointments: [],
    });
    const original = (await w.c.admin({ method: 'GET', url: `/api/availabilities/${agenda.id}` })).json()
      .data;
    expect(original).toMatchObject({ date: agenda.date, booked_slots: 1 });
    // Copying again to the same day would overlap the copy.
    const again = await w.c.admin({
      method: 'POST',
      url: `/api/availabilities/${agenda.id}/transfer`,
      payload: { new_date: newDate, mode: 'copy' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('a cancelled agenda transferred to a future date becomes Activa again', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(4, 90) });
    await w.c.admin({
      method: 'POST',
      url: `/api/availabilities/${agenda.id}/cancel`,
      payload: { message: 'Suspendida' },
    });
    const res = await w.c.admin({
      method: 'POST',
      url: `/api/availabilities/${agenda.id}/transfer`,
      payload: { new_date: addDays(agenda.date, 1) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('Activa');
  });
});

describe('simple reschedule', () => {
  it('new date and hours; appointments keep their place in the agenda and must still fit', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(5, 3), doctor_id: w.drB });
    await book(w, agenda, '08:30', { doctorId: w.drB });
    const date = addDays(agenda.date, 3);
    const reschedule = (start_time: string, end_time: string) =>
      w.c.admin({
        method: 'POST',
        url: `/api/availabilities/${agenda.id}/reschedule`,
        payload: { date, start_time, end_time },
      });
    const tooShort = await reschedule('14:00', '14:45');
    expect(tooShort.statusCode).toBe(409);
    expect(tooShort.json().message).toContain('no caben en el nuevo horario');
    const res = await reschedule('14:00', '16:00');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Agenda reagendada correctamente', appointments_moved: 1 });
    expect(res.json().data).toMatchObject({ date, start_time: '14:00:00', end_time: '16:00:00' });
    expect((await appointmentsOf(agenda.id))[0]!.scheduled_at).toBe(`${date} 14:30:00`);
  });
});

describe('cancel an agenda with a message to the patients', () => {
  it('cancels its live appointments with that reason, releases the slots and leaves one notice per patient', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(1, 100) });
    const a1 = await book(w, agenda, '08:00');
    const a2 = await book(w, agenda, '08:30', { status: 'Pendiente' });
    const done = await book(w, agenda, '09:00', { status: 'Completada' });
    const gone = await book(w, agenda, '09:30', { status: 'Cancelada', cancellationReason: 'Antes' });
    expect(await bookedSlots(w, agenda.id)).toBe(1);
    const message = 'El doctor tiene una calamidad; le contactaremos para reprogramar';
    const res = await w.c.admin({
      method: 'POST',
      url: `/api/availabilities/${agenda.id}/cancel`,
      payload: { message, channel: 'sms' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Agenda Cancelada',
      appointments_cancelled: 2,
      notices_created: 2,
    });
    expect(res.json().data).toMatchObject({ status: 'Cancelada', booked_slots: 0 });
    const byId = new Map((await appointmentsOf(agenda.id)).map((a) => [a.id, a]));
    expect(byId.get(a1.id)).toMatchObject({ status: 'Cancelada', cancellation_reason: message });
    expect(byId.get(a2.id)).toMatchObject({ status: 'Cancelada', cancellation_reason: message });
    expect(byId.get(done.id)).toMatchObject({ status: 'Completada' });
    expect(byId.get(gone.id)).toMatchObject({ status: 'Cancelada', cancellation_reason: 'Antes' });
    const notices = await t.app.deps.db.select().from(agendaPatientNotices);
    const mine = notices.filter((n) => [a1.id, a2.id].includes(n.appointmentId));
    expect(mine).toHaveLength(2);
    expect(mine.every((n) => n.message === message && n.channel === 'sms' && n.status === 'pendiente')).toBe(
      true,
    );
    expect(new Set(mine.map((n) => n.patientId))).toEqual(new Set([a1.patientId, a2.patientId]));
    const events = await t.app.deps.db.select().from(eventLog).where(eq(eventLog.type, 'agenda.cancelled'));
    expect(events.at(-1)!.payload).toEqual({ id: agenda.id });

    const twice = await w.c.admin({
      method: 'POST',
      url: `/api/availabilities/${agenda.id}/cancel`,
      payload: { message },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('a status-only PUT to Cancelada cascades the same way, with a default message', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(2, 110) });
    const a = await book(w, agenda, '11:00');
    const res = await w.c.admin({
      method: 'PUT',
      url: `/api/availabilities/${agenda.id}`,
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'Cancelada', booked_slots: 0 });
    const [appt] = await appointmentsOf(agenda.id);
    expect(appt).toMatchObject({ id: a.id, status: 'Cancelada' });
    expect(appt!.cancellation_reason).toContain('agenda del profesional fue cancelada');
  });

  it('the edit form with status Cancelada applies the edit and then cascades the cancellation', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(4, 120), doctor_id: w.drB });
    await book(w, agenda, '08:00', { doctorId: w.drB });
    const res = await w.c.admin({
      method: 'PUT',
      url: `/api/availabilities/${agenda.id}`,
      payload: {
        doctor_id: w.drB,
        specialty_id: w.generalId,
        location_id: w.northId,
        date: agenda.date,
        start_time: '08:00',
        end_time: '11:00',
        capacity: 6,
        status: 'cancelled',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'Cancelada',
      capacity: 6,
      end_time: '11:00:00',
      booked_slots: 0,
    });
    expect((await appointmentsOf(agenda.id))[0]!.status).toBe('Cancelada');
  });

  it('a status-only PUT reactivates, completes or edits the notes', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(3, 120) });
    const put = (payload: object) =>
      w.c.admin({ method: 'PUT', url: `/api/availabilities/${agenda.id}`, payload });
    expect((await put({ status: 'completed' })).json().data.status).toBe('Completa');
    expect((await put({ status: 'Activa', notes: 'Reabierta' })).json().data).toMatchObject({
      status: 'Activa',
      notes: 'Reabierta',
    });
    expect((await put({ notes: '' })).json().data.notes).toBeNull();
    expect((await put({})).statusCode).toBe(400);
    expect((await put({ status: 'borrada' })).json().message).toBe('Estado de agenda inválido');
  });
});
