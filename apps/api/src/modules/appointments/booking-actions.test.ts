import { beforeAll, describe, expect, it } from 'vitest';
import { bookingFixture, OVERLAP } from './booking-test-setup';
import { attendAnyTime, bookedSlots, newPatient, nextWeekday, type World } from '../../test/factories/world';

const fixture = bookingFixture();
const { agenda, post, audits } = fixture;
let w: World;
beforeAll(async () => {
  ({ w } = fixture.ctx);
  // The appointments are booked weeks ahead; when they may be attended is attend-time.test.ts's concern.
  await attendAnyTime(fixture.ctx.t);
});

describe('status transitions (spec §4)', () => {
  async function standalone(status?: string) {
    const date = nextWeekday(1, 300 + 7 * fixture.nextWeek());
    const res = await post({
      patient_id: await newPatient(w),
      location_id: w.northId,
      specialty_id: w.generalId,
      doctor_id: w.drB,
      scheduled_at: `${date} 09:00`,
      ...(status ? { status } : {}),
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as number;
  }
  const put = (id: number, payload: object) =>
    w.c.reception({ method: 'PUT', url: `/api/appointments/${id}`, payload });
  const restore = (id: number) => w.c.reception({ method: 'POST', url: `/api/appointments/${id}/restore` });
  const cancel = (id: number) =>
    w.c.reception({ method: 'POST', url: `/api/appointments/${id}/cancel`, payload: {} });

  it('Pendiente → Confirmada takes the slot; → Completada frees it (booked_slots counts Confirmada only)', async () => {
    const a = await agenda({ capacity: 1 });
    const res = await post({ patient_id: await newPatient(w), availability_id: a.id, status: 'Pendiente' });
    const id = res.json().data.id as number;
    expect(res.json().data.status).toBe('Pendiente');
    expect(await bookedSlots(w, a.id)).toBe(0);
    const confirmed = await put(id, { status: 'confirmed' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.status).toBe('Confirmada');
    expect(await bookedSlots(w, a.id)).toBe(1);
    expect((await put(id, { status: 'Completada' })).json().data.status).toBe('Completada');
    expect(await bookedSlots(w, a.id)).toBe(0);
    expect(await audits(id)).toEqual(['create', 'confirm', 'complete']);
  });

  it.each([
    ['Completada', { status: 'Cancelada' }, 'No se puede cancelar una cita completada'],
    ['Completada', { status: 'Confirmada' }, 'No se puede modificar una cita completada'],
    ['Completada', { notes: 'cambio' }, 'No se puede modificar una cita completada'],
    ['Completada', { status: 'Completada' }, 'La cita ya está completada'],
    ['Cancelada', { status: 'Completada' }, 'Una cita cancelada solo puede restaurarse'],
    ['Cancelada', { status: 'Pendiente' }, 'Una cita cancelada solo puede restaurarse'],
    ['Cancelada', { status: 'Cancelada' }, 'La cita ya está cancelada'],
    ['Cancelada', { reason: 'otro' }, 'Una cita cancelada solo puede restaurarse'],
    ['Confirmada', { status: 'Pendiente' }, 'Una cita confirmada no puede volver a pendiente'],
    ['Confirmada', { status: 'Confirmada' }, 'La cita ya está confirmada'],
    ['Pendiente', { status: 'Completada' }, 'Solo se pueden completar citas confirmadas'],
    ['Pendiente', { status: 'Pendiente' }, 'La cita ya está pendiente'],
  ])('%s with %j → 409 %s', async (from, payload, message) => {
    const id = await standalone(from === 'Pendiente' ? undefined : 'Confirmada');
    if (from === 'Completada') expect((await put(id, { status: 'Completada' })).statusCode).toBe(200);
    if (from === 'Cancelada')
      expect((await put(id, { status: 'Cancelada', cancel_reason: 'x' })).statusCode).toBe(200);
    const res = await put(id, payload);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(message);
  });

  it('restore and cancel refuse the wrong status with Spanish messages', async () => {
    const confirmed = await standalone('Confirmada');
    expect((await restore(confirmed)).json()).toMatchObject({
      success: false,
      message: 'Solo se pueden restaurar citas canceladas',
    });
    expect((await restore(confirmed)).statusCode).toBe(409);
    const pending = await standalone();
    expect((await restore(pending)).json().message).toBe('Solo se pueden restaurar citas canceladas');
    const done = await standalone('Confirmada');
    await put(done, { status: 'Completada' });
    expect((await cancel(done)).json().message).toBe('No se puede cancelar una cita completada');
    expect((await restore(done)).statusCode).toBe(409);
    expect((await restore(999_999)).statusCode).toBe(404);
  });

  it('PUT with the status unchanged and other edits is an edit; cancel_reason is kept', async () => {
    const id = await standalone('Confirmada');
    const res = await put(id, { status: 'Confirmada', notes: 'Trae exámenes' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.notes).toBe('Trae exámenes');
    const cancelled = await put(id, { status: 'Cancelada', cancel_reason: 'Paciente viajó' });
    expect(cancelled.json().data).toMatchObject({ status: 'Cancelada', cancel_reason: 'Paciente viajó' });
    expect(await audits(id)).toEqual(['create', 'update', 'cancel']);
  });

  it('cancel then restore: the slot comes back; restore is refused when the slot or the time is gone', async () => {
    const a = await agenda({ capacity: 1 });
    const id = (await post({ patient_id: await newPatient(w), availability_id: a.id })).json().data
      .id as number;
    expect((await cancel(id)).json().data.status).toBe('Cancelada');
    expect(await bookedSlots(w, a.id)).toBe(0);
    const restored = await restore(id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      message: 'Cita restaurada',
      data: { status: 'Confirmada', cancel_reason: null },
    });
    expect(await bookedSlots(w, a.id)).toBe(1);

    await cancel(id);
    const taker = await post({
      patient_id: await newPatient(w),
      availability_id: a.id,
      scheduled_at: `${a.date} 10:00`,
    });
    expect(taker.statusCode).toBe(201);
    const noSlot = await restore(id);
    expect(noSlot.statusCode).toBe(409);
    expect(noSlot.json().message).toBe(
      'No se puede restaurar la cita: la agenda ya no tiene cupos disponibles',
    );

    // A standalone appointment whose time was taken by the doctor meanwhile.
    const date = nextWeekday(4, 400);
    const base = {
      location_id: w.northId,
      specialty_id: w.generalId,
      doctor_id: w.drB,
      scheduled_at: `${date} 09:00`,
    };
    const s1 = (await post({ ...base, patient_id: await newPatient(w) })).json().data.id as number;
    await cancel(s1);
    expect((await post({ ...base, patient_id: await newPatient(w) })).statusCode).toBe(201);
    const taken = await restore(s1);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'No se puede restaurar la cita: el horario ya está ocupado (doctor, paciente o sala)',
    );
    expect(await audits(id)).toEqual(['create', 'cancel', 'restore', 'cancel']);
  });

  it('moving an appointment stays within its agenda and checks overlaps', async () => {
    const a = await agenda();
    const one = (await post({ patient_id: await newPatient(w), availability_id: a.id })).json().data
      .id as number;
    const two = (await post({ patient_id: await newPatient(w), availability_id: a.id })).json().data
      .id as number;
    expect((await put(two, { scheduled_at: `${a.date} 08:15` })).json().message).toBe(OVERLAP);
    expect((await put(two, { scheduled_at: `${a.date} 12:00` })).json().message).toBe(
      'La cita debe terminar a más tardar a las 12:00',
    );
    const moved = await put(two, { scheduled_at: `${a.date} 11:00`, duration_minutes: 60 });
    expect(moved.json().data).toMatchObject({
      scheduled_at: `${a.date} 11:00:00`,
      ends_at: `${a.date} 12:00:00`,
    });
    expect((await put(one, {})).statusCode).toBe(400);
  });
});
